/**
 * Topics of the in-memory broker: names, ids, partitions and configs, with Kafka's rules for
 * creating them (legal names, collisions between `.` and `_`, partition counts, the one replica
 * a single broker can hold).
 *
 * @module
 */

import { type CodecRegistry, KAFKA_ERROR as E } from "../../src/kafka/mod.ts";
import { PartitionLog } from "./log.ts";

/** Kafka's longest topic name. */
const MAX_TOPIC_NAME = 249;
const LEGAL = /^[a-zA-Z0-9._-]+$/;

/** One topic. */
export interface Topic {
  readonly name: string;
  /** The topic id (a random UUID). */
  readonly id: string;
  readonly partitions: PartitionLog[];
  /** Configs set at creation or altered since (defaults are in {@linkcode TOPIC_CONFIG_DEFAULTS}). */
  readonly configs: Map<string, string>;
}

/** The topic configs DescribeConfigs reports (Kafka 4.4.0's defaults for those the broker honours or clients read). */
export const TOPIC_CONFIG_DEFAULTS: ReadonlyMap<string, string> = new Map([
  ["cleanup.policy", "delete"],
  ["compression.type", "producer"],
  ["max.message.bytes", "1048588"],
  ["message.timestamp.type", "CreateTime"],
  ["min.insync.replicas", "1"],
  ["retention.bytes", "-1"],
  ["retention.ms", "604800000"],
  ["segment.bytes", "1073741824"],
]);

/** Why a name cannot be a topic (INVALID_TOPIC_EXCEPTION's message), or undefined. */
export function invalidTopicName(name: string): string | undefined {
  if (name.length === 0) return "Topic name is illegal, it can't be empty";
  if (name === "." || name === "..") return 'Topic name cannot be "." or ".."';
  if (name.length > MAX_TOPIC_NAME) {
    return `Topic name is illegal, it can't be longer than ${MAX_TOPIC_NAME} characters`;
  }
  if (!LEGAL.test(name)) {
    return `Topic name "${name}" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'`;
  }
  return undefined;
}

/** The topics of a broker, by name and by id. */
export class TopicTable {
  readonly #byName = new Map<string, Topic>();
  readonly #byId = new Map<string, Topic>();
  readonly #codecs: CodecRegistry;

  /** An empty table; partitions decode compressed batches with `codecs`. */
  constructor(codecs: CodecRegistry) {
    this.#codecs = codecs;
  }

  /** Every topic, in creation order. */
  all(): Topic[] {
    return [...this.#byName.values()];
  }

  /** The topic named `name`. */
  byName(name: string | null): Topic | undefined {
    return name === null ? undefined : this.#byName.get(name);
  }

  /** The topic with id `id`. */
  byId(id: string): Topic | undefined {
    return this.#byId.get(id);
  }

  /**
   * Checks a CreateTopics entry as Kafka does and creates the topic unless `validateOnly`:
   * returns [errorCode, errorMessage, topic].
   */
  create(
    name: string,
    partitions: number,
    replicationFactor: number,
    configs: Iterable<[string, string | null]>,
    validateOnly: boolean,
  ): [number, string | null, Topic | undefined] {
    const bad = invalidTopicName(name);
    if (bad !== undefined) return [E.INVALID_TOPIC_EXCEPTION, bad, undefined];
    if (this.#byName.has(name)) return [E.TOPIC_ALREADY_EXISTS, `Topic '${name}' already exists.`, undefined];
    const folded = name.replaceAll(".", "_");
    for (const other of this.#byName.keys()) {
      if (other.replaceAll(".", "_") === folded) {
        return [
          E.INVALID_TOPIC_EXCEPTION,
          `Topic '${name}' collides with existing topic: ${other}`,
          undefined,
        ];
      }
    }
    if (partitions === 0 || partitions < -1) {
      return [
        E.INVALID_PARTITIONS,
        "Number of partitions was set to an invalid non-positive value.",
        undefined,
      ];
    }
    if (replicationFactor === 0 || replicationFactor < -1) {
      return [
        E.INVALID_REPLICATION_FACTOR,
        "Replication factor must be larger than 0, or -1 to use the default value.",
        undefined,
      ];
    }
    if (replicationFactor > 1) {
      return [
        E.INVALID_REPLICATION_FACTOR,
        `Unable to replicate the partition ${replicationFactor} time(s): The target replication factor of ` +
        `${replicationFactor} cannot be reached because only 1 broker(s) are registered.`,
        undefined,
      ];
    }
    const count = partitions === -1 ? 1 : partitions;
    const topic: Topic = {
      name,
      id: crypto.randomUUID(),
      partitions: Array.from({ length: count }, () => new PartitionLog(this.#codecs)),
      configs: new Map(),
    };
    for (const [k, v] of configs) if (v !== null) topic.configs.set(k, v);
    if (!validateOnly) {
      this.#byName.set(name, topic);
      this.#byId.set(topic.id, topic);
    }
    return [E.NONE, null, topic];
  }

  /** Adds partitions up to `count` (CreatePartitions): [errorCode, errorMessage]. */
  grow(topic: Topic, count: number, validateOnly: boolean): [number, string | null] {
    if (count < topic.partitions.length) {
      return [
        E.INVALID_PARTITIONS,
        `Topic currently has ${topic.partitions.length} partitions, which is higher than the requested ${count}.`,
      ];
    }
    if (count === topic.partitions.length) {
      return [E.INVALID_PARTITIONS, `Topic already has ${count} partitions.`];
    }
    if (!validateOnly) {
      while (topic.partitions.length < count) topic.partitions.push(new PartitionLog(this.#codecs));
    }
    return [E.NONE, null];
  }

  /** Deletes a topic. */
  delete(topic: Topic): void {
    this.#byName.delete(topic.name);
    this.#byId.delete(topic.id);
  }
}
