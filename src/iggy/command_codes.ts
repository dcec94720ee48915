/**
 * Iggy command codes by name (the crate's `codes.rs` constants without `_CODE`, in PascalCase):
 * `CommandCode.CreateStream === 202`. The command table ({@linkcode COMMAND_TABLE}) is built
 * from these, so each code is stated once. (`Command` names the VSR consensus commands.)
 *
 * @module
 */

/**
 * Every live Iggy command code, by name. Retired codes are not here.
 *
 * @example
 * ```ts
 * import { CommandCode, decodeRequestBody } from "@streamwire/codec/iggy";
 * CommandCode.CreateStream; // 202
 * decodeRequestBody(CommandCode.CreateStream, new Uint8Array([1, 0x61])).name; // "a"
 * ```
 */
export const CommandCode = {
  Ping: 1,
  GetStats: 10,
  GetSnapshot: 11,
  GetClusterMetadata: 12,
  DescribeOptions: 13,
  BindSession: 15,
  UpdateResource: 16,
  GetMetadataChanges: 17,
  GetMe: 20,
  GetClient: 21,
  GetClients: 22,
  GetUser: 31,
  GetUsers: 32,
  CreateUser: 33,
  DeleteUser: 34,
  UpdatePermissions: 36,
  ChangePassword: 37,
  LoginUser: 38,
  LogoutUser: 39,
  LoginRegister: 40,
  GetPersonalAccessTokens: 41,
  CreatePersonalAccessToken: 42,
  DeletePersonalAccessToken: 43,
  LoginWithPersonalAccessToken: 44,
  LoginRegisterWithPat: 45,
  PollMessages: 100,
  SendMessages: 101,
  GetPartitionRoute: 105,
  GetConsumerOffset: 120,
  StoreConsumerOffset: 121,
  DeleteConsumerOffset: 122,
  GetStream: 200,
  GetStreams: 201,
  CreateStream: 202,
  DeleteStream: 203,
  GetTopic: 300,
  GetTopics: 301,
  CreateTopic: 302,
  DeleteTopic: 303,
  CreatePartitions: 402,
  DeletePartitions: 403,
  DeleteSegments: 503,
  GetConsumerGroup: 600,
  GetConsumerGroups: 601,
  CreateConsumerGroup: 602,
  DeleteConsumerGroup: 603,
  JoinConsumerGroup: 604,
  LeaveConsumerGroup: 605,
  SyncConsumerGroup: 606,
} as const;

/** The name of an Iggy command (a key of {@linkcode CommandCode}). */
export type CommandName = keyof typeof CommandCode;

/** A live Iggy command code (a value of {@linkcode CommandCode}). */
export type CommandCodeValue = (typeof CommandCode)[CommandName];
