/**
 * The command table of each protocol revision: edge.3's (`commandCodecs`) with what a revision
 * adds, replaces or lacks. A code that belongs to another revision is `UNKNOWN_COMMAND` naming
 * the revision it looks like; docs/iggy-revisions.md has the evidence for each entry.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import type { CommandCodecs, PayloadCodec } from "../codec.ts";
import { commandCodecs } from "../dispatch.ts";
import { type IggyRevision, iggyRevision } from "../revision.ts";
import { edge8Commands, edge8Responses, FETCH_MESSAGES_CODE, otherRevisionCommand } from "./edge8.ts";
import { V011_OPERATIONS, v011Commands, v011Requests, v011Responses } from "./v0_11_0.ts";
import { requestCodeOf } from "../command_table.ts";
import { isResultFramedOperation, type Operation } from "../consensus/operation.ts";

/** Client command codes only the 0.11.0 crate has (retired from edge.3 on). */
const ONLY_0_11_0: ReadonlyMap<number, string> = /* @__PURE__ */ new Map([
  [14, "AttachConsumerSession"],
  [35, "UpdateUser"],
  [102, "FlushUnsavedBuffer"],
  [103, "GetPollRouting"],
  [104, "PollMessagesOnPrimary"],
  [123, "GetConsumerOffsetRouting"],
  [204, "UpdateStream"],
  [205, "PurgeStream"],
  [304, "UpdateTopic"],
  [305, "PurgeTopic"],
]);

/** Client command codes edge.3 introduced over 0.11.0. */
const SINCE_EDGE_3: ReadonlyMap<number, string> = /* @__PURE__ */ new Map([
  [15, "BindSession"],
  [16, "UpdateResource"],
  [17, "GetMetadataChanges"],
  [105, "GetPartitionRoute"],
]);

/** Client command codes edge.8 introduced over edge.3. */
const SINCE_EDGE_8: ReadonlyMap<number, string> = /* @__PURE__ */ new Map([
  [106, "PollMessagesDeferred"],
  [108, "CancelDeferredRequest"],
  [FETCH_MESSAGES_CODE, "FetchMessages"],
]);

/**
 * Commands whose 0.11.0 request or response layout differs from edge.3's and that have no
 * 0.11.0 codec here yet (docs/iggy-revisions.md, "0.11.0 → 0.11.1-edge.3").
 */
const NOT_YET_AT_0_11_0: ReadonlyMap<number, string> = /* @__PURE__ */ new Map([
  [13, "DescribeOptions"],
  [14, "AttachConsumerSession"],
  [31, "GetUser"],
  [32, "GetUsers"],
  [33, "CreateUser"],
  [35, "UpdateUser"],
  [102, "FlushUnsavedBuffer"],
  [103, "GetPollRouting"],
  [104, "PollMessagesOnPrimary"],
  [123, "GetConsumerOffsetRouting"],
]);

interface RevisionTable {
  readonly added: ReadonlyMap<number, CommandCodecs>;
  readonly requests: ReadonlyMap<number, PayloadCodec<unknown>>;
  readonly responses: ReadonlyMap<number, PayloadCodec<unknown>>;
}

let tables: Map<IggyRevision, RevisionTable> | undefined;

function table(revision: IggyRevision): RevisionTable {
  if (tables === undefined) {
    const none: RevisionTable = { added: new Map(), requests: new Map(), responses: new Map() };
    tables = new Map<IggyRevision, RevisionTable>([
      ["0.11.1-edge.3", none],
      ["0.11.1-edge.8", {
        added: new Map(edge8Commands().map((c) => [c.code, c])),
        requests: new Map(),
        responses: edge8Responses(),
      }],
      ["0.11.0", {
        added: new Map(v011Commands().map((c) => [c.code, c])),
        requests: v011Requests(),
        responses: v011Responses(),
      }],
    ]);
  }
  return tables.get(revision)!;
}

/** Where a code that `revision` lacks belongs, as an error; `undefined` when `revision` has it. */
function foreign(revision: IggyRevision, code: number): WireError | undefined {
  const old = ONLY_0_11_0.get(code);
  if (old !== undefined && revision !== "0.11.0") return otherRevisionCommand(code, revision, "0.11.0", old);
  const e3 = SINCE_EDGE_3.get(code);
  if (e3 !== undefined && revision === "0.11.0") {
    return otherRevisionCommand(code, revision, "0.11.1-edge.3", e3);
  }
  const e8 = SINCE_EDGE_8.get(code);
  if (e8 !== undefined && revision !== "0.11.1-edge.8") {
    return otherRevisionCommand(code, revision, "0.11.1-edge.8", e8);
  }
  return undefined;
}

function notYet(revision: IggyRevision, code: number, name: string): WireError {
  return new WireError("UNKNOWN_COMMAND", {
    context: `Iggy revision ${revision}`,
    detail:
      `command code ${code} (${name}) has no codec for revision ${revision} yet (docs/iggy-revisions.md)`,
  });
}

/**
 * The request and response codecs of command `code` at `revision` (default: the library's
 * default revision). A code of another revision is `UNKNOWN_COMMAND` naming the revision it
 * looks like; an unknown revision is `INVALID_VALUE`.
 *
 * @example
 * ```ts
 * import { commandCodecsAt } from "@streamwire/codec/iggy";
 * console.log(commandCodecsAt("0.11.1-edge.8", 106).name); // PollMessagesDeferred
 * try {
 *   commandCodecsAt("0.11.1-edge.3", 106);
 * } catch (e) {
 *   console.log((e as Error).message.includes("looks like revision 0.11.1-edge.8")); // true
 * }
 * ```
 */
export function commandCodecsAt(revision: string, code: number): CommandCodecs {
  const name = iggyRevision(revision).name;
  const wrong = foreign(name, code);
  if (wrong !== undefined) throw wrong;
  const t = table(name);
  const added = t.added.get(code);
  if (added !== undefined) return added;
  if (name === "0.11.1-edge.8" && code === FETCH_MESSAGES_CODE) throw notYet(name, code, "FetchMessages");
  if (name === "0.11.0") {
    const old = NOT_YET_AT_0_11_0.get(code);
    if (old !== undefined) throw notYet(name, code, old);
  }
  const base = commandCodecs(code);
  const request = t.requests.get(code);
  const response = t.responses.get(code);
  if (request === undefined && response === undefined) return base;
  return { ...base, request: request ?? base.request, response: response ?? base.response };
}

/**
 * The command code of a request header at `revision`: by its operation (a replicated request)
 * or by the code NonReplicated requests carry in `reserved` — 0.11.0's own operations (129
 * UpdateStream, 131 PurgeStream, 133 UpdateTopic, 135 PurgeTopic) included there.
 *
 * @example
 * ```ts
 * import { requestCodeAt } from "@streamwire/codec/iggy";
 * console.log(requestCodeAt("0.11.0", 129, 0), requestCodeAt("0.11.1-edge.3", 129, 0)); // 204 undefined
 * ```
 */
export function requestCodeAt(revision: string, operation: number, reserved: number): number | undefined {
  if (iggyRevision(revision).name === "0.11.0") {
    for (const [code, op] of V011_OPERATIONS) if (op === operation) return code;
  }
  return requestCodeOf(operation, reserved);
}

/**
 * The VSR operation of command `code` at `revision`, when the revision's own table differs from
 * edge.3's (0.11.0's retired commands); `undefined` otherwise.
 */
export function revisionOperationOf(revision: string, code: number): number | undefined {
  return iggyRevision(revision).name === "0.11.0" ? V011_OPERATIONS.get(code) : undefined;
}

/**
 * Whether replies to `operation` lead with the result section at `revision`: edge.3's rule,
 * and at 0.11.0 also its own metadata operations (129, 131, 133, 135, 142: all metadata ops are
 * result-framed there too).
 *
 * @example
 * ```ts
 * import { isResultFramedAt } from "@streamwire/codec/iggy";
 * console.log(isResultFramedAt("0.11.0", 129), isResultFramedAt("0.11.1-edge.3", 129)); // true false
 * ```
 */
export function isResultFramedAt(revision: string, operation: number): boolean {
  if (isResultFramedOperation(operation as Operation)) return true;
  return iggyRevision(revision).name === "0.11.0" && V011_METADATA_OPERATIONS.has(operation);
}

const V011_METADATA_OPERATIONS: ReadonlySet<number> = /* @__PURE__ */ new Set([129, 131, 133, 135, 142]);
