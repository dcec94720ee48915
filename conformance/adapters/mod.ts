/**
 * All adapters, by protocol then message name. Each protocol area contributes its own file
 * (e.g. `iggy_commands.ts`, `kafka_messages.ts`); this one only merges them.
 *
 * @module
 */

import type { ProtocolAdapters } from "../lib/types.ts";
import { kafkaMessageAdapters } from "./kafka_messages.ts";
import { kafkaRecordsAdapters } from "./kafka_records.ts";
import { iggyBatchAdapters } from "./iggy_batch.ts";
import { iggyChecksumAdapters } from "./checksums.ts";
import { iggyCmdAdapters } from "./iggy_cmds.ts";
import { iggyCoreAdapters } from "./iggy_core.ts";
import { iggyMetadataAdapters } from "./iggy_metadata.ts";
import { withRevisions } from "./iggy_revisions.ts";

/** Adapters by protocol, then by vector-file `message`. */
export const adapters: Record<"iggy" | "kafka", ProtocolAdapters> = {
  iggy: withRevisions({
    ...iggyBatchAdapters,
    ...iggyChecksumAdapters,
    ...iggyCmdAdapters,
    ...iggyCoreAdapters,
    ...iggyMetadataAdapters,
  }),
  kafka: {
    ...kafkaMessageAdapters,
    ...kafkaRecordsAdapters,
  },
};
