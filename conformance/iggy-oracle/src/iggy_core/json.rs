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
        json!("NaN")
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
