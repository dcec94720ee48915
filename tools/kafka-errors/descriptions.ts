/**
 * What each Kafka error code means for the client that receives it, in our words (Kafka's own
 * message strings are not copied). Input of gen.ts, which writes them into `src/kafka/errors.ts`
 * and fails when a code kafka-clients defines has no entry here, or an entry names no code.
 *
 * @module
 */

/** kafka-clients' enum name → one sentence: when a broker answers with it, and what it implies. */
export const DESCRIPTIONS: Readonly<Record<string, string>> = {
  UNKNOWN_SERVER_ERROR: "The broker failed while handling the request for a reason it has no code for.",
  NONE: "No error: the request, or this part of it, succeeded.",
  OFFSET_OUT_OF_RANGE: "The fetch offset lies before the log start or after the log end of the partition.",
  CORRUPT_MESSAGE:
    "The broker could not read a record batch (bad CRC, impossible size, or other corruption).",
  UNKNOWN_TOPIC_OR_PARTITION:
    "The topic or partition does not exist on this broker (not created yet, deleted, or stale metadata).",
  INVALID_FETCH_SIZE: "The fetch asked for a maximum number of bytes the broker does not accept.",
  LEADER_NOT_AVAILABLE:
    "An election is under way (or the topic was just created): the partition has no leader to serve this.",
  NOT_LEADER_OR_FOLLOWER:
    "This broker is not the partition's leader (or not a replica of it): refresh metadata.",
  REQUEST_TIMED_OUT:
    "The broker gave up waiting, e.g. for replicas to acknowledge, before the request's timeout.",
  BROKER_NOT_AVAILABLE: "The broker that was addressed is not alive.",
  REPLICA_NOT_AVAILABLE:
    "A replica the request needs (e.g. for DescribeLogDirs or a fetch from a follower) is offline.",
  MESSAGE_TOO_LARGE: "A record batch is larger than the broker or topic allows.",
  STALE_CONTROLLER_EPOCH: "The request came from a controller whose epoch is older than the current one.",
  OFFSET_METADATA_TOO_LARGE: "The metadata string of an offset commit is longer than the broker accepts.",
  NETWORK_EXCEPTION: "Client-side: the connection was lost while the request waited for its response.",
  COORDINATOR_LOAD_IN_PROGRESS: "The group or transaction coordinator is still loading its state: try again.",
  COORDINATOR_NOT_AVAILABLE: "No coordinator is active for the group or transactional id at the moment.",
  NOT_COORDINATOR: "This broker is not the coordinator for the group or transactional id: find it again.",
  INVALID_TOPIC_EXCEPTION:
    "The topic name is not valid, or the topic is internal and cannot be used this way.",
  RECORD_LIST_TOO_LARGE:
    "A partition's records in one produce request do not fit in a log segment (segment.bytes).",
  NOT_ENOUGH_REPLICAS:
    "The leader refused the write because the partition has fewer in-sync replicas than min.insync.replicas.",
  NOT_ENOUGH_REPLICAS_AFTER_APPEND:
    "The leader appended the batch, but the in-sync replica count fell below min.insync.replicas before acks.",
  INVALID_REQUIRED_ACKS: "The produce request's acks value is not one of -1, 0 or 1.",
  ILLEGAL_GENERATION: "The member's generation is not the group's current one: rejoin the group.",
  INCONSISTENT_GROUP_PROTOCOL:
    "The member's protocol type or protocols do not match those of the group's other members.",
  INVALID_GROUP_ID: "The group id is empty or otherwise not acceptable.",
  UNKNOWN_MEMBER_ID:
    "The member id is not (or no longer) in the group, e.g. after its session expired: join again.",
  INVALID_SESSION_TIMEOUT: "The member's session timeout lies outside group.min/max.session.timeout.ms.",
  REBALANCE_IN_PROGRESS:
    "A rebalance has started: the member has to join again before it commits offsets or syncs.",
  INVALID_COMMIT_OFFSET_SIZE: "The offset commit request is too large to be stored.",
  TOPIC_AUTHORIZATION_FAILED: "The principal is not allowed to perform this operation on the topic.",
  GROUP_AUTHORIZATION_FAILED: "The principal is not allowed to perform this operation on the group.",
  CLUSTER_AUTHORIZATION_FAILED: "The principal is not allowed to perform this cluster-level operation.",
  INVALID_TIMESTAMP:
    "A record's timestamp is too far from the broker's clock for the topic's settings (message.timestamp.*).",
  UNSUPPORTED_SASL_MECHANISM:
    "The SASL mechanism named in SaslHandshake is not enabled on the broker's listener.",
  ILLEGAL_SASL_STATE: "The request arrived at a point of the SASL exchange where it is not expected.",
  UNSUPPORTED_VERSION: "The broker does not support this API version (negotiate with ApiVersions).",
  TOPIC_ALREADY_EXISTS: "The topic to create exists already.",
  INVALID_PARTITIONS:
    "The partition count is not valid (e.g. zero, negative, or not larger than the current one).",
  INVALID_REPLICATION_FACTOR:
    "The replication factor cannot be met: below 1, or more replicas than live brokers.",
  INVALID_REPLICA_ASSIGNMENT:
    "The replica assignment given for a new topic or partitions does not hold (unknown brokers, duplicates, uneven lengths).",
  INVALID_CONFIG: "A configuration entry has an unknown name or a value that is not acceptable.",
  NOT_CONTROLLER: "This broker is not the active controller: send the request to the current one.",
  INVALID_REQUEST: "The request is malformed or inconsistent in a way no more specific code covers.",
  UNSUPPORTED_FOR_MESSAGE_FORMAT: "The operation needs a newer record format than the topic uses.",
  POLICY_VIOLATION: "The request breaks a policy configured on the broker (create topic, alter config, …).",
  OUT_OF_ORDER_SEQUENCE_NUMBER:
    "An idempotent producer's sequence number is not the one the broker expects next.",
  DUPLICATE_SEQUENCE_NUMBER: "The batch's sequence number was already written: the batch is a duplicate.",
  INVALID_PRODUCER_EPOCH: "The producer's epoch is older than the current one for its producer id.",
  INVALID_TXN_STATE: "The transactional request does not fit the transaction's current state.",
  INVALID_PRODUCER_ID_MAPPING: "The producer id does not belong to the transactional id that was given.",
  INVALID_TRANSACTION_TIMEOUT:
    "The producer's transaction.timeout.ms exceeds the broker's transaction.max.timeout.ms.",
  CONCURRENT_TRANSACTIONS: "Another operation on the same transactional id is still completing: try again.",
  TRANSACTION_COORDINATOR_FENCED: "A newer transaction coordinator has taken over this transactional id.",
  TRANSACTIONAL_ID_AUTHORIZATION_FAILED: "The principal is not allowed to use this transactional id.",
  SECURITY_DISABLED: "The operation needs security features that are not enabled on the broker.",
  OPERATION_NOT_ATTEMPTED: "The broker skipped this part of the request because another part of it failed.",
  KAFKA_STORAGE_ERROR: "The broker's log directory for the partition is offline or failed on disk.",
  LOG_DIR_NOT_FOUND: "The log directory named in the request does not exist on the broker.",
  SASL_AUTHENTICATION_FAILED: "The credentials were rejected during SASL authentication.",
  UNKNOWN_PRODUCER_ID: "The broker has no state for this producer id (its data may have expired).",
  REASSIGNMENT_IN_PROGRESS: "The partition is being reassigned, which blocks this operation.",
  DELEGATION_TOKEN_AUTH_DISABLED: "The broker has no delegation token support configured.",
  DELEGATION_TOKEN_NOT_FOUND: "No delegation token matches the one given.",
  DELEGATION_TOKEN_OWNER_MISMATCH: "The principal is neither the token's owner nor one of its renewers.",
  DELEGATION_TOKEN_REQUEST_NOT_ALLOWED:
    "Token operations need an authenticated, non-token session; this connection is plaintext, one-way TLS or token-based.",
  DELEGATION_TOKEN_AUTHORIZATION_FAILED:
    "The principal is not allowed to perform this delegation token operation.",
  DELEGATION_TOKEN_EXPIRED: "The delegation token is past its expiry time.",
  INVALID_PRINCIPAL_TYPE: "The request names a principal type (other than User) the broker cannot handle.",
  NON_EMPTY_GROUP: "The group still has members, so it cannot be deleted.",
  GROUP_ID_NOT_FOUND: "No group with this id exists.",
  FETCH_SESSION_ID_NOT_FOUND: "The broker has no incremental fetch session with this id: start a new one.",
  INVALID_FETCH_SESSION_EPOCH: "The fetch session epoch is not the next one the broker expects.",
  LISTENER_NOT_FOUND: "The leader has no endpoint for the listener the request arrived on.",
  TOPIC_DELETION_DISABLED: "The broker has delete.topic.enable off, so topics cannot be deleted.",
  FENCED_LEADER_EPOCH: "The client's leader epoch lags the broker's: its metadata is outdated.",
  UNKNOWN_LEADER_EPOCH:
    "The client's leader epoch is ahead of the broker's, which has not yet seen the election: retry.",
  UNSUPPORTED_COMPRESSION_TYPE: "The compression type cannot be used with the API version of the request.",
  STALE_BROKER_EPOCH: "The broker epoch in the request is older than the current one for that broker.",
  OFFSET_NOT_AVAILABLE: "The leader cannot serve this offset yet (its high watermark is not established).",
  MEMBER_ID_REQUIRED: "The group needs a member id: join again with the id the coordinator returned.",
  PREFERRED_LEADER_NOT_AVAILABLE: "The preferred replica could not be elected leader.",
  GROUP_MAX_SIZE_REACHED: "The group already has as many members as the broker allows.",
  FENCED_INSTANCE_ID: "Another member joined with the same group.instance.id and replaced this one.",
  ELIGIBLE_LEADERS_NOT_AVAILABLE: "No replica eligible for the requested kind of election is available.",
  ELECTION_NOT_NEEDED: "The partition already has the leader the election would choose.",
  NO_REASSIGNMENT_IN_PROGRESS: "The partition has no reassignment to cancel or alter.",
  GROUP_SUBSCRIBED_TO_TOPIC: "The group's members still consume the topic, so its offsets cannot be deleted.",
  INVALID_RECORD:
    "The broker rejected a record for breaking a rule of the topic (e.g. a null key when compacted).",
  UNSTABLE_OFFSET_COMMIT: "The partition has an offset commit still pending in a transaction: try again.",
  THROTTLING_QUOTA_EXCEEDED: "The request would exceed the principal's quota for this kind of operation.",
  PRODUCER_FENCED:
    "This producer was replaced: another instance initialised the same transactional id with a higher epoch.",
  RESOURCE_NOT_FOUND: "The resource the request names does not exist.",
  DUPLICATE_RESOURCE: "The request names the same resource more than once.",
  UNACCEPTABLE_CREDENTIAL:
    "The credential (e.g. SCRAM iterations or password) does not meet the broker's rules.",
  INCONSISTENT_VOTER_SET: "The sender and the receiver disagree on the members of the KRaft voter set.",
  INVALID_UPDATE_VERSION:
    "The feature level asked for cannot be set (outside the supported range, or a downgrade not allowed).",
  FEATURE_UPDATE_FAILED: "The controller could not apply the feature update.",
  PRINCIPAL_DESERIALIZATION_FAILURE: "The principal forwarded with the request could not be read back.",
  SNAPSHOT_NOT_FOUND: "The KRaft snapshot asked for does not exist.",
  POSITION_OUT_OF_RANGE: "The position asked for lies outside the KRaft snapshot.",
  UNKNOWN_TOPIC_ID:
    "No topic with this topic id exists on the broker (stale metadata, or the topic was deleted).",
  DUPLICATE_BROKER_REGISTRATION: "Another live broker has already registered with this broker id.",
  BROKER_ID_NOT_REGISTERED: "The controller has no registration for the broker id in the request.",
  INCONSISTENT_TOPIC_ID: "The topic id does not match the one this broker has for the topic name.",
  INCONSISTENT_CLUSTER_ID: "The cluster id the sender expects differs from this node's.",
  TRANSACTIONAL_ID_NOT_FOUND: "The transaction coordinator has no state for this transactional id.",
  FETCH_SESSION_TOPIC_ID_ERROR:
    "Topic ids appeared in a fetch session that used names, or went missing from one that used ids.",
  INELIGIBLE_REPLICA: "The replica cannot join the in-sync set (e.g. it is fenced or shutting down).",
  NEW_LEADER_ELECTED:
    "The partition state was changed, but the change elected a new leader (AlterPartition).",
  OFFSET_MOVED_TO_TIERED_STORAGE: "The offset is only in tiered (remote) storage, not in the local log.",
  FENCED_MEMBER_EPOCH: "The member epoch is not current (the consumer group protocol): rejoin with epoch 0.",
  UNRELEASED_INSTANCE_ID:
    "The static member's group.instance.id has not been given up by the member that used it before.",
  UNSUPPORTED_ASSIGNOR: "The group coordinator does not support the server-side assignor asked for.",
  STALE_MEMBER_EPOCH: "The member epoch is older than the coordinator's, but the member may still catch up.",
  MISMATCHED_ENDPOINT_TYPE:
    "The request reached a broker endpoint when a controller was expected, or the reverse.",
  UNSUPPORTED_ENDPOINT_TYPE: "This kind of endpoint does not serve the API.",
  UNKNOWN_CONTROLLER_ID: "The controller id in the request names no controller of the quorum.",
  UNKNOWN_SUBSCRIPTION_ID: "The client telemetry subscription id is not the broker's current one.",
  TELEMETRY_TOO_LARGE: "A PushTelemetry payload exceeded the size limit the broker announced.",
  INVALID_REGISTRATION: "The controller refused the broker's registration.",
  TRANSACTION_ABORTABLE: "The transaction hit an error it cannot recover from: abort it and start again.",
  INVALID_RECORD_STATE: "The share-group record is not in a state that allows this acknowledgement.",
  SHARE_SESSION_NOT_FOUND: "The broker has no share session for this member: open a new one.",
  INVALID_SHARE_SESSION_EPOCH: "The share session epoch is not the next one the broker expects.",
  FENCED_STATE_EPOCH: "The share-group state epoch is older than the one stored.",
  INVALID_VOTER_KEY: "The voter's id and directory id do not match a voter the receiver knows.",
  DUPLICATE_VOTER: "Adding the voter failed: it is a member of the KRaft voter set already.",
  VOTER_NOT_FOUND: "Removing or updating the voter failed: the KRaft voter set does not contain it.",
  INVALID_REGULAR_EXPRESSION: "The subscription's regular expression does not compile.",
  REBOOTSTRAP_REQUIRED: "The client's view of the cluster is unusable: it must bootstrap its metadata again.",
  STREAMS_INVALID_TOPOLOGY: "The Streams group member described a topology the coordinator cannot accept.",
  STREAMS_INVALID_TOPOLOGY_EPOCH: "The topology epoch a Streams member sent does not match the group's.",
  STREAMS_TOPOLOGY_FENCED: "A Streams member runs an older topology than the group has moved to.",
  SHARE_SESSION_LIMIT_REACHED: "The broker already holds as many share sessions as it allows.",
  GROUP_DELETION_FAILED: "Deleting the group failed on the coordinator.",
  STREAMS_TOPOLOGY_DESCRIPTION_UPDATE_FAILED: "Storing the Streams group's new topology description failed.",
  CONTROLLER_ID_NOT_REGISTERED: "No controller has registered with this id.",
};
