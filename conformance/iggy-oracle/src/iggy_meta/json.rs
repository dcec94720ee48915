//! JSON forms of the metadata change-log bodies (`primitives/metadata_changes/body.rs`):
//! a change is `{ "kind": "<variantLowerCamel>", ...body fields }`, an item likewise with the
//! item variant's name. Response records and items carry a view of their body beside the raw
//! bytes: the typed value, `null` when the crate does not know the group or kind, or
//! `{ "kind": "invalid", "code": "<wirevec code>" }` when the crate's typed decode rejects it.
//!
//! Self-contained (no `super::` references) so any binary or JSON module can include it with
//! `#[path]`.

#![allow(dead_code)]

use iggy_binary_protocol::WirePermissions;
use iggy_binary_protocol::primitives::metadata_changes::{
    WireChangeOptions, WireMemberLeftReason, WireMetadataChange, WireMetadataChangeKind,
    WireMetadataCurrentItem, WirePermissionsUpdatedReason, WireSessionClosedReason, WireStreamKey,
    WireTokenDeletedReason, WireTopicKey, WireUserKey,
};
use iggy_binary_protocol::WireError;
use serde_json::{Map, Value, json};

fn big<T: ToString>(v: T) -> Value {
    json!(v.to_string())
}

fn hexv(b: &[u8]) -> Value {
    json!(iggy_oracle::hex(b))
}

fn opt_big(v: Option<u64>) -> Value {
    v.map_or(Value::Null, big)
}

pub fn stream_key(k: &WireStreamKey) -> Value {
    json!({ "streamId": k.stream_id, "streamCreatedOp": big(k.stream_created_op) })
}

pub fn topic_key(k: &WireTopicKey) -> Value {
    json!({ "stream": stream_key(&k.stream), "topicId": k.topic_id, "topicCreatedOp": big(k.topic_created_op) })
}

pub fn user_key(k: &WireUserKey) -> Value {
    json!({ "userId": k.user_id, "userCreatedAt": big(k.user_created_at) })
}

pub fn change_options(o: &WireChangeOptions) -> Value {
    match o {
        WireChangeOptions::Readable { explicit, derived } => {
            json!({ "kind": "readable", "explicit": hexv(explicit.as_bytes()), "derived": hexv(derived.as_bytes()) })
        }
        WireChangeOptions::Unreadable => json!("unreadable"),
    }
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

fn opt_permissions(p: &Option<WirePermissions>) -> Value {
    p.as_ref().map_or(Value::Null, permissions)
}

fn member_left_reason(r: WireMemberLeftReason) -> Value {
    json!(match r {
        WireMemberLeftReason::Left => "left",
        WireMemberLeftReason::SessionEnded => "sessionEnded",
    })
}

fn token_deleted_reason(r: WireTokenDeletedReason) -> Value {
    json!(match r {
        WireTokenDeletedReason::Deleted => "deleted",
        WireTokenDeletedReason::Expired => "expired",
    })
}

fn session_closed_reason(r: WireSessionClosedReason) -> Value {
    json!(match r {
        WireSessionClosedReason::Logout => "logout",
        WireSessionClosedReason::Expired => "expired",
        WireSessionClosedReason::Revoked => "revoked",
    })
}

fn permissions_reason(r: WirePermissionsUpdatedReason) -> Value {
    json!(match r {
        WirePermissionsUpdatedReason::Updated => "updated",
        WirePermissionsUpdatedReason::ResourceDeleted => "resourceDeleted",
    })
}

/// The kind's name as the TypeScript value and vectors spell it.
pub fn kind_name(k: WireMetadataChangeKind) -> &'static str {
    use WireMetadataChangeKind as K;
    match k {
        K::StreamCreated => "streamCreated",
        K::StreamUpdated => "streamUpdated",
        K::StreamDeleted => "streamDeleted",
        K::TopicCreated => "topicCreated",
        K::TopicUpdated => "topicUpdated",
        K::TopicDeleted => "topicDeleted",
        K::PartitionsChanged => "partitionsChanged",
        K::ConsumerGroupCreated => "consumerGroupCreated",
        K::ConsumerGroupDeleted => "consumerGroupDeleted",
        K::ConsumerGroupMemberJoined => "consumerGroupMemberJoined",
        K::ConsumerGroupMemberLeft => "consumerGroupMemberLeft",
        K::ConsumerGroupPartitionHandedOver => "consumerGroupPartitionHandedOver",
        K::UserCreated => "userCreated",
        K::UserUpdated => "userUpdated",
        K::UserDeleted => "userDeleted",
        K::UserPasswordChanged => "userPasswordChanged",
        K::UserPermissionsUpdated => "userPermissionsUpdated",
        K::PersonalAccessTokenCreated => "personalAccessTokenCreated",
        K::PersonalAccessTokenDeleted => "personalAccessTokenDeleted",
        K::SessionRegistered => "sessionRegistered",
        K::SessionClosed => "sessionClosed",
    }
}

/// The item variant's name (by group).
pub fn item_name(i: &WireMetadataCurrentItem) -> &'static str {
    match i {
        WireMetadataCurrentItem::Stream(_) => "stream",
        WireMetadataCurrentItem::Topic(_) => "topic",
        WireMetadataCurrentItem::Partitions(_) => "partitions",
        WireMetadataCurrentItem::ConsumerGroup(_) => "consumerGroup",
        WireMetadataCurrentItem::ConsumerGroupMember(_) => "consumerGroupMember",
        WireMetadataCurrentItem::User(_) => "user",
        WireMetadataCurrentItem::PersonalAccessToken(_) => "personalAccessToken",
        WireMetadataCurrentItem::Session(_) => "session",
    }
}

fn with_kind(kind: &str, body: Value) -> Value {
    let mut m = Map::new();
    m.insert("kind".into(), json!(kind));
    for (k, v) in body.as_object().expect("body object") {
        m.insert(k.clone(), v.clone());
    }
    Value::Object(m)
}

/// A typed change: `{ "kind": …, …fields }`.
pub fn change(c: &WireMetadataChange) -> Value {
    use WireMetadataChange as C;
    let body = match c {
        C::StreamCreated(b) | C::StreamUpdated(b) => json!({
            "key": stream_key(&b.key), "createdAt": big(b.created_at), "name": b.name.as_str(),
            "options": change_options(&b.options),
        }),
        C::StreamDeleted(b) => json!({
            "key": stream_key(&b.key), "createdAt": big(b.created_at), "name": b.name.as_str(),
            "requestedOp": opt_big(b.requested_op),
        }),
        C::TopicCreated(b) | C::TopicUpdated(b) => json!({
            "key": topic_key(&b.key), "createdAt": big(b.created_at), "name": b.name.as_str(),
            "partitionsCount": b.partitions_count, "options": change_options(&b.options),
        }),
        C::TopicDeleted(b) => json!({
            "key": topic_key(&b.key), "createdAt": big(b.created_at), "name": b.name.as_str(),
            "requestedOp": opt_big(b.requested_op),
        }),
        C::PartitionsChanged(b) => json!({
            "topic": topic_key(&b.topic), "partitionsCount": b.partitions_count,
            "removedPartitionIds": b.removed_partition_ids, "requestedOp": opt_big(b.requested_op),
        }),
        C::ConsumerGroupCreated(b) => json!({
            "topic": topic_key(&b.topic), "groupId": b.group_id, "name": b.name.as_str(),
            "consumerGroupsCount": b.consumer_groups_count,
        }),
        C::ConsumerGroupDeleted(b) => json!({
            "topic": topic_key(&b.topic), "groupId": b.group_id, "name": b.name.as_str(),
            "consumerGroupsCount": b.consumer_groups_count, "requestedOp": opt_big(b.requested_op),
        }),
        C::ConsumerGroupMemberJoined(b) => json!({
            "topic": topic_key(&b.topic), "groupId": b.group_id, "memberId": b.member_id,
            "clientId": big(b.client_id), "membersCount": b.members_count, "partitionIds": b.partition_ids,
        }),
        C::ConsumerGroupMemberLeft(b) => json!({
            "topic": topic_key(&b.topic), "groupId": b.group_id, "memberId": b.member_id,
            "clientId": big(b.client_id), "membersCount": b.members_count, "reason": member_left_reason(b.reason),
        }),
        C::ConsumerGroupPartitionHandedOver(b) => json!({
            "topic": topic_key(&b.topic), "groupId": b.group_id, "partitionId": b.partition_id,
            "memberId": b.member_id,
        }),
        C::UserCreated(b) | C::UserUpdated(b) => json!({
            "key": user_key(&b.key), "username": b.username.as_str(), "status": b.status,
            "permissions": opt_permissions(&b.permissions), "options": change_options(&b.options),
        }),
        C::UserDeleted(b) | C::UserPasswordChanged(b) => json!({
            "key": user_key(&b.key), "username": b.username.as_str(),
        }),
        C::UserPermissionsUpdated(b) => json!({
            "key": user_key(&b.key), "username": b.username.as_str(),
            "permissions": opt_permissions(&b.permissions), "reason": permissions_reason(b.reason),
        }),
        C::PersonalAccessTokenCreated(b) => json!({
            "user": user_key(&b.user), "name": b.name.as_str(), "expiry": big(b.expiry),
        }),
        C::PersonalAccessTokenDeleted(b) => json!({
            "user": user_key(&b.user), "name": b.name.as_str(), "reason": token_deleted_reason(b.reason),
        }),
        C::SessionRegistered(b) => json!({
            "user": user_key(&b.user), "clientId": big(b.client_id), "session": big(b.session),
        }),
        C::SessionClosed(b) => json!({
            "user": user_key(&b.user), "clientId": big(b.client_id), "session": big(b.session),
            "reason": session_closed_reason(b.reason),
        }),
    };
    with_kind(kind_name(c.kind()), body)
}

/// A typed current-state item: `{ "kind": …, …fields }`.
pub fn item(i: &WireMetadataCurrentItem) -> Value {
    use WireMetadataCurrentItem as I;
    let body = match i {
        I::Stream(b) => json!({
            "key": stream_key(&b.key), "createdAt": big(b.created_at), "name": b.name.as_str(),
            "options": change_options(&b.options),
        }),
        I::Topic(b) => json!({
            "key": topic_key(&b.key), "createdAt": big(b.created_at), "name": b.name.as_str(),
            "options": change_options(&b.options),
        }),
        I::Partitions(b) => json!({ "topic": topic_key(&b.topic), "partitionsCount": b.partitions_count }),
        I::ConsumerGroup(b) => json!({ "topic": topic_key(&b.topic), "groupId": b.group_id, "name": b.name.as_str() }),
        I::ConsumerGroupMember(b) => json!({
            "topic": topic_key(&b.topic), "groupId": b.group_id, "memberId": b.member_id,
            "clientId": big(b.client_id), "partitionIds": b.partition_ids,
        }),
        I::User(b) => json!({
            "key": user_key(&b.key), "username": b.username.as_str(), "status": b.status,
            "permissions": opt_permissions(&b.permissions), "options": change_options(&b.options),
        }),
        I::PersonalAccessToken(b) => json!({
            "user": user_key(&b.user), "name": b.name.as_str(), "expiry": big(b.expiry),
        }),
        I::Session(b) => json!({
            "user": user_key(&b.user), "clientId": big(b.client_id), "session": big(b.session),
        }),
    };
    with_kind(item_name(i), body)
}

fn rejection(e: &WireError) -> Value {
    json!({ "kind": "invalid", "code": iggy_oracle::error_json(e)["code"].clone() })
}

/// What a response record's body decodes to, by the crate's `WireMetadataChange::decode`.
pub fn change_view(group: u8, kind: u8, body: &[u8]) -> Value {
    match WireMetadataChange::decode(group, kind, body) {
        Ok(Some(c)) => change(&c),
        Ok(None) => Value::Null,
        Err(e) => rejection(&e),
    }
}

/// What a response item's body decodes to, by the crate's `WireMetadataCurrentItem::decode`.
pub fn item_view(group: u8, body: &[u8]) -> Value {
    match WireMetadataCurrentItem::decode(group, body) {
        Ok(Some(i)) => item(&i),
        Ok(None) => Value::Null,
        Err(e) => rejection(&e),
    }
}
