/**
 * What each Kafka API is for, in this project's own words, and the KIP that introduced it: the
 * one place the generated module docs of `src/kafka/messages/` take these facts from. The
 * schemas' `about` strings are never copied. The generator fails on an API key without an entry,
 * so a new API cannot ship undocumented.
 *
 * `kip` is the Kafka Improvement Proposal that added the API; `null` means the API predates the
 * KIP process (Kafka 0.8 and the 0.9 group protocol, designed before KIPs were required), and
 * `undefined` that no introducing KIP is known to us (the doc then says so).
 *
 * @module
 */

/** Facts about one API. */
export interface ApiFacts {
  /** One or two sentences: what a client or server uses it for. */
  purpose: string;
  /** The introducing KIP; `null` = predates KIPs; absent = not known. */
  kip?: number | null;
  /** What later changed its name or scope, when that matters to a reader of the codec. */
  later?: string;
}

/**
 * KIP page titles on the Apache Kafka wiki, for direct links (the wiki addresses a page by its
 * title). A KIP missing here is linked through the wiki's search instead of a guessed title.
 */
export const KIP_TITLES: Record<number, string> = {
  4: "Command line and centralized administrative operations",
  35: "Retrieving protocol version",
  43: "Kafka SASL enhancements",
  48: "Delegation token support for Kafka",
  98: "Exactly Once Delivery and Transactional Messaging",
  101: "Alter Replication Protocol to use Leader Epoch rather than High Watermark for Truncation",
  107: "Add deleteRecordsBefore() API in AdminClient",
  113: "Support replicas movement between log directories",
  133: "Describe and Alter Configs Admin APIs",
  140: "Add administrative RPCs for adding, deleting, and listing ACLs",
  152: "Improve diagnostics for SASL authentication failures",
  183: "Change PreferredReplicaLeaderElectionCommand to use AdminClient",
  195: "AdminClient.createPartitions",
  229: "DeleteGroups API",
  339: "Create a new IncrementalAlterConfigs API",
  455: "Create an Administrative API for Replica Reassignment",
  496: "Administrative API to delete consumer offsets",
  497: "Add inter-broker API to alter ISR",
  546: "Add Client Quota APIs to the Admin Client",
  554: "Add Broker-side SCRAM Config API",
  584: "Versioning scheme for features",
  590: "Redirect Zookeeper Mutation Protocols to The Controller",
  595: "A Raft Protocol for the Metadata Quorum",
  630: "Kafka Raft Snapshot",
  631: "The Quorum-based Kafka Controller",
  664: "Provide tooling to detect and abort hanging transactions",
  700: "Add Describe Cluster API",
  714: "Client metrics and observability",
  730: "Producer ID generation in KRaft mode",
  848: "The Next Generation of the Consumer Rebalance Protocol",
  853: "KRaft Controller Membership Changes",
  858: "Handle JBOD broker disk failure in KRaft",
  919: "Allow AdminClient to Talk Directly with the KRaft Controller Quorum and add Controller Registration",
  932: "Queues for Kafka",
  966: "Eligible Leader Replicas",
  1071: "Streams Rebalance Protocol",
  1142: "Allow to list non-existent group which has dynamic config",
};

/** The wiki page of a KIP (its search results when the title is not recorded above). */
export function kipUrl(kip: number): string {
  const title = KIP_TITLES[kip];
  if (title === undefined) {
    return `https://cwiki.apache.org/confluence/dosearchsite.action?queryString=KIP-${kip}`;
  }
  const page = encodeURIComponent(`KIP-${kip} - ${title}`).replace(/%20/g, "+");
  return `https://cwiki.apache.org/confluence/display/KAFKA/${page}`;
}

/** Kafka's protocol guide, at the section of one API. */
export function protocolGuideUrl(apiName: string): string {
  return `https://kafka.apache.org/protocol#The_Messages_${apiName}`;
}

const PRE_KIP = null;

/** Facts by Kafka API name. */
export const API_FACTS: Record<string, ApiFacts> = {
  Produce: {
    purpose:
      "Appends record batches to partition logs; the producer's write path. With acks=0 the broker sends no response.",
    kip: PRE_KIP,
  },
  Fetch: {
    purpose:
      "Reads record batches from partition logs starting at given offsets; used by consumers, by follower replicas to copy the leader, and by KRaft voters to replicate the metadata log.",
    kip: PRE_KIP,
  },
  ListOffsets: {
    purpose:
      "Looks up an offset per partition by timestamp or by a special position (earliest, latest, and later the max-timestamp and tiered-storage positions).",
    kip: PRE_KIP,
  },
  Metadata: {
    purpose:
      "Tells a client which brokers exist, which topics and partitions there are, and who leads each partition; the first thing a client asks before producing or fetching.",
    kip: PRE_KIP,
  },
  LeaderAndIsr: {
    purpose:
      "ZooKeeper-mode controller to broker: become leader or follower of these partitions with this in-sync replica set. Gone with ZooKeeper in Kafka 4.0.",
    kip: PRE_KIP,
  },
  StopReplica: {
    purpose:
      "ZooKeeper-mode controller to broker: stop serving (and optionally delete) these replicas. Gone with ZooKeeper in Kafka 4.0.",
    kip: PRE_KIP,
  },
  UpdateMetadata: {
    purpose:
      "ZooKeeper-mode controller to broker: refresh the broker's cached view of the cluster so it can answer Metadata. Gone with ZooKeeper in Kafka 4.0.",
    kip: PRE_KIP,
  },
  ControlledShutdown: {
    purpose:
      "A broker asks the controller to move partition leadership away before it shuts down, so the shutdown causes no unavailability.",
    kip: PRE_KIP,
  },
  OffsetCommit: {
    purpose:
      "Stores a group's consumed positions (offset, leader epoch, metadata string) per partition with the group coordinator.",
    kip: PRE_KIP,
  },
  OffsetFetch: {
    purpose: "Reads back the positions a group committed, so a consumer knows where to resume.",
    kip: PRE_KIP,
  },
  FindCoordinator: {
    purpose:
      "Finds the broker that coordinates a consumer group, a transactional id, or a share group; later versions resolve many keys in one call.",
    kip: PRE_KIP,
    later: "KIP-98 extended it from groups to transactional ids",
  },
  JoinGroup: {
    purpose:
      "First step of the classic group rebalance: a member joins (or rejoins) a group and the coordinator picks a leader and collects every member's protocol metadata.",
    kip: PRE_KIP,
  },
  Heartbeat: {
    purpose: "Keeps a classic group member's session alive and tells it when a rebalance has started.",
    kip: PRE_KIP,
  },
  LeaveGroup: {
    purpose:
      "A member leaves a classic group on purpose, so a rebalance starts without waiting for its session to time out.",
    kip: PRE_KIP,
  },
  SyncGroup: {
    purpose:
      "Second step of the classic rebalance: the leader hands in every member's assignment and each member receives its own.",
    kip: PRE_KIP,
  },
  DescribeGroups: {
    purpose:
      "Returns the state, protocol and members (with their metadata and assignments) of classic groups.",
    kip: PRE_KIP,
  },
  ListGroups: {
    purpose: "Lists the groups a broker coordinates, optionally filtered by state and (later) by group type.",
    kip: PRE_KIP,
  },
  SaslHandshake: {
    purpose:
      "Picks the SASL mechanism for a connection before authentication starts; the broker answers with the mechanisms it enables.",
    kip: 43,
  },
  ApiVersions: {
    purpose:
      "Asks a server which API keys and version ranges it supports (and, later, its feature levels), so a client can choose versions both sides speak.",
    kip: 35,
  },
  CreateTopics: {
    purpose:
      "Creates topics with a partition count and replication factor or an explicit replica assignment, plus topic configs; can validate only.",
    kip: 4,
  },
  DeleteTopics: {
    purpose: "Deletes topics by name or (later) by topic id.",
    kip: 4,
  },
  DeleteRecords: {
    purpose:
      "Moves a partition's log start offset forward, making the records before it unreadable and eligible for deletion.",
    kip: 107,
  },
  InitProducerId: {
    purpose:
      "Gives a producer its producer id and epoch, for idempotent writes and transactions; bumps the epoch to fence an older instance.",
    kip: 98,
  },
  OffsetForLeaderEpoch: {
    purpose:
      "Asks a leader where a given leader epoch ended, so a follower or consumer can detect and truncate divergent log history.",
    kip: 101,
  },
  AddPartitionsToTxn: {
    purpose:
      "Registers partitions with a transaction before the producer writes to them; in later versions brokers use it to verify a transaction.",
    kip: 98,
  },
  AddOffsetsToTxn: {
    purpose:
      "Adds a consumer group's offsets topic partition to a transaction, so offsets can be committed atomically with the writes.",
    kip: 98,
  },
  EndTxn: {
    purpose: "Commits or aborts a transaction at the transaction coordinator.",
    kip: 98,
  },
  WriteTxnMarkers: {
    purpose:
      "Transaction coordinator to partition leaders: write the commit or abort markers that close a transaction in each log.",
    kip: 98,
  },
  TxnOffsetCommit: {
    purpose:
      "Commits consumer offsets as part of a transaction; they become visible only if the transaction commits.",
    kip: 98,
  },
  DescribeAcls: {
    purpose: "Lists the access-control entries that match a filter.",
    kip: 140,
  },
  CreateAcls: {
    purpose: "Adds access-control entries.",
    kip: 140,
  },
  DeleteAcls: {
    purpose: "Removes the access-control entries that match each filter and reports which were removed.",
    kip: 140,
  },
  DescribeConfigs: {
    purpose:
      "Reads the configuration of topics, brokers, broker loggers and other resources, with where each value comes from.",
    kip: 133,
  },
  AlterConfigs: {
    purpose:
      "Replaces the whole dynamic configuration of resources (entries not given are reset); superseded by IncrementalAlterConfigs.",
    kip: 133,
  },
  AlterReplicaLogDirs: {
    purpose: "Moves replicas between the log directories of one broker.",
    kip: 113,
  },
  DescribeLogDirs: {
    purpose:
      "Reports a broker's log directories with the size, lag and state of each replica in them (later also total and usable bytes).",
    kip: 113,
  },
  SaslAuthenticate: {
    purpose:
      "Carries the SASL exchange as ordinary Kafka requests, so authentication failures come back as error codes and messages.",
    kip: 152,
  },
  CreatePartitions: {
    purpose: "Raises the partition count of existing topics, optionally placing the new replicas.",
    kip: 195,
  },
  CreateDelegationToken: {
    purpose:
      "Issues a delegation token for the authenticated principal (or, later, for another owner), for clients that cannot use the primary credentials.",
    kip: 48,
  },
  RenewDelegationToken: {
    purpose: "Extends a delegation token's expiry.",
    kip: 48,
  },
  ExpireDelegationToken: {
    purpose: "Changes a delegation token's expiry time; a negative period expires it at once.",
    kip: 48,
  },
  DescribeDelegationToken: {
    purpose: "Lists delegation tokens, optionally only those of given owners.",
    kip: 48,
  },
  DeleteGroups: {
    purpose: "Deletes empty consumer groups together with their committed offsets.",
    kip: 229,
  },
  ElectLeaders: {
    purpose:
      "Triggers leader election for partitions: preferred-replica election, or (later) unclean election.",
    kip: 183,
    later: "added as ElectPreferredLeaders; KIP-460 renamed it and added unclean elections",
  },
  IncrementalAlterConfigs: {
    purpose:
      "Changes individual configuration entries (set, delete, append to or subtract from a list) without touching the rest.",
    kip: 339,
  },
  AlterPartitionReassignments: {
    purpose: "Starts or cancels moving partition replicas to new brokers.",
    kip: 455,
  },
  ListPartitionReassignments: {
    purpose: "Shows the reassignments in progress, with the replicas being added and removed.",
    kip: 455,
  },
  OffsetDelete: {
    purpose:
      "Deletes a group's committed offsets for given partitions, for partitions the group no longer consumes.",
    kip: 496,
  },
  DescribeClientQuotas: {
    purpose: "Reads the quotas set for users, client ids and IPs that match a filter.",
    kip: 546,
  },
  AlterClientQuotas: {
    purpose: "Sets or removes quotas for user, client-id and IP entities.",
    kip: 546,
  },
  DescribeUserScramCredentials: {
    purpose:
      "Lists which SCRAM mechanisms and iteration counts users have credentials for (never the credentials).",
    kip: 554,
  },
  AlterUserScramCredentials: {
    purpose: "Creates, replaces or deletes users' SCRAM credentials.",
    kip: 554,
  },
  Vote: {
    purpose:
      "KRaft: a candidate asks the other voters of the metadata quorum for their vote in a leader election (later also as a pre-vote).",
    kip: 595,
  },
  BeginQuorumEpoch: {
    purpose: "KRaft: a newly elected leader announces its epoch to the voters.",
    kip: 595,
  },
  EndQuorumEpoch: {
    purpose: "KRaft: a leader that is stepping down tells the voters, so they can elect a successor at once.",
    kip: 595,
  },
  DescribeQuorum: {
    purpose:
      "Describes the metadata quorum: leader, epoch, high watermark, and each voter's and observer's replication progress.",
    kip: 595,
  },
  AlterPartition: {
    purpose:
      "A partition leader asks the controller to change the partition's in-sync replica set (and, later, its leader-recovery state and eligible leaders).",
    kip: 497,
    later: "added as AlterIsr; KIP-841 renamed it",
  },
  UpdateFeatures: {
    purpose: "Raises or lowers cluster-wide finalized feature levels (such as metadata.version).",
    kip: 584,
  },
  Envelope: {
    purpose: "Wraps a client's request, with its principal, when a broker forwards it to the controller.",
    kip: 590,
  },
  FetchSnapshot: {
    purpose:
      "KRaft: a replica fetches a snapshot of the metadata log in chunks when the log it needs has been truncated away.",
    kip: 630,
  },
  DescribeCluster: {
    purpose:
      "Describes the cluster to an admin client: id, controller, brokers (or, from a controller, the controllers) and authorized operations.",
    kip: 700,
  },
  DescribeProducers: {
    purpose:
      "Lists the active idempotent and transactional producers of partitions, with their epochs, last sequences and open transactions.",
    kip: 664,
  },
  BrokerRegistration: {
    purpose:
      "KRaft: a broker registers itself, its listeners, supported features and log directories with the controller quorum on start-up.",
    kip: 631,
  },
  BrokerHeartbeat: {
    purpose:
      "KRaft: a broker's periodic heartbeat to the active controller; the answer tells it whether it is caught up, fenced, or may shut down.",
    kip: 631,
  },
  UnregisterBroker: {
    purpose: "Removes a broker's registration from a KRaft cluster once the broker is decommissioned.",
    kip: 631,
  },
  DescribeTransactions: {
    purpose:
      "Describes transactions by transactional id: state, producer id and epoch, timeout, and the partitions involved.",
    kip: 664,
  },
  ListTransactions: {
    purpose:
      "Lists the transactions a coordinator knows, filtered by state, producer id and (later) duration or id pattern.",
    kip: 664,
  },
  AllocateProducerIds: {
    purpose: "A broker asks the controller for a block of producer ids to hand out.",
    kip: 730,
  },
  ConsumerGroupHeartbeat: {
    purpose:
      "The consumer group protocol of KIP-848: one heartbeat joins, stays in and leaves a group, and carries the assignment the coordinator computes.",
    kip: 848,
  },
  ConsumerGroupDescribe: {
    purpose:
      "Describes consumer groups of the KIP-848 protocol: epochs, assignor, members and their target and current assignments.",
    kip: 848,
  },
  ControllerRegistration: {
    purpose: "KRaft: a controller registers its listeners and supported features with the active controller.",
    kip: 919,
  },
  GetTelemetrySubscriptions: {
    purpose: "A client asks which of its metrics the broker wants pushed, and how often.",
    kip: 714,
  },
  PushTelemetry: {
    purpose:
      "A client pushes its metrics to the broker, in the format and interval the subscription asked for.",
    kip: 714,
  },
  AssignReplicasToDirs: {
    purpose: "KRaft with JBOD: a broker tells the controller which log directory holds each of its replicas.",
    kip: 858,
  },
  ListConfigResources: {
    purpose:
      "Lists the resources that have configuration of given types (client-metrics subscriptions, groups, topics, …).",
    kip: 714,
    later: "added as ListClientMetricsResources; KIP-1142 renamed it and added other resource types",
  },
  DescribeTopicPartitions: {
    purpose:
      "Describes topics' partitions page by page, including the eligible leader replicas; for clusters with many partitions.",
    kip: 966,
  },
  ShareGroupHeartbeat: {
    purpose:
      "Share groups (queues): a member's heartbeat that joins, stays in and leaves a share group and receives its partition assignment.",
    kip: 932,
  },
  ShareGroupDescribe: {
    purpose: "Describes share groups: epochs, assignor and members with their assignments.",
    kip: 932,
  },
  ShareFetch: {
    purpose:
      "Share groups: fetches records under acquisition locks (records are delivered to one member at a time) and can acknowledge earlier ones in the same call.",
    kip: 932,
  },
  ShareAcknowledge: {
    purpose: "Share groups: accepts, releases or rejects records acquired through ShareFetch.",
    kip: 932,
  },
  AddRaftVoter: {
    purpose: "Adds a controller to the KRaft voter set (dynamic quorum membership).",
    kip: 853,
  },
  RemoveRaftVoter: {
    purpose: "Removes a controller from the KRaft voter set.",
    kip: 853,
  },
  UpdateRaftVoter: {
    purpose: "A voter tells the KRaft leader its current endpoints and supported kraft.version range.",
    kip: 853,
  },
  InitializeShareGroupState: {
    purpose: "Share coordinator (inter-broker): creates the persisted delivery state of a share-partition.",
    kip: 932,
  },
  ReadShareGroupState: {
    purpose:
      "Share coordinator (inter-broker): reads a share-partition's persisted delivery state (start offset and in-flight record batches).",
    kip: 932,
  },
  WriteShareGroupState: {
    purpose: "Share coordinator (inter-broker): persists changes to a share-partition's delivery state.",
    kip: 932,
  },
  DeleteShareGroupState: {
    purpose: "Share coordinator (inter-broker): deletes the persisted state of share-partitions.",
    kip: 932,
  },
  ReadShareGroupStateSummary: {
    purpose:
      "Share coordinator (inter-broker): reads just the start offset and state epoch of share-partitions, for describing share-group offsets.",
    kip: 932,
  },
  StreamsGroupHeartbeat: {
    purpose:
      "The Kafka Streams group protocol: a member's heartbeat that joins, stays in and leaves a streams group, reports its topology and receives task assignments.",
    kip: 1071,
  },
  StreamsGroupDescribe: {
    purpose:
      "Describes streams groups: topology, epochs, members and their active, standby and warm-up tasks.",
    kip: 1071,
  },
  DescribeShareGroupOffsets: {
    purpose: "Reads the start offsets a share group has reached per partition.",
    kip: 932,
  },
  AlterShareGroupOffsets: {
    purpose: "Resets a share group's start offsets for given partitions (the group must be empty).",
    kip: 932,
  },
  DeleteShareGroupOffsets: {
    purpose: "Deletes a share group's state for given topics, so it stops consuming them.",
    kip: 932,
  },
  StreamsGroupTopologyDescriptionUpdate: {
    purpose:
      "A streams group member pushes a description of its topology to the group coordinator, for tools that describe the group.",
    kip: 1331,
  },
  UnregisterController: {
    purpose: "Removes a controller's registration from a KRaft cluster.",
  },
};

/**
 * What a field holds, for field names whose meaning is the same in every API they appear in
 * (the generated field doc starts with this sentence, then lists type, versions, nullability,
 * default and tag). Names that mean different things in different APIs are left out.
 */
export const FIELD_MEANINGS: Record<string, string> = {
  errorCode: "Kafka error code, 0 for none (`errorName` gives its name).",
  errorMessage: "Human-readable detail of the error, or null when there is none.",
  throttleTimeMs: "How long the broker throttled this request because of a quota, in ms (0 = not throttled).",
  partitionIndex: "Partition number within its topic.",
  partitionIndexes: "Partition numbers within the topic.",
  topicId: "The topic's UUID (all zeros when unknown or not used at this version).",
  topicName: "Topic name.",
  groupId: "Group id.",
  groupInstanceId: "Static membership id of the member, or null for a dynamic member.",
  memberId: "Member id the coordinator assigned (empty before the first join).",
  memberEpoch: "The member's epoch in the group.",
  host: "Host name or address.",
  port: "TCP port.",
  rack: "Rack of the broker, or null when none is configured.",
  nodeId: "Node (broker or controller) id.",
  brokerId: "Broker (node) id.",
  brokerEpoch: "Epoch of the broker's registration (-1 when not known).",
  leaderId: "Id of the partition leader (-1 when there is none).",
  leaderEpoch: "Leader epoch (-1 when unknown).",
  controllerId: "Id of the active controller (-1 when unknown).",
  clusterId: "Cluster id.",
  producerId: "Producer id (-1 when none).",
  producerEpoch: "Producer epoch (-1 when none).",
  transactionalId: "Transactional id.",
  timeoutMs: "How long the server may wait before answering, in ms.",
  validateOnly: "When true, the request is only validated, nothing is changed.",
  resourceType: "Resource type code (topic, group, broker, …).",
  resourceName: "Name of the resource.",
  principalType: "Principal type, e.g. `User`.",
  principalName: "Principal name.",
};

/** What a field of a given schema `entityType` holds, when its name alone does not say. */
export const ENTITY_MEANINGS: Record<string, { one: string; many: string }> = {
  topicName: { one: "Topic name.", many: "Topic names." },
  brokerId: { one: "Broker (node) id.", many: "Broker (node) ids." },
  groupId: { one: "Group id.", many: "Group ids." },
  producerId: { one: "Producer id.", many: "Producer ids." },
  transactionalId: { one: "Transactional id.", many: "Transactional ids." },
};

/** What each non-API schema (data and header schemas) is, in our words. */
export const SCHEMA_PURPOSES: Record<string, string> = {
  AbortedTxn:
    "One entry of a partition's aborted-transaction index (`.txnindex` files): producer id and offsets.",
  ConsumerProtocolAssignment:
    "The assignment a classic consumer group leader hands each member, carried as opaque " +
    "bytes in SyncGroup (protocol type `consumer`).",
  ConsumerProtocolSubscription:
    "What a classic consumer subscribes to (topics, owned partitions, rack), carried as " +
    "opaque bytes in JoinGroup (protocol type `consumer`).",
  ControlRecordTypeSchema:
    "The key of a control record: its version and type (0 abort, 1 commit, and the KRaft " +
    "control types).",
  DefaultPrincipalData:
    "A Kafka principal serialised by the default principal serde, as forwarded brokers send it " +
    "inside Envelope requests.",
  EndTxnMarker: "The value of a transaction's COMMIT or ABORT control record: the coordinator epoch.",
  KRaftVersionRecord: "KRaft control record: the finalized kraft.version of the metadata log.",
  LeaderChangeMessage: "KRaft control record written by a new quorum leader: who leads and who voted for it.",
  RequestHeader: "The header in front of every request body: API key and version, correlation id, client id.",
  ResponseHeader: "The header in front of every response body: the correlation id of the request it answers.",
  SnapshotFooterRecord: "KRaft control record that ends a metadata snapshot.",
  SnapshotHeaderRecord:
    "KRaft control record that starts a metadata snapshot, with the timestamp of the last " +
    "record the snapshot contains.",
  VotersRecord: "KRaft control record: the voter set of the metadata quorum, with endpoints and supported " +
    "kraft.version ranges.",
};
