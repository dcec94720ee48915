/**
 * Differential generators of the user, personal-access-token, partition, segment,
 * consumer-group, consumer-offset and client commands. Every generated value is canonical
 * (e.g. optional strings are `null` or non-empty, counts equal list lengths), so the crate's
 * decode of streamwire's bytes must equal the value itself.
 *
 * @module
 */

import type { Rng } from "./_rng.ts";
import type { DiffType } from "./_types.ts";
import { genAckLevel, genConsumer, genIdentifier, genName, genOptions, genPermissions } from "./iggy_core.ts";
import * as users from "../../src/iggy/commands/users.ts";
import * as pats from "../../src/iggy/commands/personal_access_tokens.ts";
import * as partitions from "../../src/iggy/commands/partitions.ts";
import * as segments from "../../src/iggy/commands/segments.ts";
import * as groups from "../../src/iggy/commands/consumer_groups.ts";
import * as offsets from "../../src/iggy/commands/consumer_offsets.ts";
import * as clients from "../../src/iggy/commands/clients.ts";
import type { ClientVersionInfo } from "../../src/iggy/version.ts";
import type { ConsumerGroupOwner } from "../../src/iggy/primitives/partition.ts";
import { emptyCodec } from "../../src/iggy/codec.ts";

/** A 0–255-byte string (passwords, the PAT token of LoginRegisterWithPat). */
const genU8Str = (r: Rng) => r.str(0, 255);
/** `null` or a non-empty string (a zero length decodes as `null`). */
const genOptStr = (r: Rng) => (r.chance(0.3) ? null : r.str(1, r.chance(0.9) ? 40 : 600));
const genVersionInfo = (r: Rng): ClientVersionInfo => ({
  protocolVersion: r.u32e(),
  sdkName: genName(r),
  sdkVersion: genName(r),
});
const genPermsOrNull = (r: Rng) => (r.chance(0.3) ? null : genPermissions(r));

function genUser(r: Rng): users.UserResponse {
  return {
    id: r.u32e(),
    createdAt: r.u64(),
    status: r.u8(),
    username: genName(r),
    options: genOptions(r),
    derivedOptions: genOptions(r),
  };
}

function genOwner(r: Rng): ConsumerGroupOwner {
  return r.chance(0.2)
    ? { clientId: 0n, session: 0n, generation: r.u64nz() }
    : { clientId: r.u128() || 1n, session: r.u64nz(), generation: r.u64nz() };
}

function genLiveIds(r: Rng, next: bigint): bigint[] {
  if (next === 0n) return [];
  const ids = new Set<bigint>();
  const k = r.len(0, 12);
  for (let i = 0; i < k; i++) ids.add(r.chance(0.2) ? next - 1n : r.u64() % next);
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function genMember(r: Rng): groups.ConsumerGroupMemberResponse {
  const partitions = r.array(0, 6, (x) => x.u32e());
  return { id: r.u32e(), partitionsCount: partitions.length, partitions };
}

function genGroup(r: Rng, membersCount = r.u32e()): groups.ConsumerGroupResponse {
  return { id: r.u32e(), partitionsCount: r.u32e(), membersCount, name: genName(r) };
}

function genClient(r: Rng, consumerGroupsCount = r.u32e()): clients.ClientResponse {
  return {
    clientId: r.u32e(),
    userId: r.u32e(),
    transport: r.u8(),
    address: r.str(0, r.chance(0.9) ? 40 : 400),
    consumerGroupsCount,
  };
}

const empty = () => ({});

/** Every type of the area. */
export const types: DiffType<any>[] = [
  // users
  {
    type: "ChangePassword",
    direction: "request",
    codec: users.changePasswordRequest,
    gen: (r) => ({ userId: genIdentifier(r), currentPassword: genU8Str(r), newPassword: genU8Str(r) }),
  },
  {
    type: "CreateUser",
    direction: "request",
    codec: users.createUserRequest,
    gen: (r) => ({
      username: genName(r),
      password: genU8Str(r),
      status: r.u8(),
      permissions: genPermsOrNull(r),
      options: genOptions(r),
    }),
  },
  {
    type: "DeleteUser",
    direction: "request",
    codec: users.deleteUserRequest,
    gen: (r) => ({ userId: genIdentifier(r) }),
  },
  {
    type: "GetUser",
    direction: "request",
    codec: users.getUserRequest,
    gen: (r) => ({ userId: genIdentifier(r) }),
  },
  {
    type: "GetUser",
    direction: "response",
    codec: users.userDetailsResponse,
    gen: (r) => ({ user: genUser(r), permissions: genPermsOrNull(r) }),
  },
  { type: "GetUsers", direction: "request", codec: users.getUsersRequest, gen: empty },
  {
    type: "GetUsers",
    direction: "response",
    codec: users.getUsersResponse,
    gen: (r) => ({ users: r.array(0, 4, genUser) }),
  },
  { type: "UserResponse", direction: "data", codec: users.userResponse, gen: genUser },
  {
    type: "LoginRegister",
    direction: "request",
    codec: users.loginRegisterRequest,
    gen: (r) => ({
      versionInfo: genVersionInfo(r),
      bindSecret: r.bytes(32),
      username: genName(r),
      password: genU8Str(r),
      clientContext: genOptStr(r),
    }),
  },
  {
    type: "LoginRegisterWithPat",
    direction: "request",
    codec: users.loginRegisterWithPatRequest,
    gen: (r) => ({
      versionInfo: genVersionInfo(r),
      bindSecret: r.bytes(32),
      token: genU8Str(r),
      clientContext: genOptStr(r),
    }),
  },
  ...(["LoginRegister", "LoginRegisterWithPat"] as const).map((
    type,
  ): DiffType<users.LoginRegisterResponse> => ({
    type,
    direction: "response",
    codec: users.loginRegisterResponse,
    gen: (r) => ({
      userId: r.u32e(),
      session: r.u64(),
      serverProtocolVersion: r.u32e(),
      serverVersion: genName(r),
    }),
  })),
  {
    type: "LoginUser",
    direction: "request",
    codec: users.loginUserRequest,
    gen: (r) => ({
      username: genName(r),
      password: genU8Str(r),
      version: genOptStr(r),
      context: genOptStr(r),
    }),
  },
  ...(["LoginUser", "LoginWithPersonalAccessToken"] as const).map((
    type,
  ): DiffType<users.IdentityResponse> => ({
    type,
    direction: "response",
    codec: users.identityResponse,
    gen: (r) => ({ userId: r.u32e() }),
  })),
  { type: "LogoutUser", direction: "request", codec: users.logoutUserRequest, gen: empty },
  {
    type: "UpdatePermissions",
    direction: "request",
    codec: users.updatePermissionsRequest,
    gen: (r) => ({ userId: genIdentifier(r), permissions: genPermsOrNull(r) }),
  },
  {
    type: "UpdateUserResolved",
    direction: "request",
    codec: users.updateUserResolvedRequest,
    gen: (r) => ({
      userId: genIdentifier(r),
      username: r.chance(0.4) ? null : genName(r),
      status: r.chance(0.4) ? null : r.u8(),
      explicitOptions: genOptions(r),
      derivedOptions: genOptions(r),
    }),
  },
  // personal access tokens
  {
    type: "CreatePersonalAccessToken",
    direction: "request",
    codec: pats.createPersonalAccessTokenRequest,
    gen: (r) => ({ name: genName(r), expiry: r.u64() }),
  },
  {
    type: "CreatePersonalAccessToken",
    direction: "response",
    codec: pats.rawPersonalAccessTokenResponse,
    gen: (r) => ({ token: genName(r) }),
  },
  {
    type: "DeletePersonalAccessToken",
    direction: "request",
    codec: pats.deletePersonalAccessTokenRequest,
    gen: (r) => ({ name: genName(r) }),
  },
  {
    type: "GetPersonalAccessTokens",
    direction: "request",
    codec: pats.getPersonalAccessTokensRequest,
    gen: empty,
  },
  {
    type: "GetPersonalAccessTokens",
    direction: "response",
    codec: pats.getPersonalAccessTokensResponse,
    gen: (r) => ({ tokens: r.array(0, 6, (x) => ({ name: genName(x), expiryAt: x.u64() })) }),
  },
  {
    type: "LoginWithPersonalAccessToken",
    direction: "request",
    codec: pats.loginWithPersonalAccessTokenRequest,
    gen: (r) => ({ token: genName(r) }),
  },
  // partitions and segments
  ...([["CreatePartitions", partitions.createPartitionsRequest], [
    "DeletePartitions",
    partitions.deletePartitionsRequest,
  ]] as const)
    .map(([type, codec]): DiffType<partitions.PartitionsRequest> => ({
      type,
      direction: "request",
      codec,
      gen: (r) => ({ streamId: genIdentifier(r), topicId: genIdentifier(r), partitionsCount: r.u32e() }),
    })),
  {
    type: "CreatePartitionsWithAssignments",
    direction: "request",
    codec: partitions.createPartitionsWithAssignmentsRequest,
    gen: (r) => {
      const parts = r.array(
        0,
        8,
        (x) => ({ partitionId: x.u32e(), consensusGroupId: x.u64(), initialView: x.u32e() }),
      );
      return {
        request: { streamId: genIdentifier(r), topicId: genIdentifier(r), partitionsCount: parts.length },
        partitions: parts,
      };
    },
  },
  {
    type: "InstallConsumerGroupOwner",
    direction: "request",
    codec: partitions.installConsumerGroupOwnerRequest,
    gen: (r) => ({ incarnation: r.u64(), groupId: r.u64(), owner: genOwner(r), metadataOp: r.u64nz() }),
  },
  {
    type: "RetireConsumerGroupOwners",
    direction: "request",
    codec: partitions.retireConsumerGroupOwnersRequest,
    gen: (r) => {
      const nextGroupId = r.u64();
      return {
        incarnation: r.u64(),
        metadataOp: r.u64nz(),
        nextGroupId,
        liveGroupIds: genLiveIds(r, nextGroupId),
      };
    },
  },
  {
    type: "TransitionPartitionHistory",
    direction: "request",
    codec: partitions.transitionPartitionHistoryRequest,
    gen: (r) => ({ incarnation: r.u64(), metadataOp: r.u64nz() }),
  },
  {
    type: "DeleteSegments",
    direction: "request",
    codec: segments.deleteSegmentsRequest,
    gen: (r) => ({
      streamId: genIdentifier(r),
      topicId: genIdentifier(r),
      partitionId: r.u32e(),
      segmentsCount: r.u32e(),
    }),
  },
  // consumer groups
  {
    type: "CreateConsumerGroup",
    direction: "request",
    codec: groups.createConsumerGroupRequest,
    gen: (r) => ({ streamId: genIdentifier(r), topicId: genIdentifier(r), name: genName(r) }),
  },
  ...([
    ["DeleteConsumerGroup", groups.deleteConsumerGroupRequest],
    ["GetConsumerGroup", groups.getConsumerGroupRequest],
    ["JoinConsumerGroup", groups.joinConsumerGroupRequest],
    ["LeaveConsumerGroup", groups.leaveConsumerGroupRequest],
    ["SyncConsumerGroup", groups.syncConsumerGroupRequest],
  ] as const).map(([type, codec]): DiffType<groups.ConsumerGroupRef> => ({
    type,
    direction: "request",
    codec,
    gen: (r) => ({ streamId: genIdentifier(r), topicId: genIdentifier(r), groupId: genIdentifier(r) }),
  })),
  {
    type: "GetConsumerGroup",
    direction: "response",
    codec: groups.consumerGroupDetailsResponse,
    gen: (r) => {
      const members = r.array(0, 5, genMember);
      return { group: genGroup(r, members.length), members };
    },
  },
  {
    type: "GetConsumerGroups",
    direction: "request",
    codec: groups.getConsumerGroupsRequest,
    gen: (r) => ({ streamId: genIdentifier(r), topicId: genIdentifier(r) }),
  },
  {
    type: "GetConsumerGroups",
    direction: "response",
    codec: groups.getConsumerGroupsResponse,
    gen: (r) => ({ groups: r.array(0, 5, (x) => genGroup(x)) }),
  },
  {
    type: "SyncConsumerGroup",
    direction: "response",
    codec: groups.syncConsumerGroupResponse,
    gen: (r) => ({ generation: r.u64(), partitions: r.array(0, 10, (x) => x.u32e()) }),
  },
  // consumer offsets
  {
    type: "GetConsumerOffset",
    direction: "request",
    codec: offsets.getConsumerOffsetRequest,
    gen: (r) => ({
      consumer: genConsumer(r),
      streamId: genIdentifier(r),
      topicId: genIdentifier(r),
      partitionId: r.chance(0.3) ? null : r.u32e(),
    }),
  },
  {
    type: "StoreConsumerOffset",
    direction: "request",
    codec: offsets.storeConsumerOffsetRequest,
    gen: (r) => ({
      consumer: genConsumer(r),
      streamId: genIdentifier(r),
      topicId: genIdentifier(r),
      partitionId: r.chance(0.3) ? null : r.u32e(),
      offset: r.u64(),
      ack: genAckLevel(r),
    }),
  },
  {
    type: "DeleteConsumerOffset",
    direction: "request",
    codec: offsets.deleteConsumerOffsetRequest,
    gen: (r) => ({
      consumer: genConsumer(r),
      streamId: genIdentifier(r),
      topicId: genIdentifier(r),
      partitionId: r.chance(0.3) ? null : r.u32e(),
      ack: genAckLevel(r),
    }),
  },
  {
    type: "GetConsumerOffset",
    direction: "response",
    codec: offsets.consumerOffsetResponse,
    gen: (r) => ({ partitionId: r.u32e(), currentOffset: r.u64(), storedOffset: r.u64() }),
  },
  // clients (the GetClient/GetClients requests belong to the system area)
  ...(["GetMe", "GetClient"] as const).map((type): DiffType<clients.ClientDetailsResponse> => ({
    type,
    direction: "response",
    codec: clients.clientDetailsResponse,
    gen: (r) => {
      const consumerGroups = r.array(
        0,
        6,
        (x) => ({ streamId: x.u32e(), topicId: x.u32e(), groupId: x.u32e() }),
      );
      return { client: genClient(r, consumerGroups.length), consumerGroups };
    },
  })),
  {
    type: "GetClients",
    direction: "response",
    codec: clients.getClientsResponse,
    gen: (r) => ({ clients: r.array(0, 5, (x) => genClient(x)) }),
  },
  // empty responses
  ...[
    "ChangePassword",
    "CreateUser",
    "DeleteUser",
    "LogoutUser",
    "UpdatePermissions",
    "DeletePersonalAccessToken",
    "CreatePartitions",
    "DeletePartitions",
    "DeleteSegments",
    "CreateConsumerGroup",
    "DeleteConsumerGroup",
    "JoinConsumerGroup",
    "LeaveConsumerGroup",
    "StoreConsumerOffset",
    "DeleteConsumerOffset",
  ].map((type): DiffType<Record<string, never>> => ({
    type,
    direction: "response",
    codec: emptyCodec("EmptyResponse"),
    gen: empty,
  })),
];
