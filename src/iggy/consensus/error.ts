/**
 * The crate's `ConsensusError` rejections as {@linkcode WireError}s: each keeps the crate's own
 * reason text as `detail`, and maps to the code the conformance oracle gives it
 * (seal mismatches `CHECKSUM_MISMATCH`, unknown enum bytes `UNKNOWN_DISCRIMINANT` or
 * `UNKNOWN_COMMAND`, every field or size rule `INVALID_VALUE`).
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import { commandName } from "./command.ts";

const CONTEXT = "consensus header";

function hex128(v: bigint): string {
  return "0x" + v.toString(16).padStart(32, "0");
}

function hex8(v: number): string {
  return "0x" + v.toString(16).padStart(2, "0");
}

function name(command: number): string {
  return commandName(command) ?? String(command);
}

/** `InvalidCommand`: a known command byte that is not this header type's. */
export function invalidCommandError(expected: number, found: number): WireError {
  return new WireError("INVALID_VALUE", {
    context: CONTEXT,
    detail: `invalid command: expected ${name(expected)}, found ${name(found)}`,
  });
}

/** `InvalidSize`: a `size` the header type pins. */
export function invalidSizeError(expected: number, found: number): WireError {
  return new WireError("INVALID_VALUE", {
    context: CONTEXT,
    detail: `invalid size: expected ${expected}, found ${found}`,
  });
}

/** `InvalidField`: a field rule of `validate`. */
export function invalidFieldError(text: string): WireError {
  return new WireError("INVALID_VALUE", { context: CONTEXT, detail: `invalid field: ${text}` });
}

/** `InvalidChecksum`: a prepare whose `checksum` is not its identity. */
export function invalidChecksumError(): WireError {
  return new WireError("CHECKSUM_MISMATCH", { context: CONTEXT, detail: "invalid checksum" });
}

/** `CommitInvalidCommand`. */
export function commitInvalidCommandError(): WireError {
  return new WireError("INVALID_VALUE", { context: CONTEXT, detail: "command must be Commit" });
}

/** `CommitInvalidSize`. */
export function commitInvalidSizeError(size: number): WireError {
  return new WireError("INVALID_VALUE", { context: CONTEXT, detail: `size must be 256, found ${size}` });
}

/** `ReplyInvalidCommand`. */
export function replyInvalidCommandError(): WireError {
  return new WireError("INVALID_VALUE", { context: CONTEXT, detail: "command must be Reply" });
}

/** `FrameChecksumMismatch`: the stored seal does not cover the header bytes. */
export function frameChecksumMismatchError(command: number, expected: bigint, found: bigint): WireError {
  let detail = `${name(command)}: header checksum ${hex128(found)} does not cover the frame (expected ${
    hex128(expected)
  })`;
  if (found === 0n) {
    detail += ". A zeroed checksum is the signature of a peer predating the frame seal, which is a hard " +
      "version break: replicas must be upgraded together, with the cluster down";
  }
  return new WireError("CHECKSUM_MISMATCH", { context: CONTEXT, detail });
}

/** `InvalidBitPattern` on the command byte: no header layout has this command. */
export function unknownCommandError(): WireError {
  return new WireError("UNKNOWN_COMMAND", {
    context: CONTEXT,
    offset: 60,
    detail: "invalid bit pattern in header (enum discriminant out of range)",
  });
}

/** `InvalidBitPattern` on another enum byte (eviction reason, outcome, kind). */
export function invalidBitPatternError(offset: number): WireError {
  return new WireError("UNKNOWN_DISCRIMINANT", {
    context: CONTEXT,
    offset,
    detail: "invalid bit pattern in header (enum discriminant out of range)",
  });
}

/** `UnsupportedOperation`: an operation byte this build does not define. */
export function unsupportedOperationError(operation: number, offset: number): WireError {
  return new WireError("UNKNOWN_DISCRIMINANT", {
    context: CONTEXT,
    offset,
    detail: `operation ${hex8(operation)} is not known to this build; the sender likely runs another release`,
  });
}

/** Fewer than 256 bytes where a header was expected (the crate's `UnexpectedEof` shape). */
export function shortHeaderError(have: number): WireError {
  return new WireError("TRUNCATED", {
    context: CONTEXT,
    offset: 0,
    need: 256,
    have,
    incomplete: true,
    detail: `unexpected end of buffer at offset 0: need 256 bytes, have ${have}`,
  });
}
