//! JSON forms (vectors/README.md "Values in JSON") of the primitives the user, token, partition,
//! consumer-group, consumer-offset and client commands share. Built from the crate's decoded
//! values only.

#![allow(dead_code)]

use iggy_binary_protocol::primitives::options::WireOptions;
use iggy_binary_protocol::{
    AckLevel, ConsumerGroupOwner, WireConsumer, WireIdentifier, WireName, WirePermissions,
};
use serde_json::{Value, json};

/// u64/u128 as a decimal string.
pub fn big<T: ToString>(v: T) -> Value {
    json!(v.to_string())
}

pub fn name(n: &WireName) -> Value {
    json!(n.as_str())
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

pub fn options(o: &WireOptions) -> Value {
    json!(oracle_hex(o.as_bytes()))
}

pub fn ack(a: AckLevel) -> Value {
    match a {
        AckLevel::NoAck => json!("noAck"),
        AckLevel::Quorum => json!("quorum"),
    }
}

pub fn owner(o: &ConsumerGroupOwner) -> Value {
    json!({ "clientId": big(o.client_id), "session": big(o.session), "generation": big(o.generation) })
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

pub fn opt<T>(v: &Option<T>, f: impl Fn(&T) -> Value) -> Value {
    match v {
        Some(x) => f(x),
        None => Value::Null,
    }
}

fn oracle_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

// ---- users ----

use iggy_binary_protocol::requests::users::*;
use iggy_binary_protocol::responses::users::*;
use iggy_binary_protocol::version::ClientVersionInfo;
use secrecy::ExposeSecret;

pub fn empty<T>(_: &T) -> Value {
    json!({})
}

pub fn change_password(r: &ChangePasswordRequest) -> Value {
    json!({ "userId": ident(&r.user_id), "currentPassword": r.current_password, "newPassword": r.new_password })
}

pub fn create_user(r: &CreateUserRequest) -> Value {
    json!({
        "username": name(&r.username), "password": r.password, "status": r.status,
        "permissions": opt(&r.permissions, permissions), "options": options(&r.options),
    })
}

pub fn user_id_req(id: &WireIdentifier) -> Value {
    json!({ "userId": ident(id) })
}

pub fn delete_user(r: &DeleteUserRequest) -> Value {
    user_id_req(&r.user_id)
}

pub fn get_user(r: &GetUserRequest) -> Value {
    user_id_req(&r.user_id)
}

pub fn version_info(v: &ClientVersionInfo) -> Value {
    json!({ "protocolVersion": v.protocol_version, "sdkName": name(&v.sdk_name), "sdkVersion": name(&v.sdk_version) })
}

pub fn login_register(r: &LoginRegisterRequest) -> Value {
    json!({
        "versionInfo": version_info(&r.version_info),
        "bindSecret": oracle_hex(r.bind_secret.expose_secret()),
        "username": name(&r.username),
        "password": r.password.expose_secret(),
        "clientContext": r.client_context,
    })
}

pub fn login_register_with_pat(r: &LoginRegisterWithPatRequest) -> Value {
    json!({
        "versionInfo": version_info(&r.version_info),
        "bindSecret": oracle_hex(r.bind_secret.expose_secret()),
        "token": r.token.expose_secret(),
        "clientContext": r.client_context,
    })
}

pub fn login_user(r: &LoginUserRequest) -> Value {
    json!({ "username": name(&r.username), "password": r.password, "version": r.version, "context": r.context })
}

pub fn update_permissions(r: &UpdatePermissionsRequest) -> Value {
    json!({ "userId": ident(&r.user_id), "permissions": opt(&r.permissions, permissions) })
}

pub fn update_user_resolved(r: &UpdateUserResolvedRequest) -> Value {
    json!({
        "userId": ident(&r.user_id), "username": opt(&r.username, name), "status": r.status,
        "explicitOptions": options(&r.explicit_options), "derivedOptions": options(&r.derived_options),
    })
}

pub fn user(u: &UserResponse) -> Value {
    json!({
        "id": u.id, "createdAt": big(u.created_at), "status": u.status, "username": name(&u.username),
        "options": options(&u.options), "derivedOptions": options(&u.derived_options),
    })
}

pub fn user_details(r: &UserDetailsResponse) -> Value {
    json!({ "user": user(&r.user), "permissions": opt(&r.permissions, permissions) })
}

pub fn get_users(r: &GetUsersResponse) -> Value {
    json!({ "users": r.users.iter().map(user).collect::<Vec<_>>() })
}

pub fn login_register_response(r: &LoginRegisterResponse) -> Value {
    json!({
        "userId": r.user_id, "session": big(r.session),
        "serverProtocolVersion": r.server_protocol_version, "serverVersion": name(&r.server_version),
    })
}

pub fn identity(r: &IdentityResponse) -> Value {
    json!({ "userId": r.user_id })
}

// ---- personal access tokens ----

use iggy_binary_protocol::requests::personal_access_tokens::*;
use iggy_binary_protocol::responses::personal_access_tokens::*;

pub fn create_pat(r: &CreatePersonalAccessTokenRequest) -> Value {
    json!({ "name": name(&r.name), "expiry": big(r.expiry) })
}

pub fn delete_pat(r: &DeletePersonalAccessTokenRequest) -> Value {
    json!({ "name": name(&r.name) })
}

pub fn login_pat(r: &LoginWithPersonalAccessTokenRequest) -> Value {
    json!({ "token": name(&r.token) })
}

pub fn raw_pat(r: &RawPersonalAccessTokenResponse) -> Value {
    json!({ "token": name(&r.token) })
}

pub fn pat(r: &PersonalAccessTokenResponse) -> Value {
    json!({ "name": name(&r.name), "expiryAt": big(r.expiry_at) })
}

pub fn get_pats(r: &GetPersonalAccessTokensResponse) -> Value {
    json!({ "tokens": r.tokens.iter().map(pat).collect::<Vec<_>>() })
}

// ---- partitions and segments ----

use iggy_binary_protocol::requests::partitions::*;
use iggy_binary_protocol::requests::segments::*;

pub fn create_partitions(r: &CreatePartitionsRequest) -> Value {
    json!({ "streamId": ident(&r.stream_id), "topicId": ident(&r.topic_id), "partitionsCount": r.partitions_count })
}

pub fn delete_partitions(r: &DeletePartitionsRequest) -> Value {
    json!({ "streamId": ident(&r.stream_id), "topicId": ident(&r.topic_id), "partitionsCount": r.partitions_count })
}

pub fn assignment(a: &CreatedPartitionAssignment) -> Value {
    json!({ "partitionId": a.partition_id, "consensusGroupId": big(a.consensus_group_id), "initialView": a.initial_view })
}

pub fn create_partitions_with_assignments(r: &CreatePartitionsWithAssignmentsRequest) -> Value {
    json!({
        "request": create_partitions(&r.request),
        "partitions": r.partitions.iter().map(assignment).collect::<Vec<_>>(),
    })
}

pub fn install_owner(r: &InstallConsumerGroupOwnerRequest) -> Value {
    json!({
        "incarnation": big(r.incarnation), "groupId": big(r.group_id),
        "owner": owner(&r.owner), "metadataOp": big(r.metadata_op),
    })
}

pub fn retire_owners(r: &RetireConsumerGroupOwnersRequest) -> Value {
    json!({
        "incarnation": big(r.incarnation), "metadataOp": big(r.metadata_op),
        "nextGroupId": big(r.next_group_id),
        "liveGroupIds": r.live_group_ids.iter().map(|x| big(*x)).collect::<Vec<_>>(),
    })
}

pub fn transition_history(r: &TransitionPartitionHistoryRequest) -> Value {
    json!({ "incarnation": big(r.incarnation), "metadataOp": big(r.metadata_op) })
}

pub fn delete_segments(r: &DeleteSegmentsRequest) -> Value {
    json!({
        "streamId": ident(&r.stream_id), "topicId": ident(&r.topic_id),
        "partitionId": r.partition_id, "segmentsCount": r.segments_count,
    })
}

// ---- consumer groups ----

use iggy_binary_protocol::requests::consumer_groups::*;
use iggy_binary_protocol::responses::consumer_groups::*;

pub fn create_group(r: &CreateConsumerGroupRequest) -> Value {
    json!({ "streamId": ident(&r.stream_id), "topicId": ident(&r.topic_id), "name": name(&r.name) })
}

pub fn group_ref(s: &WireIdentifier, t: &WireIdentifier, g: &WireIdentifier) -> Value {
    json!({ "streamId": ident(s), "topicId": ident(t), "groupId": ident(g) })
}

pub fn delete_group(r: &DeleteConsumerGroupRequest) -> Value {
    group_ref(&r.stream_id, &r.topic_id, &r.group_id)
}
pub fn get_group(r: &GetConsumerGroupRequest) -> Value {
    group_ref(&r.stream_id, &r.topic_id, &r.group_id)
}
pub fn join_group(r: &JoinConsumerGroupRequest) -> Value {
    group_ref(&r.stream_id, &r.topic_id, &r.group_id)
}
pub fn leave_group(r: &LeaveConsumerGroupRequest) -> Value {
    group_ref(&r.stream_id, &r.topic_id, &r.group_id)
}
pub fn sync_group(r: &SyncConsumerGroupRequest) -> Value {
    group_ref(&r.stream_id, &r.topic_id, &r.group_id)
}

pub fn get_groups(r: &GetConsumerGroupsRequest) -> Value {
    json!({ "streamId": ident(&r.stream_id), "topicId": ident(&r.topic_id) })
}

pub fn group(g: &ConsumerGroupResponse) -> Value {
    json!({ "id": g.id, "partitionsCount": g.partitions_count, "membersCount": g.members_count, "name": name(&g.name) })
}

pub fn member(m: &ConsumerGroupMemberResponse) -> Value {
    json!({ "id": m.id, "partitionsCount": m.partitions_count, "partitions": m.partitions })
}

pub fn group_details(r: &ConsumerGroupDetailsResponse) -> Value {
    json!({ "group": group(&r.group), "members": r.members.iter().map(member).collect::<Vec<_>>() })
}

pub fn get_groups_response(r: &GetConsumerGroupsResponse) -> Value {
    json!({ "groups": r.groups.iter().map(group).collect::<Vec<_>>() })
}

pub fn sync_group_response(r: &SyncConsumerGroupResponse) -> Value {
    json!({ "generation": big(r.generation), "partitions": r.partitions })
}

// ---- consumer offsets ----

use iggy_binary_protocol::requests::consumer_offsets::*;
use iggy_binary_protocol::responses::consumer_offsets::*;

pub fn get_offset(r: &GetConsumerOffsetRequest) -> Value {
    json!({
        "consumer": consumer(&r.consumer), "streamId": ident(&r.stream_id), "topicId": ident(&r.topic_id),
        "partitionId": r.partition_id,
    })
}

pub fn store_offset(r: &StoreConsumerOffsetRequest) -> Value {
    json!({
        "consumer": consumer(&r.consumer), "streamId": ident(&r.stream_id), "topicId": ident(&r.topic_id),
        "partitionId": r.partition_id, "offset": big(r.offset), "ack": ack(r.ack),
    })
}

pub fn delete_offset(r: &DeleteConsumerOffsetRequest) -> Value {
    json!({
        "consumer": consumer(&r.consumer), "streamId": ident(&r.stream_id), "topicId": ident(&r.topic_id),
        "partitionId": r.partition_id, "ack": ack(r.ack),
    })
}

pub fn offset_response(r: &ConsumerOffsetResponse) -> Value {
    json!({ "partitionId": r.partition_id, "currentOffset": big(r.current_offset), "storedOffset": big(r.stored_offset) })
}

// ---- clients ----

use iggy_binary_protocol::requests::system::get_client::GetClientRequest;
use iggy_binary_protocol::responses::clients::*;

pub fn get_client(r: &GetClientRequest) -> Value {
    json!({ "clientId": r.client_id })
}

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

pub fn get_clients(r: &GetClientsResponse) -> Value {
    json!({ "clients": r.clients.iter().map(client).collect::<Vec<_>>() })
}
