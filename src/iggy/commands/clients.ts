/**
 * Client records: the responses of GetMe and GetClient (one connected client with its
 * consumer-group memberships) and GetClients (every client, without memberships). The
 * requests are system commands (`system.ts`).
 *
 * @module
 */

import {
  type CommandCodecs,
  invalidValue,
  type PayloadCodec,
  readUntilEnd,
  sizeOfAll,
  u32String,
} from "../codec.ts";
import { getClientRequest, getClientsRequest, getMeRequest } from "./system.ts";
import { CommandCode } from "../command_codes.ts";

/** A connected client. */
export interface ClientResponse {
  /** Numeric client (connection) id. */
  readonly clientId: number;
  /** The authenticated user; 0 before login. */
  readonly userId: number;
  /** Raw transport byte (1 TCP, 2 QUIC, 3 HTTP, 4 WebSocket on current servers). */
  readonly transport: number;
  /** Remote address, e.g. `127.0.0.1:50000`. */
  readonly address: string;
  /** Number of consumer groups the client belongs to. */
  readonly consumerGroupsCount: number;
}

/** `[client_id:u32][user_id:u32][transport:u8][address_len:u32][address][consumer_groups_count:u32]`. */
export const clientResponse: PayloadCodec<ClientResponse> = {
  name: "ClientResponse",
  encode(w, v) {
    w.u32le(v.clientId);
    w.u32le(v.userId);
    w.u8(v.transport);
    u32String.encode(w, v.address);
    w.u32le(v.consumerGroupsCount);
  },
  sizeOf: (v) => 13 + u32String.sizeOf(v.address),
  decode: (r) => ({
    clientId: r.u32le(),
    userId: r.u32le(),
    transport: r.u8(),
    address: u32String.decode(r),
    consumerGroupsCount: r.u32le(),
  }),
};

/** A consumer group a client belongs to. */
export interface ConsumerGroupInfoResponse {
  /** The stream, by numeric id or name. */
  readonly streamId: number;
  /** The topic, by numeric id or name. */
  readonly topicId: number;
  /** The consumer group, by numeric id or name. */
  readonly groupId: number;
}

/** `[stream_id:u32][topic_id:u32][group_id:u32]`. */
export const consumerGroupInfoResponse: PayloadCodec<ConsumerGroupInfoResponse> = {
  name: "ConsumerGroupInfoResponse",
  encode(w, v) {
    w.u32le(v.streamId);
    w.u32le(v.topicId);
    w.u32le(v.groupId);
  },
  sizeOf: () => 12,
  decode: (r) => ({ streamId: r.u32le(), topicId: r.u32le(), groupId: r.u32le() }),
};

/** `GetClient` response. */
export interface ClientDetailsResponse {
  /** The client record. */
  readonly client: ClientResponse;
  /** Exactly `client.consumerGroupsCount` entries. */
  readonly consumerGroups: readonly ConsumerGroupInfoResponse[];
}

/**
 * `[ClientResponse][ConsumerGroupInfoResponse]*` with `consumer_groups_count` entries (the
 * GetClient and GetMe response).
 *
 * @example
 * ```ts
 * import { clientDetailsResponse, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(clientDetailsResponse, {
 *   client: { clientId: 1, userId: 2, transport: 1, address: "a:1", consumerGroupsCount: 0 },
 *   consumerGroups: [],
 * }).length; // 20
 * ```
 */
export const clientDetailsResponse: PayloadCodec<ClientDetailsResponse> = {
  name: "GetClient",
  encode(w, v) {
    if (v.client.consumerGroupsCount !== v.consumerGroups.length) {
      throw invalidValue(
        "GetClient",
        `consumerGroupsCount ${v.client.consumerGroupsCount} but ${v.consumerGroups.length} group(s)`,
      );
    }
    clientResponse.encode(w, v.client);
    for (const g of v.consumerGroups) consumerGroupInfoResponse.encode(w, g);
  },
  sizeOf: (v) => clientResponse.sizeOf(v.client) + 12 * v.consumerGroups.length,
  decode(r) {
    const client = clientResponse.decode(r);
    const consumerGroups: ConsumerGroupInfoResponse[] = [];
    for (let i = 0; i < client.consumerGroupsCount; i++) {
      consumerGroups.push(consumerGroupInfoResponse.decode(r));
    }
    return { client, consumerGroups };
  },
};

/** `GetClients` response. */
export interface GetClientsResponse {
  /** The client records. */
  readonly clients: readonly ClientResponse[];
}

/** Client records to the end of the payload. */
export const getClientsResponse: PayloadCodec<GetClientsResponse> = {
  name: "GetClients",
  encode(w, v) {
    for (const c of v.clients) clientResponse.encode(w, c);
  },
  sizeOf: (v) => sizeOfAll(clientResponse, v.clients),
  decode: (r) => ({ clients: readUntilEnd(r, clientResponse.decode) }),
};

/** The client queries, for the dispatch table (their requests are system commands). */
export const clientCommands = [
  { code: CommandCode.GetMe, name: "GetMe", request: getMeRequest, response: clientDetailsResponse },
  {
    code: CommandCode.GetClient,
    name: "GetClient",
    request: getClientRequest,
    response: clientDetailsResponse,
  },
  {
    code: CommandCode.GetClients,
    name: "GetClients",
    request: getClientsRequest,
    response: getClientsResponse,
  },
] as const satisfies readonly CommandCodecs[];
