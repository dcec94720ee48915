//! JSON forms (vectors/README.md "Values in JSON") of the crate values the Iggy-core area
//! renders: primitives, version info, frames, system/stream/topic requests and responses.
//! Built from the crate's decoded values only.

#![allow(dead_code)]

use iggy_binary_protocol::primitives::options::WireOptions;
use iggy_binary_protocol::version::ClientVersionInfo;
use iggy_binary_protocol::{
    AckLevel, ConsumerGroupOwner, CreatedPartitionAssignment, PartitionContext, WireConsumer,
    WireIdentifier, WireName, WirePartitioning, WirePermissions, WirePollingStrategy,
};
use serde_json::{Value, json};

pub fn hex(b: &[u8]) -> Value {
    json!(iggy_oracle::hex(b))
}

/// u64/u128 as a decimal string.
pub fn big<T: ToString>(v: T) -> Value {
    json!(v.to_string())
}

/// f32 as a JSON number, with the vectors' spellings of the non-finite values.
pub fn f32v(v: f32) -> Value {
    if v.is_nan() {
        // The canonical quiet NaN is "NaN"; any other NaN keeps its bits: "NaN:<8 hex digits>".
        if v.to_bits() == 0x7fc0_0000 { json!("NaN") } else { json!(format!("NaN:{:08x}", v.to_bits())) }
    } else if v == f32::INFINITY {
        json!("Infinity")
    } else if v == f32::NEG_INFINITY {
        json!("-Infinity")
    } else if v == 0.0 && v.is_sign_negative() {
        json!("-0")
    } else {
        json!(f64::from(v))
    }
}

pub fn name(n: &WireName) -> Value {
    json!(n.as_str())
}

pub fn opt<T>(v: &Option<T>, f: impl Fn(&T) -> Value) -> Value {
    v.as_ref().map_or(Value::Null, f)
}

pub fn empty<T>(_: &T) -> Value {
    json!({})
}

pub fn ident(id: &WireIdentifier) -> Value {
    match id {
        WireIdentifier::Numeric(v) => json!({ "kind": "numeric", "value": v }),
        WireIdentifier::String(s) => json!({ "kind": "string", "value": s.as_str() }),
    }
}

pub fn consumer(c: &WireConsumer) -> Value {
    let kind = match c.kind {
        1 => "consumer",
        2 => "consumerGroup",
        3 => "externalGroup",
        other => panic!("the crate decoded consumer kind {other}"),
    };
    json!({ "kind": kind, "id": ident(&c.id) })
}

pub fn partitioning(p: &WirePartitioning) -> Value {
    match p {
        WirePartitioning::Balanced => json!({ "kind": "balanced" }),
        WirePartitioning::PartitionId(id) => json!({ "kind": "partitionId", "value": id }),
        WirePartitioning::MessagesKey(k) => json!({ "kind": "messagesKey", "value": hex(k) }),
    }
}

pub fn polling(p: &WirePollingStrategy) -> Value {
    let kind = match p.kind {
        1 => "offset",
        2 => "timestamp",
        3 => "first",
        4 => "last",
        5 => "next",
        other => panic!("the crate decoded polling kind {other}"),
    };
    json!({ "kind": kind, "value": big(p.value) })
}

pub fn ack(a: &AckLevel) -> Value {
    match a {
        AckLevel::NoAck => json!("noAck"),
        AckLevel::Quorum => json!("quorum"),
    }
}

pub fn options(o: &WireOptions) -> Value {
    hex(o.as_bytes())
}

pub fn permissions(p: &WirePermissions) -> Value {
    let g = &p.global;
    json!({
        "global": {
            "manageServers": g.manage_servers, "readServers": g.read_servers,
            "manageUsers": g.manage_users, "readUsers": g.read_users,
            "manageStreams": g.manage_streams, "readStreams": g.read_streams,
            "manageTopics": g.manage_topics, "readTopics": g.read_topics,
            "pollMessages": g.poll_messages, "sendMessages": g.send_messages,
        },
        "streams": p.streams.iter().map(|s| json!({
            "streamId": s.stream_id,
            "manageStream": s.manage_stream, "readStream": s.read_stream,
            "manageTopics": s.manage_topics, "readTopics": s.read_topics,
            "pollMessages": s.poll_messages, "sendMessages": s.send_messages,
            "topics": s.topics.iter().map(|t| json!({
                "topicId": t.topic_id,
                "manageTopic": t.manage_topic, "readTopic": t.read_topic,
                "pollMessages": t.poll_messages, "sendMessages": t.send_messages,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

pub fn assignment(a: &CreatedPartitionAssignment) -> Value {
    json!({ "partitionId": a.partition_id, "consensusGroupId": big(a.consensus_group_id), "initialView": a.initial_view })
}

pub fn context(c: &PartitionContext) -> Value {
    json!({ "incarnation": big(c.incarnation), "ownerGeneration": big(c.owner_generation), "metadataOp": big(c.metadata_op) })
}

pub fn owner(o: &ConsumerGroupOwner) -> Value {
    json!({ "clientId": big(o.client_id), "session": big(o.session), "generation": big(o.generation) })
}

pub fn version_info(v: &ClientVersionInfo) -> Value {
    json!({ "protocolVersion": v.protocol_version, "sdkName": name(&v.sdk_name), "sdkVersion": name(&v.sdk_version) })
}

// ---- streams ----

use iggy_binary_protocol::requests::streams::*;
use iggy_binary_protocol::requests::system::*;
use iggy_binary_protocol::requests::topics::*;
use iggy_binary_protocol::responses::streams::{GetStreamResponse, GetStreamsResponse, StreamResponse, TopicHeader};
use iggy_binary_protocol::responses::system::{
    ClusterMetadataResponse, DescribeOptionsResponse, GetSnapshotResponse, StatsResponse,
};
use iggy_binary_protocol::responses::topics::{GetTopicResponse, GetTopicsResponse, PartitionResponse};
use secrecy::ExposeSecret;

pub fn create_stream(r: &CreateStreamRequest) -> Value {
    json!({ "name": name(&r.name), "options": options(&r.options) })
}

pub fn stream_id_req(id: &WireIdentifier) -> Value {
    json!({ "streamId": ident(id) })
}

pub fn stream_response(s: &StreamResponse) -> Value {
    json!({
        "id": s.id, "createdAt": big(s.created_at), "topicsCount": s.topics_count,
        "sizeBytes": big(s.size_bytes), "messagesCount": big(s.messages_count), "name": name(&s.name),
        "options": options(&s.options), "derivedOptions": options(&s.derived_options),
    })
}

pub fn topic_header(t: &TopicHeader) -> Value {
    json!({
        "id": t.id, "createdAt": big(t.created_at), "partitionsCount": t.partitions_count,
        "sizeBytes": big(t.size_bytes), "messagesCount": big(t.messages_count), "name": name(&t.name),
        "options": options(&t.options), "derivedOptions": options(&t.derived_options),
    })
}

pub fn get_stream_response(r: &GetStreamResponse) -> Value {
    json!({ "stream": stream_response(&r.stream), "topics": r.topics.iter().map(topic_header).collect::<Vec<_>>() })
}

pub fn get_streams_response(r: &GetStreamsResponse) -> Value {
    json!({ "streams": r.streams.iter().map(stream_response).collect::<Vec<_>>() })
}

pub fn update_stream_resolved(r: &UpdateStreamResolvedRequest) -> Value {
    json!({
        "streamId": ident(&r.stream_id), "name": opt(&r.name, name),
        "explicitOptions": options(&r.explicit_options), "derivedOptions": options(&r.derived_options),
    })
}

pub fn rewrap_stream_keys(r: &RewrapStreamKeysRequest) -> Value {
    json!({ "entries": r.entries.iter().map(|e| json!({
        "streamId": e.stream_id, "createdOp": big(e.created_op),
        "keyFingerprint": hex(&e.key_fingerprint), "wrapSet": hex(&e.wrap_set),
    })).collect::<Vec<_>>() })
}

// ---- topics ----

pub fn create_topic(r: &CreateTopicRequest) -> Value {
    json!({
        "streamId": ident(&r.stream_id), "partitionsCount": r.partitions_count,
        "name": name(&r.name), "options": options(&r.options),
    })
}

pub fn topic_id_req(stream_id: &WireIdentifier, topic_id: &WireIdentifier) -> Value {
    json!({ "streamId": ident(stream_id), "topicId": ident(topic_id) })
}

pub fn create_topic_with_assignments(r: &CreateTopicWithAssignmentsRequest) -> Value {
    json!({
        "request": create_topic(&r.request), "derivedOptions": options(&r.derived_options),
        "partitions": r.partitions.iter().map(assignment).collect::<Vec<_>>(),
    })
}

pub fn update_topic_resolved(r: &UpdateTopicResolvedRequest) -> Value {
    json!({
        "streamId": ident(&r.stream_id), "topicId": ident(&r.topic_id), "name": opt(&r.name, name),
        "explicitOptions": options(&r.explicit_options), "derivedOptions": options(&r.derived_options),
    })
}

pub fn partition_response(p: &PartitionResponse) -> Value {
    #[allow(unused_mut)]
    let mut v = json!({
        "id": p.id, "createdAt": big(p.created_at), "segmentsCount": p.segments_count,
        "currentOffset": big(p.current_offset), "sizeBytes": big(p.size_bytes),
        "messagesCount": big(p.messages_count), "context": context(&p.context),
    });
    #[cfg(feature = "edge8")]
    {
        v["members"] = json!(iggy_oracle::hex(&p.members));
        v["inSyncMembers"] = json!(iggy_oracle::hex(&p.in_sync_members));
    }
    v
}

pub fn get_topic_response(r: &GetTopicResponse) -> Value {
    json!({ "topic": topic_header(&r.topic), "partitions": r.partitions.iter().map(partition_response).collect::<Vec<_>>() })
}

pub fn get_topics_response(r: &GetTopicsResponse) -> Value {
    json!({ "topics": r.topics.iter().map(topic_header).collect::<Vec<_>>() })
}

// ---- system ----

pub fn get_client(r: &GetClientRequest) -> Value {
    json!({ "clientId": r.client_id })
}

pub fn get_snapshot(r: &GetSnapshotRequest) -> Value {
    json!({ "compression": r.compression, "snapshotTypes": r.snapshot_types })
}

pub fn get_snapshot_response(r: &GetSnapshotResponse) -> Value {
    json!({ "data": hex(&r.data) })
}

pub fn stats(s: &StatsResponse) -> Value {
    json!({
        "processId": s.process_id, "cpuUsage": f32v(s.cpu_usage), "totalCpuUsage": f32v(s.total_cpu_usage),
        "memoryUsage": big(s.memory_usage), "totalMemory": big(s.total_memory),
        "availableMemory": big(s.available_memory), "runTime": big(s.run_time), "startTime": big(s.start_time),
        "readBytes": big(s.read_bytes), "writtenBytes": big(s.written_bytes),
        "messagesSizeBytes": big(s.messages_size_bytes), "streamsCount": s.streams_count,
        "topicsCount": s.topics_count, "partitionsCount": s.partitions_count, "segmentsCount": s.segments_count,
        "messagesCount": big(s.messages_count), "clientsCount": s.clients_count,
        "consumerGroupsCount": s.consumer_groups_count, "hostname": s.hostname, "osName": s.os_name,
        "osVersion": s.os_version, "kernelVersion": s.kernel_version,
        "iggyServerVersion": s.iggy_server_version, "iggyServerSemver": s.iggy_server_semver,
        "cacheMetrics": s.cache_metrics.iter().map(|c| json!({
            "streamId": c.stream_id, "topicId": c.topic_id, "partitionId": c.partition_id,
            "hits": big(c.hits), "misses": big(c.misses), "hitRatio": f32v(c.hit_ratio),
        })).collect::<Vec<_>>(),
        "threadsCount": s.threads_count, "freeDiskSpace": big(s.free_disk_space),
        "totalDiskSpace": big(s.total_disk_space), "openFilesCount": big(s.open_files_count),
        "openFilesLimit": big(s.open_files_limit),
    })
}

pub fn cluster_metadata(c: &ClusterMetadataResponse) -> Value {
    json!({ "name": c.name, "nodes": c.nodes.iter().map(|n| json!({
        "replicaId": n.replica_id, "name": n.name, "ip": n.ip, "tcpPort": n.tcp_port,
        "quicPort": n.quic_port, "httpPort": n.http_port, "websocketPort": n.websocket_port,
        "role": n.role, "status": n.status,
    })).collect::<Vec<_>>() })
}

pub fn describe_options(r: &DescribeOptionsRequest) -> Value {
    json!({ "scope": r.scope })
}

pub fn describe_options_response(r: &DescribeOptionsResponse) -> Value {
    json!({ "entries": r.entries.iter().map(|e| json!({
        "key": name(&e.key), "kind": e.kind, "flags": e.flags,
        "defaultValue": hex(&e.default_value), "description": e.description,
    })).collect::<Vec<_>>() })
}

pub fn target(t: &ResourceTarget) -> Value {
    match t {
        ResourceTarget::Topic { stream_id, topic_id } => json!({ "kind": "topic", "streamId": ident(stream_id), "topicId": ident(topic_id) }),
        ResourceTarget::Stream { stream_id } => json!({ "kind": "stream", "streamId": ident(stream_id) }),
        ResourceTarget::User { user_id } => json!({ "kind": "user", "userId": ident(user_id) }),
    }
}

pub fn update_resource(r: &UpdateResourceRequest) -> Value {
    json!({
        "target": target(&r.target), "reset": r.reset.iter().map(name).collect::<Vec<_>>(),
        "options": options(&r.options),
    })
}

pub fn identity(i: &SessionIdentity) -> Value {
    json!({ "clientId": big(i.client_id), "session": big(i.session), "metadataWatermark": big(i.metadata_watermark) })
}

pub fn bind_session(r: &BindSessionRequest) -> Value {
    json!({
        "versionInfo": version_info(&r.version_info), "identity": identity(&r.identity),
        "bindSecret": hex(r.bind_secret.expose_secret()),
    })
}

pub fn finalize_session(r: &FinalizeSessionRequest) -> Value {
    json!({ "identity": identity(&r.identity), "namespaceRevision": big(r.namespace_revision) })
}

pub fn retire_sessions(r: &RetireSessionsRequest) -> Value {
    json!({ "identities": r.identities.iter().map(identity).collect::<Vec<_>>() })
}

// ---- GetMe (client records, same JSON form as the client commands) ----

use iggy_binary_protocol::responses::clients::{ClientDetailsResponse, ClientResponse, ConsumerGroupInfoResponse};

pub fn client(c: &ClientResponse) -> Value {
    json!({
        "clientId": c.client_id, "userId": c.user_id, "transport": c.transport,
        "address": c.address, "consumerGroupsCount": c.consumer_groups_count,
    })
}

pub fn group_info(g: &ConsumerGroupInfoResponse) -> Value {
    json!({ "streamId": g.stream_id, "topicId": g.topic_id, "groupId": g.group_id })
}

pub fn client_details(r: &ClientDetailsResponse) -> Value {
    json!({ "client": client(&r.client), "consumerGroups": r.consumer_groups.iter().map(group_info).collect::<Vec<_>>() })
}

// ---- GetMetadataChanges ----

use iggy_binary_protocol::primitives::metadata_changes::{
    WireMetadataChangeCursor, WireMetadataChangeGroup, WireMetadataChangePhase, WireMetadataChangeStatus,
    WireMetadataCurrentPageToken,
};
use iggy_binary_protocol::responses::system::GetMetadataChangesResponse;
#[path = "../iggy_meta/json.rs"]
mod meta;

pub fn cursor(c: &WireMetadataChangeCursor) -> Value {
    json!({ "logId": big(c.log_id), "op": big(c.op), "checksum": big(c.checksum), "ordinal": c.ordinal })
}

pub fn change_group(g: WireMetadataChangeGroup) -> Value {
    json!(match g {
        WireMetadataChangeGroup::Streams => "streams",
        WireMetadataChangeGroup::Topics => "topics",
        WireMetadataChangeGroup::Partitions => "partitions",
        WireMetadataChangeGroup::ConsumerGroups => "consumerGroups",
        WireMetadataChangeGroup::ConsumerGroupMembers => "consumerGroupMembers",
        WireMetadataChangeGroup::Users => "users",
        WireMetadataChangeGroup::PersonalAccessTokens => "personalAccessTokens",
        WireMetadataChangeGroup::Sessions => "sessions",
    })
}

pub fn page_token(t: &WireMetadataCurrentPageToken) -> Value {
    json!({
        "anchor": cursor(&t.anchor), "requiredHead": big(t.required_head), "groupsMask": t.groups_mask,
        "group": change_group(t.group), "lastKey": hex(&t.last_key),
    })
}

pub fn get_metadata_changes(r: &GetMetadataChangesRequest) -> Value {
    let start = match &r.start {
        WireMetadataChangeStart::Earliest => json!("earliest"),
        WireMetadataChangeStart::Latest => json!("latest"),
        WireMetadataChangeStart::After(c) => json!({ "kind": "after", "value": cursor(c) }),
        WireMetadataChangeStart::Current(t) => json!({ "kind": "current", "value": opt(t, page_token) }),
    };
    json!({
        "start": start, "since": opt(&r.since, |v| big(v)), "until": opt(&r.until, |v| big(v)),
        "limit": r.limit, "groups": r.groups,
    })
}

pub fn get_metadata_changes_response(r: &GetMetadataChangesResponse) -> Value {
    let status = match r.status {
        WireMetadataChangeStatus::Ok => "ok",
        WireMetadataChangeStatus::Behind => "behind",
        WireMetadataChangeStatus::Expired => "expired",
        WireMetadataChangeStatus::Reset => "reset",
    };
    let phase = match r.phase {
        WireMetadataChangePhase::Changes => "changes",
        WireMetadataChangePhase::Current => "current",
    };
    json!({
        "status": status, "phase": phase, "logId": opt(&r.log_id, |v| big(v)),
        "oldestOp": big(r.oldest_op), "retainedSince": big(r.retained_since), "headOp": big(r.head_op),
        "next": opt(&r.next, cursor), "hasMore": r.has_more,
        "records": r.records.iter().map(|x| json!({
            "op": big(x.op), "ordinal": x.ordinal, "checksum": big(x.checksum), "timestamp": big(x.timestamp),
            "actorUserId": x.actor_user_id, "group": x.group, "kind": x.kind, "body": hex(&x.body),
            "change": meta::change_view(x.group, x.kind, &x.body),
        })).collect::<Vec<_>>(),
        "items": r.items.iter().map(|x| json!({
            "group": x.group, "body": hex(&x.body), "item": meta::item_view(x.group, &x.body),
        })).collect::<Vec<_>>(),
        "currentPageToken": opt(&r.current_page_token, page_token),
    })
}
