/**
 * `WirePermissions`: ten global flags, then streams and their topics as linked lists with
 * has-next bytes. Every flag is a whole byte (written 0/1, read as non-zero = true):
 *
 * ```text
 * [10 global flags][has_streams:u8]
 *   per stream: [stream_id:u32][6 flags][has_topics:u8]
 *                 per topic: [topic_id:u32][4 flags][has_next_topic:u8]
 *               [has_next_stream:u8]
 * ```
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { type PayloadCodec, readBool } from "../codec.ts";

/** Server-wide permissions. */
export interface GlobalPermissions {
  /** May manage servers. */
  readonly manageServers: boolean;
  /** May read server information. */
  readonly readServers: boolean;
  /** May manage users. */
  readonly manageUsers: boolean;
  /** May read users. */
  readonly readUsers: boolean;
  /** May create, update and delete streams. */
  readonly manageStreams: boolean;
  /** May read streams. */
  readonly readStreams: boolean;
  /** May create, update and delete topics. */
  readonly manageTopics: boolean;
  /** May read topics. */
  readonly readTopics: boolean;
  /** May poll messages. */
  readonly pollMessages: boolean;
  /** May send messages. */
  readonly sendMessages: boolean;
}

/** Permissions on one topic of a stream. */
export interface TopicPermissions {
  /** The topic. */
  readonly topicId: number;
  /** May update and delete the topic. */
  readonly manageTopic: boolean;
  /** May read the topic. */
  readonly readTopic: boolean;
  /** May poll messages. */
  readonly pollMessages: boolean;
  /** May send messages. */
  readonly sendMessages: boolean;
}

/** Permissions on one stream, with per-topic overrides. */
export interface StreamPermissions {
  /** The stream. */
  readonly streamId: number;
  /** May update and delete the stream. */
  readonly manageStream: boolean;
  /** May read the stream. */
  readonly readStream: boolean;
  /** May create, update and delete topics. */
  readonly manageTopics: boolean;
  /** May read topics. */
  readonly readTopics: boolean;
  /** May poll messages. */
  readonly pollMessages: boolean;
  /** May send messages. */
  readonly sendMessages: boolean;
  /** The topics. */
  readonly topics: readonly TopicPermissions[];
}

/** A user's full permission set (the crate keeps streams and topics in wire order). */
export interface Permissions {
  /** Server-wide permissions. */
  readonly global: GlobalPermissions;
  /** The streams. */
  readonly streams: readonly StreamPermissions[];
}

const GLOBAL_KEYS = [
  "manageServers",
  "readServers",
  "manageUsers",
  "readUsers",
  "manageStreams",
  "readStreams",
  "manageTopics",
  "readTopics",
  "pollMessages",
  "sendMessages",
] as const;

function flag(w: Writer, b: boolean): void {
  w.u8(b ? 1 : 0);
}

function streamSize(s: StreamPermissions): number {
  return 4 + 6 + 1 + 9 * s.topics.length + 1;
}

/**
 * `WirePermissions`. The only decode error is `TRUNCATED`; a has-next byte other than 0
 * continues the list.
 *
 * @example
 * ```ts
 * import { encodePayload, permissions } from "@streamwire/codec/iggy";
 * const none = { manageServers: false, readServers: false, manageUsers: false, readUsers: false,
 *   manageStreams: false, readStreams: false, manageTopics: false, readTopics: false,
 *   pollMessages: false, sendMessages: false };
 * encodePayload(permissions, { global: none, streams: [] }).length; // 11
 * ```
 */
export const permissions: PayloadCodec<Permissions> = {
  name: "WirePermissions",
  encode(w: Writer, v: Permissions): void {
    w.ensure(this.sizeOf(v));
    for (const k of GLOBAL_KEYS) flag(w, v.global[k]);
    const streams = v.streams;
    flag(w, streams.length > 0);
    for (let i = 0; i < streams.length; i++) {
      const s = streams[i];
      w.u32le(s.streamId);
      flag(w, s.manageStream);
      flag(w, s.readStream);
      flag(w, s.manageTopics);
      flag(w, s.readTopics);
      flag(w, s.pollMessages);
      flag(w, s.sendMessages);
      flag(w, s.topics.length > 0);
      for (let j = 0; j < s.topics.length; j++) {
        const t = s.topics[j];
        w.u32le(t.topicId);
        flag(w, t.manageTopic);
        flag(w, t.readTopic);
        flag(w, t.pollMessages);
        flag(w, t.sendMessages);
        flag(w, j < s.topics.length - 1);
      }
      flag(w, i < streams.length - 1);
    }
  },
  sizeOf(v: Permissions): number {
    let n = 11;
    for (const s of v.streams) n += streamSize(s);
    return n;
  },
  decode(r: Reader): Permissions {
    const g: Record<string, boolean> = {};
    for (const k of GLOBAL_KEYS) g[k] = readBool(r);
    const streams: StreamPermissions[] = [];
    if (readBool(r)) {
      do {
        const streamId = r.u32le();
        const manageStream = readBool(r);
        const readStream = readBool(r);
        const manageTopics = readBool(r);
        const readTopics = readBool(r);
        const pollMessages = readBool(r);
        const sendMessages = readBool(r);
        const topics: TopicPermissions[] = [];
        if (readBool(r)) {
          do {
            topics.push({
              topicId: r.u32le(),
              manageTopic: readBool(r),
              readTopic: readBool(r),
              pollMessages: readBool(r),
              sendMessages: readBool(r),
            });
          } while (readBool(r));
        }
        streams.push({
          streamId,
          manageStream,
          readStream,
          manageTopics,
          readTopics,
          pollMessages,
          sendMessages,
          topics,
        });
      } while (readBool(r));
    }
    return { global: g as unknown as GlobalPermissions, streams };
  },
};
