/**
 * What `tools/consensus/main.ts` needs beyond the layouts of `src/iggy/consensus/layouts.ts`
 * to write the header classes: per class its base, command, seal, the statics and derived
 * members it adds (their logic lives in `src/iggy/consensus/rules.ts`), and its documentation.
 * The field names, offsets, kinds and field docs are not repeated here: they come from the
 * layout table a class names.
 *
 * @module
 */

/** A static constant a class adds (its value is an expression over `rules.ts`, as `R.…`). */
export interface StaticSpec {
  /** Member name. */
  name: string;
  /** Declared type. */
  type: string;
  /** Initializer. */
  value: string;
  /** One-line doc. */
  doc: string;
}

/** A derived member a class adds: its signature and a body delegating to `rules.ts`. */
export interface MemberSpec {
  /** Doc comment lines (a runnable `@example` for methods). */
  doc: string[];
  /** Declaration up to the body, e.g. `get untrustedLog(): boolean`. */
  sig: string;
  /** Body lines. */
  body: string[];
}

/** One generated class. */
export interface ClassSpec {
  /** The class name (the crate's type name for concrete classes). */
  name: string;
  /** Parent class (default `ConsensusHeaderView`). */
  base?: string;
  /** Abstract shared base. */
  abstract?: boolean;
  /** The `layouts.ts` table whose fields this class reads (getters for those its base lacks). */
  fields: string;
  /** An abstract base that carries `FIELDS` itself (its subclasses share the one table). */
  declaresFields?: boolean;
  /** The `Command` member it is built with (concrete classes). */
  command?: string;
  /** Doc of `COMMAND` (default: the command in backticks). */
  commandDoc?: string;
  /** `checksum` seals the frame. */
  sealed?: boolean;
  /** `checksum` carries the prepare identity. */
  identity?: boolean;
  /** Other commands it accepts (`"any"`: every one), with the doc of `accepts`. */
  accepts?: { commands: string[] | "any"; doc: string[] };
  /** The `…Fields` interface `toObject` returns, when not `<name>Fields`. */
  objectType?: string;
  /** Emit the `…Fields` interface (default: concrete classes with their own table). */
  emitsObjectType?: boolean;
  /** Doc of the interface (default: "Fields of {@linkcode <name>}."). */
  objectTypeDoc?: string;
  /** `create()` with all-default fields breaks a rule (chooses the examples' form). */
  defaultsInvalid?: boolean;
  /** Class doc lines. */
  doc: string[];
  /** Summary of `validate` (absent: inherited). `R.validate<name>` implements it. */
  validate?: string;
  /** `validate` has no rules (no call into `rules.ts`). */
  noRules?: boolean;
  /** Replaces the generated `validate` example. */
  validateExample?: string[];
  /** Statics. */
  statics?: StaticSpec[];
  /** Derived members. */
  members?: MemberSpec[];
}

/** Every class of `_generated/headers.ts`, in output order. */
export const CLASSES: ClassSpec[] = [
  {
    name: "GenericHeader",
    fields: "GENERIC_FIELDS",
    command: "Reserved",
    commandDoc: "Built with `Reserved`; accepts every command.",
    accepts: {
      commands: "any",
      doc: [
        "Any known command may be viewed generically.",
        "",
        "@example",
        "```ts",
        'import { Command, GenericHeader } from "@streamwire/codec/iggy";',
        "console.log(GenericHeader.accepts(Command.Prepare)); // true",
        "```",
      ],
    },
    doc: [
      "The type-erased 256-byte view every frame is first read through: the common prefix plus",
      "128 opaque bytes. Not sealed and without rules; only the command byte is checked.",
      "",
      "@example",
      "```ts",
      'import { GenericHeader } from "@streamwire/codec/iggy";',
      "const frame = new Uint8Array(256); frame[60] = 9;",
      "console.log(GenericHeader.decode(frame).command); // 9",
      "```",
    ],
    validate: "No rules.",
    noRules: true,
  },
  {
    name: "RequestHeaderBase",
    abstract: true,
    fields: "REQUEST_COMMON_FIELDS",
    doc: [
      "Getters and rules shared by {@linkcode RequestHeader} and {@linkcode RoutedRequestHeader}.",
      "",
      "@example",
      "```ts",
      'import { Operation, RequestHeader, RequestHeaderBase } from "@streamwire/codec/iggy";',
      "const h = RequestHeader.create({ client: 7n, operation: Operation.SendMessages, session: 1n, request: 1n });",
      "console.log(h instanceof RequestHeaderBase, h.client); // true 7n",
      "```",
    ],
    validate: "Client frame field rules (shared by both layouts).",
    validateExample: [
      'import { Operation, RequestHeader } from "@streamwire/codec/iggy";',
      "const h = RequestHeader.create({ client: 0xcafen, operation: Operation.SendMessages, session: 10n, request: 1n });",
      "h.validate();",
      "console.log(h.session); // 10n",
    ],
    members: [
      {
        doc: [
          "The command code a `NonReplicated` request carries in `reserved[0..4]`.",
        ],
        sig: "get nonReplicatedCode(): number",
        body: [
          "return R.nonReplicatedCode(this);",
        ],
      },
    ],
  },
  {
    name: "RequestHeader",
    base: "RequestHeaderBase",
    fields: "REQUEST_FIELDS",
    command: "Request",
    defaultsInvalid: true,
    doc: [
      "Client → primary request. Not sealed. Rules: command `Request`; `client` non-zero;",
      "`operation` not `Reserved`; `Register` needs session 0 and request 0; other operations",
      "except `NonReplicated` need both non-zero.",
      "",
      "@example",
      "```ts",
      'import { RequestHeader, Operation } from "@streamwire/codec/iggy";',
      "const h = RequestHeader.create({ client: 0xcafen, operation: Operation.SendMessages, session: 10n, request: 1n });",
      "h.validate();",
      "```",
    ],
  },
  {
    name: "RoutedRequestHeader",
    base: "RequestHeaderBase",
    fields: "ROUTED_REQUEST_FIELDS",
    command: "Request",
    defaultsInvalid: true,
    doc: [
      "A request after the receiving node resolved its target (server-internal; same rules as",
      "{@linkcode RequestHeader}, with `metadataWatermark` and `group` in the tail).",
      "",
      "@example",
      "```ts",
      'import { RoutedRequestHeader, Operation } from "@streamwire/codec/iggy";',
      "const h = RoutedRequestHeader.create({ client: 1n, operation: Operation.SendMessages, session: 1n, request: 1n, group: 7n });",
      "console.log(h.group); // 7n",
      "```",
    ],
  },
  {
    name: "ReplyHeader",
    fields: "REPLY_FIELDS",
    command: "Reply",
    statics: [
      {
        name: "COMMITTED_RESULT",
        type: "number",
        value: "R.REPLY_COMMITTED_RESULT",
        doc: "`reserved[0]` value marking a final committed result.",
      },
    ],
    members: [
      {
        doc: [
          "Header evidence of a final committed result: command Reply, status 0, marker 1.",
        ],
        sig: "get hasCommittedResult(): boolean",
        body: [
          "return R.hasCommittedResult(this);",
        ],
      },
    ],
    doc: [
      "Primary → client reply. Not sealed; the only rule is command `Reply`.",
      "",
      "@example",
      "```ts",
      'import { ReplyHeader } from "@streamwire/codec/iggy";',
      "const h = ReplyHeader.create({ status: 1009 });",
      "console.log(h.status, h.hasCommittedResult); // 1009 false",
      "```",
    ],
    validate: "Command `Reply`.",
  },
  {
    name: "EvictionHeader",
    fields: "EVICTION_FIELDS",
    command: "Eviction",
    defaultsInvalid: true,
    doc: [
      "Primary → client: the session is terminated. Header-only, not sealed. Rules (in order):",
      "command, size 256, client non-zero, both reserved regions zero, reason not `Reserved`, the",
      "protocol window (1 ≤ min ≤ max) exactly on `IncompatibleProtocol` and zero otherwise.",
      "",
      "@example",
      "```ts",
      'import { EvictionHeader, EvictionReason } from "@streamwire/codec/iggy";',
      "const h = EvictionHeader.create({ client: 0xcafen, reason: EvictionReason.StaleClient });",
      "h.validate();",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "PrepareHeaderBase",
    abstract: true,
    fields: "PREPARE_FIELDS",
    declaresFields: true,
    identity: true,
    emitsObjectType: true,
    objectType: "PrepareHeaderFields",
    objectTypeDoc: "Fields of {@linkcode PrepareHeader} (and {@linkcode RepairPrepareHeader}).",
    members: [
      {
        doc: [
          "Which prepare this is, independent of the view that sent it (see {@linkcode prepareIdentityChecksumBytes}).",
          "",
          "@example",
          "```ts",
          'import { PrepareHeader } from "@streamwire/codec/iggy";',
          "const h = PrepareHeader.create({ op: 42n });",
          "console.log(h.checksum === h.identityChecksum()); // true",
          "```",
        ],
        sig: "identityChecksum(scratch?: Uint8Array): bigint",
        body: [
          "return prepareIdentityChecksumBytes(this.bytes, scratch);",
        ],
      },
      {
        doc: [
          "Throws `CHECKSUM_MISMATCH` (the crate's `InvalidChecksum`) unless `checksum` is the",
          "identity. Not part of the typed parse, which accepts any prepare checksum.",
          "",
          "@example",
          "```ts",
          'import { PrepareHeader } from "@streamwire/codec/iggy";',
          'import { isWireError } from "@streamwire/codec/wire";',
          "const h = PrepareHeader.create({ op: 42n });",
          "h.bytes[0] ^= 1;",
          "try {",
          "  h.verifyIdentity();",
          "} catch (e) {",
          "  if (isWireError(e)) console.log(e.code); // CHECKSUM_MISMATCH",
          "}",
          "```",
        ],
        sig: "verifyIdentity(): void",
        body: [
          "R.verifyIdentity(this);",
        ],
      },
      {
        doc: [
          "Whether a parent chain can be proven down from this header.",
        ],
        sig: "get anchorsChain(): boolean",
        body: [
          "return R.anchorsChain(this);",
        ],
      },
      {
        doc: [
          "Stamps the identity into `checksum`, in place.",
          "",
          "@example",
          "```ts",
          'import { PrepareHeader } from "@streamwire/codec/iggy";',
          "const h = PrepareHeader.create({ op: 42n });",
          "const before = h.checksum;",
          "h.bytes[160] = 1; // an edit after creation",
          "console.log(h.stampIdentity().checksum !== before); // true",
          "```",
        ],
        sig: "stampIdentity(): this",
        body: [
          "R.stampIdentity(this);",
          "return this;",
        ],
      },
    ],
    doc: [
      "Getters and rules shared by {@linkcode PrepareHeader} and {@linkcode RepairPrepareHeader}.",
      "",
      "@example",
      "```ts",
      'import { PrepareHeader, PrepareHeaderBase } from "@streamwire/codec/iggy";',
      "const h = PrepareHeader.create({ op: 42n });",
      "console.log(h instanceof PrepareHeaderBase, h.op); // true 42n",
      "```",
    ],
  },
  {
    name: "PrepareHeader",
    base: "PrepareHeaderBase",
    fields: "PREPARE_FIELDS",
    objectType: "PrepareHeaderFields",
    command: "Prepare",
    doc: [
      "Primary → replicas: replicate an operation. `checksum` is the prepare identity (not a",
      "seal; the typed parse does not check it — use {@linkcode PrepareHeader.verifyIdentity}).",
      "Rules: command `Prepare`, `reservedFrame` and `reserved` zero.",
      "",
      "@example",
      "```ts",
      'import { PrepareHeader, Operation } from "@streamwire/codec/iggy";',
      "const h = PrepareHeader.create({ client: 0xcafen, op: 7n, operation: Operation.CreateStream });",
      "h.verifyIdentity(); // create() stamped it",
      "```",
    ],
    validate: "The crate's rules.",
  },
  {
    name: "RepairPrepareHeader",
    base: "PrepareHeaderBase",
    fields: "PREPARE_FIELDS",
    objectType: "PrepareHeaderFields",
    command: "RepairPrepare",
    doc: [
      "A stored prepare served for journal repair: the prepare layout with command `RepairPrepare`.",
      "",
      "@example",
      "```ts",
      'import { RepairPrepareHeader } from "@streamwire/codec/iggy";',
      "console.log(RepairPrepareHeader.create({ op: 3n }).command); // 19",
      "```",
    ],
    validate: "The crate's rules.",
  },
  {
    name: "PrepareOkHeader",
    fields: "PREPARE_OK_FIELDS",
    command: "PrepareOk",
    sealed: true,
    doc: [
      "Replica → primary: acknowledge a prepare. Sealed; rule: command `PrepareOk`.",
      "",
      "@example",
      "```ts",
      'import { PrepareOkHeader } from "@streamwire/codec/iggy";',
      "console.log(PrepareOkHeader.decode(PrepareOkHeader.create({ op: 8n }).bytes).op); // 8n",
      "```",
    ],
    validate: "Command `PrepareOk`.",
  },
  {
    name: "CommitHeader",
    fields: "COMMIT_FIELDS",
    command: "Commit",
    sealed: true,
    doc: [
      "Primary → replicas: commit up to `commit`. Header-only, sealed. Rules: command `Commit`",
      "(its own error text), size 256.",
      "",
      "@example",
      "```ts",
      'import { CommitHeader } from "@streamwire/codec/iggy";',
      "console.log(CommitHeader.create({ commit: 77n }).commit); // 77n",
      "```",
    ],
    validate: "Command `Commit`, size 256.",
  },
  {
    name: "StartViewChangeHeader",
    fields: "START_VIEW_CHANGE_FIELDS",
    command: "StartViewChange",
    sealed: true,
    doc: [
      "A replica suspects the primary failed. Header-only, sealed. Rules: command, release 0.",
      "",
      "@example",
      "```ts",
      'import { StartViewChangeHeader } from "@streamwire/codec/iggy";',
      "console.log(StartViewChangeHeader.create({ view: 7 }).view); // 7",
      "```",
    ],
    validate: "Command, release 0.",
  },
  {
    name: "DoViewChangeHeader",
    fields: "DO_VIEW_CHANGE_FIELDS",
    command: "DoViewChange",
    sealed: true,
    statics: [
      {
        name: "FLAG_UNTRUSTED_LOG",
        type: "number",
        value: "R.DVC_FLAG_UNTRUSTED_LOG",
        doc: "The sender's log is untrusted (recovered, not yet settled).",
      },
      {
        name: "FLAGS_KNOWN",
        type: "number",
        value: "R.DVC_FLAGS_KNOWN",
        doc: "Every flag bit this build understands.",
      },
    ],
    members: [
      {
        doc: [
          "Whether the sender marked its log untrusted.",
        ],
        sig: "get untrustedLog(): boolean",
        body: [
          "return (this.flags & R.DVC_FLAG_UNTRUSTED_LOG) !== 0;",
        ],
      },
      {
        doc: [
          "Prepare headers in the body; throws `INVALID_VALUE` when `size` cannot describe a suffix.",
          "",
          "@example",
          "```ts",
          'import { DoViewChangeHeader } from "@streamwire/codec/iggy";',
          "console.log(DoViewChangeHeader.create({ size: 256 * 3 }).suffixLen()); // 2",
          "```",
        ],
        sig: "suffixLen(): number",
        body: [
          'return R.suffixLen("do_view_change", this.size);',
        ],
      },
    ],
    doc: [
      "A replica's view-change vote, carrying a suffix of prepare headers in its body. Sealed.",
      "Rules (in order): command, release 0, `logView ≤ view`, `commit ≤ op`, no unknown flag",
      "bits, size = 256 + n × 256 with n ≤ 128, no bitset bit at or past n.",
      "",
      "@example",
      "```ts",
      'import { DoViewChangeHeader } from "@streamwire/codec/iggy";',
      "const h = DoViewChangeHeader.create({ view: 7, logView: 5, op: 42n, commit: 40n, size: 256 * 3, nackBitset: 1n });",
      "h.validate();",
      "console.log(h.suffixLen()); // 2",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "StartViewHeader",
    fields: "START_VIEW_FIELDS",
    command: "StartView",
    sealed: true,
    members: [
      {
        doc: [
          "Prepare headers in the body.",
          "",
          "@example",
          "```ts",
          'import { StartViewHeader } from "@streamwire/codec/iggy";',
          "console.log(StartViewHeader.create({ size: 256 * 3 }).suffixLen()); // 2",
          "```",
        ],
        sig: "suffixLen(): number",
        body: [
          'return R.suffixLen("start_view", this.size);',
        ],
      },
    ],
    doc: [
      "New primary → replicas: start the view, with an optional suffix of prepare headers. Sealed.",
      "Rules: command, release 0, `commit ≤ op`, size a whole suffix of at most 128 headers.",
      "",
      "@example",
      "```ts",
      'import { StartViewHeader } from "@streamwire/codec/iggy";',
      "console.log(StartViewHeader.create({ op: 42n, commit: 40n }).suffixLen()); // 0",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "RequestStartViewHeader",
    fields: "REQUEST_START_VIEW_FIELDS",
    command: "RequestStartView",
    sealed: true,
    doc: [
      "A recovering replica asks for the current `StartView`. Header-only, sealed. Rules:",
      "command, release 0.",
      "",
      "@example",
      "```ts",
      'import { RequestStartViewHeader } from "@streamwire/codec/iggy";',
      "console.log(RequestStartViewHeader.create({ incarnation: 77n }).incarnation); // 77n",
      "```",
    ],
    validate: "Command, release 0.",
  },
  {
    name: "RequestPreparesHeader",
    fields: "REQUEST_PREPARES_FIELDS",
    command: "RequestPrepares",
    sealed: true,
    defaultsInvalid: true,
    doc: [
      "Ask a peer for committed prepares `[fromOp, toOp]`. Header-only, sealed. Rules: command,",
      "`1 ≤ fromOp ≤ toOp`.",
      "",
      "@example",
      "```ts",
      'import { RequestPreparesHeader } from "@streamwire/codec/iggy";',
      "RequestPreparesHeader.create({ fromOp: 1n, toOp: 5n }).validate();",
      "```",
    ],
    validate: "Command, non-empty 1-based range.",
  },
  {
    name: "RepairRangeReplyHeader",
    fields: "REPAIR_RANGE_REPLY_FIELDS",
    command: "RepairDone",
    commandDoc: "`RepairDone` (also accepts `RangeEvicted`).",
    accepts: {
      commands: ["RepairDone", "RangeEvicted"],
      doc: [
        "`RepairDone` or `RangeEvicted`.",
        "",
        "@example",
        "```ts",
        'import { Command, RepairRangeReplyHeader } from "@streamwire/codec/iggy";',
        "console.log(RepairRangeReplyHeader.accepts(Command.Prepare)); // false",
        "```",
      ],
    },
    sealed: true,
    doc: [
      "Terminates a repair stream: one layout for `RepairDone` (20) and `RangeEvicted` (21).",
      "Sealed; rule: one of the two commands.",
      "",
      "@example",
      "```ts",
      'import { RepairRangeReplyHeader, Command } from "@streamwire/codec/iggy";',
      "RepairRangeReplyHeader.create({ command: Command.RangeEvicted, op: 100n }).validate();",
      "```",
    ],
    validate: "One of the two commands.",
  },
  {
    name: "RequestStateTransferHeader",
    fields: "REQUEST_STATE_TRANSFER_FIELDS",
    command: "RequestStateTransfer",
    sealed: true,
    doc: [
      "Ask the primary for a state-transfer target. Header-only, sealed. Rules: command, size 256.",
      "",
      "@example",
      "```ts",
      'import { RequestStateTransferHeader } from "@streamwire/codec/iggy";',
      "RequestStateTransferHeader.create({ nonce: 1n }).validate();",
      "```",
    ],
    validate: "Command, size 256.",
  },
  {
    name: "StateTransferTargetHeader",
    fields: "STATE_TRANSFER_TARGET_FIELDS",
    command: "StateTransferTarget",
    sealed: true,
    doc: [
      "The state-transfer descriptor. Sealed. Rules (in order): command, `available` ∈ {0,1},",
      "`unavailableTransient` ∈ {0,1}, not both 1, a refusal is header-only.",
      "",
      "@example",
      "```ts",
      'import { StateTransferTargetHeader } from "@streamwire/codec/iggy";',
      "StateTransferTargetHeader.create({ available: 1, size: 320 }).validate();",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "RequestStateChunkHeader",
    fields: "REQUEST_STATE_CHUNK_FIELDS",
    command: "RequestStateChunk",
    sealed: true,
    defaultsInvalid: true,
    doc: [
      "Pull one chunk of an artifact. Header-only, sealed. Rules: command, `len` ≠ 0, size 256.",
      "",
      "@example",
      "```ts",
      'import { RequestStateChunkHeader } from "@streamwire/codec/iggy";',
      "RequestStateChunkHeader.create({ len: 65536 }).validate();",
      "```",
    ],
    validate: "Command, non-zero length, size 256.",
  },
  {
    name: "StateChunkHeader",
    fields: "STATE_CHUNK_FIELDS",
    command: "StateChunk",
    sealed: true,
    doc: [
      "One chunk of artifact bytes (the body). Sealed. Rules: command, size ≥ 256.",
      "",
      "@example",
      "```ts",
      'import { StateChunkHeader } from "@streamwire/codec/iggy";',
      "StateChunkHeader.create({ size: 256 + 4096 }).validate();",
      "```",
    ],
    validate: "Command, size ≥ 256.",
  },
  {
    name: "ForwardRegisterHeader",
    fields: "FORWARD_REGISTER_FIELDS",
    command: "ForwardRegister",
    sealed: true,
    defaultsInvalid: true,
    doc: [
      "A backup relays an authenticated login. Sealed. Rules: command, size 256 + 40, client and",
      "nonce non-zero, reserved zero.",
      "",
      "@example",
      "```ts",
      'import { ForwardRegisterHeader } from "@streamwire/codec/iggy";',
      "ForwardRegisterHeader.create({ size: 296, client: 1n, nonce: 2n, userId: 41 }).validate();",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "ForwardRegisterResultHeader",
    fields: "FORWARD_REGISTER_RESULT_FIELDS",
    command: "ForwardRegisterResult",
    sealed: true,
    defaultsInvalid: true,
    doc: [
      "The primary's verdict on a forwarded register. Header-only, sealed. Rules: command, size",
      "256, client and nonce non-zero, reserved zero, epoch and watermark zero unless `Ok`.",
      "",
      "@example",
      "```ts",
      'import { ForwardRegisterResultHeader } from "@streamwire/codec/iggy";',
      "ForwardRegisterResultHeader.create({ client: 1n, nonce: 2n, epoch: 91n }).validate();",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "ForwardLogoutHeader",
    fields: "FORWARD_LOGOUT_FIELDS",
    command: "ForwardLogout",
    sealed: true,
    defaultsInvalid: true,
    doc: [
      "A backup asks the metadata primary to tear down a session. Header-only, sealed. Rules:",
      "command, size 256, client and nonce non-zero, reserved zero, session and request non-zero.",
      "",
      "@example",
      "```ts",
      'import { ForwardLogoutHeader } from "@streamwire/codec/iggy";',
      "ForwardLogoutHeader.create({ client: 1n, nonce: 2n, session: 3n, request: 4n }).validate();",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "ForwardLogoutResultHeader",
    fields: "FORWARD_LOGOUT_RESULT_FIELDS",
    command: "ForwardLogoutResult",
    sealed: true,
    defaultsInvalid: true,
    doc: [
      "The primary's verdict on a forwarded logout. Header-only, sealed. Rules: command, size 256,",
      "client and nonce non-zero, reserved zero, commit zero unless `Ok`.",
      "",
      "@example",
      "```ts",
      'import { ForwardLogoutResultHeader } from "@streamwire/codec/iggy";',
      "ForwardLogoutResultHeader.create({ client: 1n, nonce: 2n, commit: 92n }).validate();",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "ForwardCompletionHeader",
    fields: "FORWARD_COMPLETION_FIELDS",
    command: "ForwardCompletion",
    sealed: true,
    defaultsInvalid: true,
    doc: [
      "A backup relays a partition completion to the metadata primary. Sealed. Rules (in order):",
      "command; a completion operation with a body of its size (lifecycle: 16 + n × 16 with",
      "1 ≤ n ≤ 1024; revocation: 80); no reporter on a revocation; release 0; reserved zero.",
      "",
      "@example",
      "```ts",
      'import { ForwardCompletionHeader, Operation } from "@streamwire/codec/iggy";',
      "ForwardCompletionHeader.create({ operation: Operation.CompleteLifecycle, size: 256 + 32, reporter: 5 }).validate();",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "ConsumerSessionHeartbeatHeader",
    fields: "CONSUMER_SESSION_HEARTBEAT_FIELDS",
    command: "ConsumerSessionHeartbeat",
    commandDoc: "`ConsumerSessionHeartbeat` (also accepts `SessionRetirementProgress`).",
    accepts: {
      commands: ["ConsumerSessionHeartbeat", "SessionRetirementProgress"],
      doc: [
        "Heartbeat or retirement progress.",
        "",
        "@example",
        "```ts",
        'import { Command, ConsumerSessionHeartbeatHeader } from "@streamwire/codec/iggy";',
        "console.log(ConsumerSessionHeartbeatHeader.accepts(Command.Prepare)); // false",
        "```",
      ],
    },
    sealed: true,
    doc: [
      "Backups report transport-bound sessions (command 30), or session-retirement progress (31,",
      "same layout), with 24-byte sessions in the body. Sealed. Rules (in order): command; size ≥",
      "256; at most 1024 sessions; whole sessions; `incomplete` ∈ {0,1}; release 0; no namespace",
      "revision on a heartbeat; reserved zero.",
      "",
      "@example",
      "```ts",
      'import { ConsumerSessionHeartbeatHeader } from "@streamwire/codec/iggy";',
      "ConsumerSessionHeartbeatHeader.create({ size: 256 + 48 }).validate();",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "PrimaryRebalanceHeader",
    fields: "PRIMARY_REBALANCE_FIELDS",
    command: "PrimaryRebalance",
    sealed: true,
    statics: [
      {
        name: "NO_QUORUM_EVIDENCE",
        type: "bigint",
        value: "R.NO_QUORUM_EVIDENCE",
        doc: "`quorumAgeNs` when the sender has no quorum evidence.",
      },
    ],
    defaultsInvalid: true,
    doc: [
      "A primary-rebalance exchange through the metadata owner. Header-only, sealed. Rules (in",
      "order): command; size 256; checksum_body and release zero; reserved zero; nonce non-zero;",
      "`ready` only 0/1 and only on replies; `target` only on transfers; quorum age only on a",
      "metadata probe; no commit on a metadata reply; metadata kinds carry no partition fields;",
      "partition kinds need a non-zero revision.",
      "",
      "@example",
      "```ts",
      'import { PrimaryRebalanceHeader, PrimaryRebalanceKind } from "@streamwire/codec/iggy";',
      "PrimaryRebalanceHeader.create({ nonce: 1n, kind: PrimaryRebalanceKind.MetadataProbe,",
      "  quorumAgeNs: PrimaryRebalanceHeader.NO_QUORUM_EVIDENCE }).validate();",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
  {
    name: "SegmentDeleteHeader",
    fields: "SEGMENT_DELETE_FIELDS",
    command: "SegmentDelete",
    sealed: true,
    defaultsInvalid: true,
    doc: [
      "Resolve a segment count on the partition primary. Header-only, sealed. Rules (in order):",
      "command; size 256; checksum_body, release and reserved zero; nonce and revision non-zero;",
      "an offset only on `Resolved`.",
      "",
      "@example",
      "```ts",
      'import { SegmentDeleteHeader } from "@streamwire/codec/iggy";',
      "SegmentDeleteHeader.create({ nonce: 19n, createdRevision: 31n, segmentsCount: 3 }).validate();",
      "```",
    ],
    validate: "The crate's rules, in order.",
  },
];
