/**
 * The client side of SCRAM-SHA-256/512 (RFC 5802 / RFC 7677) for the broker suite, with
 * node:crypto (available on Deno, Bun and Node). Test code only: the library itself carries the
 * SASL tokens and leaves the mechanism math to the application.
 *
 * @module
 */

import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";

/** A SCRAM mechanism Kafka supports. */
export type ScramMechanism = "SCRAM-SHA-256" | "SCRAM-SHA-512";

const HASH = {
  "SCRAM-SHA-256": { name: "sha256", size: 32 },
  "SCRAM-SHA-512": { name: "sha512", size: 64 },
} as const;

/** RFC 5802 saslname escaping: "=" and "," are not allowed raw in the username. */
function saslName(user: string): string {
  return user.replaceAll("=", "=3D").replaceAll(",", "=2C");
}

function hmac(alg: string, key: Uint8Array, data: string | Uint8Array): Buffer {
  return createHmac(alg, key).update(data).digest();
}

function xor(a: Uint8Array, b: Uint8Array): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] ^ b[i];
  return out;
}

function attrs(message: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const part of message.split(",")) {
    const eq = part.indexOf("=");
    if (eq > 0) m.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return m;
}

/** RFC 5802 SaltedPassword = Hi(password, salt, i): what AlterUserScramCredentials stores. */
export function scramSaltedPassword(
  mechanism: ScramMechanism,
  password: string,
  salt: Uint8Array,
  iterations: number,
): Uint8Array {
  const { name, size } = HASH[mechanism];
  return pbkdf2Sync(password, salt, iterations, size, name);
}

/** One SCRAM client exchange: first message, final message from the server's first, and the server's proof check. */
export class ScramClient {
  readonly mechanism: ScramMechanism;
  readonly #user: string;
  readonly #password: string;
  readonly #nonce: string;
  #clientFirstBare = "";
  #serverSignature: Buffer | undefined;

  readonly #extensions: string;

  /**
   * `extensions` are appended to client-first-message as `,key=value` (RFC 5802 reserves that
   * place for them); Kafka reads `tokenauth=true` there for delegation-token logins.
   */
  constructor(
    mechanism: ScramMechanism,
    user: string,
    password: string,
    options?: { nonce?: string; extensions?: Record<string, string> },
  ) {
    this.mechanism = mechanism;
    this.#user = user;
    this.#password = password;
    this.#nonce = options?.nonce ?? randomBytes(24).toString("base64").replace(/[=,]/g, "");
    this.#extensions = Object.entries(options?.extensions ?? {}).map(([k, v]) => `,${k}=${v}`).join("");
  }

  /** client-first-message (no channel binding, no authzid). */
  first(): Uint8Array {
    this.#clientFirstBare = `n=${saslName(this.#user)},r=${this.#nonce}${this.#extensions}`;
    return new TextEncoder().encode(`n,,${this.#clientFirstBare}`);
  }

  /** client-final-message for the server-first-message; throws if the server's nonce is not ours extended. */
  final(serverFirst: Uint8Array): Uint8Array {
    const text = new TextDecoder().decode(serverFirst);
    const a = attrs(text);
    const nonce = a.get("r") ?? "";
    const salt = Buffer.from(a.get("s") ?? "", "base64");
    const iterations = Number(a.get("i"));
    if (!nonce.startsWith(this.#nonce) || nonce.length === this.#nonce.length) {
      throw new Error(`SCRAM server nonce ${JSON.stringify(nonce)} does not extend ours`);
    }
    if (!Number.isInteger(iterations) || iterations < 1 || salt.length === 0) {
      throw new Error(`SCRAM server-first-message is malformed: ${JSON.stringify(text)}`);
    }
    const { name, size } = HASH[this.mechanism];
    const salted = pbkdf2Sync(this.#password, salt, iterations, size, name);
    const clientKey = hmac(name, salted, "Client Key");
    const storedKey = createHash(name).update(clientKey).digest();
    const withoutProof = `c=biws,r=${nonce}`;
    const authMessage = `${this.#clientFirstBare},${text},${withoutProof}`;
    const clientSignature = hmac(name, storedKey, authMessage);
    const serverKey = hmac(name, salted, "Server Key");
    this.#serverSignature = hmac(name, serverKey, authMessage);
    const proof = xor(clientKey, clientSignature).toString("base64");
    return new TextEncoder().encode(`${withoutProof},p=${proof}`);
  }

  /** Checks the server-final-message's signature (the server proves it knows the password too). */
  verify(serverFinal: Uint8Array): void {
    const a = attrs(new TextDecoder().decode(serverFinal));
    if (a.has("e")) throw new Error(`SCRAM server error: ${a.get("e")}`);
    const v = Buffer.from(a.get("v") ?? "", "base64");
    if (
      this.#serverSignature === undefined || v.length !== this.#serverSignature.length ||
      !timingSafeEqual(v, this.#serverSignature)
    ) {
      throw new Error("SCRAM server signature does not verify");
    }
  }
}
