/**
 * Every consensus header type `iggy_binary_protocol` 0.11.1-edge.3 re-exports, as zero-copy
 * views with typed getters, a field table (for {@linkcode createHeader} and `toObject`), and
 * the crate's `validate` rules in the crate's order, each failing with the crate's reason text.
 *
 * Where each part is stated: the layouts (fields, offsets, kinds, field docs) in `layouts.ts`;
 * the rules and derived readings in `rules.ts`; the classes, generated from both by
 * `tools/consensus` (`deno task consensus:gen`), in `_generated/headers.ts`.
 *
 * @module
 */

// deno-lint-ignore no-unused-vars
import type { createHeader } from "./header.ts";

export * from "./_generated/headers.ts";
export {
  EVICTION_REASON_ENUM,
  FORWARD_LOGOUT_OUTCOME_ENUM,
  FORWARD_REGISTER_OUTCOME_ENUM,
  OPERATION_ENUM,
  PRIMARY_REBALANCE_KIND_ENUM,
  SEGMENT_DELETE_KIND_ENUM,
} from "./layouts.ts";
export {
  CONSUMER_SESSION_ENCODED_SIZE,
  DVC_HEADERS_MAX,
  LIFECYCLE_BATCH_HEADER_SIZE,
  LIFECYCLE_COMPLETION_SIZE,
  LIFECYCLE_COMPLETIONS_MAX,
  MAX_CONSUMER_SESSIONS_PER_HEARTBEAT,
  REGISTER_REQUEST_BYTES,
  REVOCATION_BODY_SIZE,
} from "./rules.ts";
