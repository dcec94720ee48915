//! Sample values of every metadata change body kind and current-state item kind, built with
//! the crate's own types: at least ten per kind, covering zero and maximum integers, names of
//! 1 and 255 bytes and multi-byte UTF-8, both option states (empty, small and large blocks),
//! absent and present optional fields, empty / single / many partition ids, every reason
//! variant and permission sets from none to several streams with topics.
//!
//! Also the GetMetadataChanges response pages that carry these bodies (for
//! `commands_system.rs`). Self-contained, included with `#[path]`.

#![allow(dead_code)]

use bytes::Bytes;
use iggy_binary_protocol::primitives::metadata_changes::{
    WireChangeOptions, WireConsumerGroupCreatedBody, WireConsumerGroupDeletedBody,
    WireConsumerGroupItemBody, WireMemberItemBody, WireMemberJoinedBody, WireMemberLeftBody,
    WireMemberLeftReason, WireMetadataChange, WireMetadataChangePhase, WireMetadataChangeStatus,
    WireMetadataCurrentItem, WirePartitionHandedOverBody, WirePartitionsChangedBody,
    WirePartitionsItemBody, WirePermissionsUpdatedReason, WireSessionBody, WireSessionClosedBody,
    WireSessionClosedReason, WireStreamBody, WireStreamDeletedBody, WireStreamKey, WireTokenBody,
    WireTokenDeletedBody, WireTokenDeletedReason, WireTopicBody, WireTopicDeletedBody,
    WireTopicItemBody, WireTopicKey, WireUserBody, WireUserIdentityBody, WireUserKey,
    WireUserPermissionsBody,
};
use iggy_binary_protocol::primitives::options::WireOptions;
use iggy_binary_protocol::primitives::permissions::{
    WireGlobalPermissions, WireStreamPermissions, WireTopicPermissions,
};
use iggy_binary_protocol::responses::system::{
    GetMetadataChangesResponse, WireMetadataChangeRecord, WireMetadataItem,
};
use iggy_binary_protocol::{WireName, WirePermissions};

/// Samples per kind.
pub const PER_KIND: usize = 12;

/// 2-, 3- and 4-byte UTF-8 sequences.
pub const MULTI: &str = "zażółć-€-😀";

/// A name the invalid cases find in a body to patch.
pub const MARK: &str = "MARKNAME";

pub fn name(i: usize) -> WireName {
    let s = match i % 8 {
        0 => "a".to_string(),
        1 => "orders".to_string(),
        2 => "n".repeat(255),
        3 => MULTI.to_string(),
        4 => "€".repeat(85),
        5 => "😀".to_string(),
        6 => "audit-log.v2_x".to_string(),
        _ => MARK.to_string(),
    };
    WireName::new(s).expect("valid name")
}

fn u32v(i: usize) -> u32 {
    [0, u32::MAX, 1, 7, 4096, 0x8000_0000, 42, 65_535][i % 8]
}

fn u64v(i: usize) -> u64 {
    [0, u64::MAX, 1, 1_760_356_800_123_456, 4121, 1 << 53, (1 << 53) + 1, u64::from(u32::MAX) + 1, 1_700_000_000_000_000][i % 9]
}

fn u128v(i: usize) -> u128 {
    [0, u128::MAX, 1, 1 << 100, 0xdead_beef_0000_0001, u128::from(u64::MAX) + 1, 77, u128::MAX - 1, u128::from(u32::MAX), 1 << 127][i % 10]
}

fn opt_u64(i: usize) -> Option<u64> {
    match i % 4 {
        0 => None,
        1 => Some(0),
        2 => Some(u64::MAX),
        _ => Some(4140 + i as u64),
    }
}

pub fn stream_key(i: usize) -> WireStreamKey {
    WireStreamKey { stream_id: u32v(i), stream_created_op: u64v(i + 3) }
}

pub fn topic_key(i: usize) -> WireTopicKey {
    WireTopicKey { stream: stream_key(i + 1), topic_id: u32v(i + 2), topic_created_op: u64v(i + 5) }
}

pub fn user_key(i: usize) -> WireUserKey {
    WireUserKey { user_id: u32v(i + 4), user_created_at: u64v(i) }
}

fn tlv(out: &mut Vec<u8>, kind: u8, data: &[u8]) {
    out.push(kind);
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(data);
}

/// An options block from (key, value kind, value) entries with string keys.
pub fn options_bytes(entries: &[(&str, u8, &[u8])]) -> Vec<u8> {
    let pairs: Vec<(u8, &[u8], u8, &[u8])> = entries.iter().map(|(k, vk, v)| (2, k.as_bytes(), *vk, *v)).collect();
    iggy_oracle::crate_tlv(&pairs)
}

fn block(i: usize) -> WireOptions {
    let long_key = "k".repeat(255);
    let long_value = [0xabu8; 255];
    let bytes = match i % 5 {
        0 => vec![],
        1 => options_bytes(&[("message_expiry", 12, &1_000u64.to_le_bytes())]),
        2 => options_bytes(&[
            ("segment_size", 12, &u64::MAX.to_le_bytes()),
            ("compression_algorithm", 2, b"gzip"),
            ("enforce_fsync", 3, &[1]),
            ("future-kind", 200, &[9, 9]),
        ]),
        3 => options_bytes(&[(long_key.as_str(), 1, &long_value)]),
        _ => options_bytes(&[(MULTI, 2, MULTI.as_bytes())]),
    };
    WireOptions::from_slice(&bytes).expect("valid options")
}

pub fn change_options(i: usize) -> WireChangeOptions {
    if i % 4 == 1 {
        WireChangeOptions::Unreadable
    } else {
        WireChangeOptions::Readable { explicit: block(i), derived: block(i / 2 + 2) }
    }
}

fn global(i: usize) -> WireGlobalPermissions {
    let bit = |n: usize| (i >> n) & 1 == 1;
    WireGlobalPermissions {
        manage_servers: bit(0),
        read_servers: bit(1),
        manage_users: bit(2),
        read_users: bit(3),
        manage_streams: bit(4),
        read_streams: bit(0) ^ bit(1),
        manage_topics: bit(1) ^ bit(2),
        read_topics: bit(2) ^ bit(3),
        poll_messages: !bit(0),
        send_messages: !bit(1),
    }
}

fn topic_perm(id: u32, i: usize) -> WireTopicPermissions {
    WireTopicPermissions {
        topic_id: id,
        manage_topic: i % 2 == 0,
        read_topic: i % 3 == 0,
        poll_messages: true,
        send_messages: i % 2 == 1,
    }
}

fn stream_perm(id: u32, topics: usize, i: usize) -> WireStreamPermissions {
    WireStreamPermissions {
        stream_id: id,
        manage_stream: i % 2 == 1,
        read_stream: true,
        manage_topics: i % 3 == 1,
        read_topics: i % 2 == 0,
        poll_messages: i % 4 < 2,
        send_messages: false,
        topics: (0..topics).map(|t| topic_perm(t as u32 * 3 + 1, i + t)).collect(),
    }
}

pub fn permissions(i: usize) -> Option<WirePermissions> {
    match i % 5 {
        0 => None,
        1 => Some(WirePermissions { global: global(0), streams: vec![] }),
        2 => Some(WirePermissions { global: global(31), streams: vec![stream_perm(u32::MAX, 0, i)] }),
        3 => Some(WirePermissions { global: global(i), streams: vec![stream_perm(7, 1, i)] }),
        _ => Some(WirePermissions {
            global: global(i * 7),
            streams: (0..3).map(|s| stream_perm(s as u32 + 1, s + 1, i + s)).collect(),
        }),
    }
}

pub fn partition_ids(i: usize) -> Vec<u32> {
    match i % 6 {
        0 => vec![],
        1 => vec![0],
        2 => vec![5, 6, 7],
        3 => vec![u32::MAX],
        4 => vec![0, 1, u32::MAX - 1, u32::MAX],
        _ => (0..40).map(|n| n * 3 + 1).collect(),
    }
}

fn member_left_reason(i: usize) -> WireMemberLeftReason {
    if i % 2 == 0 { WireMemberLeftReason::Left } else { WireMemberLeftReason::SessionEnded }
}

fn token_reason(i: usize) -> WireTokenDeletedReason {
    if i % 2 == 0 { WireTokenDeletedReason::Deleted } else { WireTokenDeletedReason::Expired }
}

fn session_reason(i: usize) -> WireSessionClosedReason {
    [WireSessionClosedReason::Logout, WireSessionClosedReason::Expired, WireSessionClosedReason::Revoked][i % 3]
}

fn permissions_reason(i: usize) -> WirePermissionsUpdatedReason {
    if i % 2 == 0 { WirePermissionsUpdatedReason::Updated } else { WirePermissionsUpdatedReason::ResourceDeleted }
}

pub fn stream_body(i: usize) -> WireStreamBody {
    WireStreamBody { key: stream_key(i), created_at: u64v(i + 1), name: name(i), options: change_options(i) }
}

pub fn topic_body(i: usize) -> WireTopicBody {
    WireTopicBody {
        key: topic_key(i),
        created_at: u64v(i + 2),
        name: name(i + 1),
        partitions_count: u32v(i + 3),
        options: change_options(i + 1),
    }
}

pub fn user_body(i: usize) -> WireUserBody {
    WireUserBody {
        key: user_key(i),
        username: name(i + 2),
        status: [0u8, 1, 2, 255][i % 4],
        permissions: permissions(i),
        options: change_options(i + 2),
    }
}

pub fn token_body(i: usize) -> WireTokenBody {
    WireTokenBody { user: user_key(i + 1), name: name(i + 3), expiry: u64v(i + 4) }
}

pub fn session_body(i: usize) -> WireSessionBody {
    WireSessionBody { user: user_key(i + 2), client_id: u128v(i), session: u64v(i + 5) }
}

/// The `i`-th sample change of the kind with wire code `kind`.
pub fn change(kind: u8, i: usize) -> WireMetadataChange {
    use WireMetadataChange as C;
    match kind {
        1 => C::StreamCreated(stream_body(i)),
        2 => C::StreamUpdated(stream_body(i + 3)),
        3 => C::StreamDeleted(WireStreamDeletedBody {
            key: stream_key(i),
            created_at: u64v(i + 2),
            name: name(i),
            requested_op: opt_u64(i),
        }),
        10 => C::TopicCreated(topic_body(i)),
        11 => C::TopicUpdated(topic_body(i + 5)),
        12 => C::TopicDeleted(WireTopicDeletedBody {
            key: topic_key(i),
            created_at: u64v(i + 3),
            name: name(i + 4),
            requested_op: opt_u64(i + 1),
        }),
        20 => C::PartitionsChanged(WirePartitionsChangedBody {
            topic: topic_key(i),
            partitions_count: u32v(i + 1),
            removed_partition_ids: partition_ids(i),
            requested_op: opt_u64(i + 2),
        }),
        30 => C::ConsumerGroupCreated(WireConsumerGroupCreatedBody {
            topic: topic_key(i + 1),
            group_id: u32v(i),
            name: name(i + 5),
            consumer_groups_count: u32v(i + 2),
        }),
        31 => C::ConsumerGroupDeleted(WireConsumerGroupDeletedBody {
            topic: topic_key(i + 2),
            group_id: u32v(i + 1),
            name: name(i + 6),
            consumer_groups_count: u32v(i),
            requested_op: opt_u64(i + 3),
        }),
        40 => C::ConsumerGroupMemberJoined(WireMemberJoinedBody {
            topic: topic_key(i),
            group_id: u32v(i + 3),
            member_id: u32v(i + 4),
            client_id: u128v(i),
            members_count: u32v(i + 5),
            partition_ids: partition_ids(i + 1),
        }),
        41 => C::ConsumerGroupMemberLeft(WireMemberLeftBody {
            topic: topic_key(i + 3),
            group_id: u32v(i),
            member_id: u32v(i + 1),
            client_id: u128v(i + 1),
            members_count: u32v(i + 2),
            reason: member_left_reason(i),
        }),
        42 => C::ConsumerGroupPartitionHandedOver(WirePartitionHandedOverBody {
            topic: topic_key(i + 4),
            group_id: u32v(i + 2),
            partition_id: u32v(i + 3),
            member_id: if i % 3 == 0 { None } else { Some(u32v(i)) },
        }),
        50 => C::UserCreated(user_body(i)),
        51 => C::UserUpdated(user_body(i + 1)),
        52 => C::UserDeleted(WireUserIdentityBody { key: user_key(i), username: name(i + 7) }),
        53 => C::UserPasswordChanged(WireUserIdentityBody { key: user_key(i + 3), username: name(i) }),
        54 => C::UserPermissionsUpdated(WireUserPermissionsBody {
            key: user_key(i + 1),
            username: name(i + 1),
            permissions: permissions(i + 1),
            reason: permissions_reason(i),
        }),
        60 => C::PersonalAccessTokenCreated(token_body(i)),
        61 => C::PersonalAccessTokenDeleted(WireTokenDeletedBody {
            user: user_key(i + 5),
            name: name(i + 2),
            reason: token_reason(i),
        }),
        70 => C::SessionRegistered(session_body(i)),
        71 => C::SessionClosed(WireSessionClosedBody {
            user: user_key(i + 6),
            client_id: u128v(i + 2),
            session: u64v(i + 1),
            reason: session_reason(i),
        }),
        other => panic!("no change kind {other}"),
    }
}

/// Every change kind's wire code.
pub const KINDS: [u8; 21] = [1, 2, 3, 10, 11, 12, 20, 30, 31, 40, 41, 42, 50, 51, 52, 53, 54, 60, 61, 70, 71];

/// The `i`-th sample item of group `group`.
pub fn item(group: u8, i: usize) -> WireMetadataCurrentItem {
    use WireMetadataCurrentItem as I;
    match group {
        1 => I::Stream(stream_body(i + 1)),
        2 => I::Topic(WireTopicItemBody {
            key: topic_key(i),
            created_at: u64v(i + 1),
            name: name(i + 3),
            options: change_options(i),
        }),
        3 => I::Partitions(WirePartitionsItemBody { topic: topic_key(i + 1), partitions_count: u32v(i) }),
        4 => I::ConsumerGroup(WireConsumerGroupItemBody { topic: topic_key(i + 2), group_id: u32v(i + 1), name: name(i) }),
        5 => I::ConsumerGroupMember(WireMemberItemBody {
            topic: topic_key(i + 3),
            group_id: u32v(i + 2),
            member_id: u32v(i),
            client_id: u128v(i + 3),
            partition_ids: partition_ids(i + 2),
        }),
        6 => I::User(user_body(i + 2)),
        7 => I::PersonalAccessToken(token_body(i + 1)),
        8 => I::Session(session_body(i + 1)),
        other => panic!("no item group {other}"),
    }
}

fn record(op: u64, ordinal: u32, group: u8, kind: u8, body: &[u8]) -> WireMetadataChangeRecord {
    WireMetadataChangeRecord {
        op,
        ordinal,
        checksum: u128::from(op) * 0x1_0000_0001,
        timestamp: 1_700_000_000_000_000 + op,
        actor_user_id: if ordinal % 2 == 0 { Some(ordinal + 1) } else { None },
        group,
        kind,
        body: Bytes::copy_from_slice(body),
    }
}

fn page(phase: WireMetadataChangePhase, records: Vec<WireMetadataChangeRecord>, items: Vec<WireMetadataItem>) -> GetMetadataChangesResponse {
    GetMetadataChangesResponse {
        status: WireMetadataChangeStatus::Ok,
        phase,
        log_id: Some(0xABCD),
        oldest_op: 1,
        retained_since: 1_600_000_000_000_000,
        head_op: 500,
        next: None,
        has_more: false,
        records,
        items,
        current_page_token: None,
    }
}

/// Response pages whose records carry every change kind (one page per group, two samples of
/// each kind), a page of every item kind, and pages of malformed bodies of known kinds (the
/// response decodes; the body views record the crate's rejection).
pub fn response_pages() -> Vec<(&'static str, GetMetadataChangesResponse)> {
    let groups: [(&'static str, &[u8]); 8] = [
        ("typed-streams", &[1, 2, 3]),
        ("typed-topics", &[10, 11, 12]),
        ("typed-partitions", &[20]),
        ("typed-consumer-groups", &[30, 31]),
        ("typed-members", &[40, 41, 42]),
        ("typed-users", &[50, 51, 52, 53, 54]),
        ("typed-tokens", &[60, 61]),
        ("typed-sessions", &[70, 71]),
    ];
    let mut out = vec![];
    for (n, kinds) in groups {
        let mut records = vec![];
        for &k in kinds {
            for i in [0usize, 3] {
                let c = change(k, i);
                let ordinal = records.len() as u32;
                records.push(record(100 + u64::from(k), ordinal, c.group().as_u8(), k, &c.body_bytes()));
            }
        }
        out.push((n, page(WireMetadataChangePhase::Changes, records, vec![])));
    }
    let items = (1..=8u8)
        .map(|g| {
            let it = item(g, g as usize);
            WireMetadataItem { group: g, body: it.body_bytes() }
        })
        .collect();
    out.push(("typed-items", page(WireMetadataChangePhase::Current, vec![], items)));

    // Known kinds with bodies the typed decode refuses: the page itself is valid.
    let stream = change(1, 1).body_bytes().to_vec();
    let mut trailing = stream.clone();
    trailing.push(0);
    let mut left = change(41, 0).body_bytes().to_vec();
    *left.last_mut().unwrap() = 2;
    let mut bad_flag = change(3, 0).body_bytes().to_vec();
    *bad_flag.last_mut().unwrap() = 2;
    let records = vec![
        record(200, 0, 1, 1, &stream[..stream.len() - 1]),
        record(200, 1, 1, 1, &trailing),
        record(200, 2, 2, 1, &stream),
        record(200, 3, 5, 41, &left),
        record(200, 4, 1, 3, &bad_flag),
        record(200, 5, 1, 1, &[]),
        record(200, 6, 1, 99, &stream),
        record(200, 7, 9, 1, &stream),
    ];
    out.push(("malformed-bodies", page(WireMetadataChangePhase::Changes, records, vec![])));
    let mut item_trailing = item(3, 0).body_bytes().to_vec();
    item_trailing.push(7);
    let items = vec![
        WireMetadataItem { group: 3, body: Bytes::from(item_trailing) },
        WireMetadataItem { group: 8, body: Bytes::from_static(&[1, 2, 3]) },
        WireMetadataItem { group: 0, body: Bytes::from_static(&[1, 2, 3]) },
    ];
    out.push(("malformed-items", page(WireMetadataChangePhase::Current, vec![], items)));
    out
}

/// A small body of each kind with every optional part present (a short name, a one-entry
/// options block, a permission set with one stream and one topic, two partition ids, a
/// requested op): the sample whose every prefix the invalid cases record.
pub fn compact(kind: u8) -> WireMetadataChange {
    use WireMetadataChange as C;
    let nm = || WireName::new("ab").expect("name");
    let opts = || WireChangeOptions::Readable { explicit: block(1), derived: WireOptions::empty() };
    let perms = || Some(WirePermissions { global: global(5), streams: vec![stream_perm(7, 1, 1)] });
    let sk = WireStreamKey { stream_id: 7, stream_created_op: 4121 };
    let tk = WireTopicKey { stream: sk, topic_id: 3, topic_created_op: 4125 };
    let uk = WireUserKey { user_id: 9, user_created_at: 1_760_300_000_000_000 };
    let stream = || WireStreamBody { key: sk, created_at: 1, name: nm(), options: opts() };
    let topic = || WireTopicBody { key: tk, created_at: 2, name: nm(), partitions_count: 8, options: opts() };
    let user = || WireUserBody { key: uk, username: nm(), status: 1, permissions: perms(), options: opts() };
    match kind {
        1 => C::StreamCreated(stream()),
        2 => C::StreamUpdated(stream()),
        3 => C::StreamDeleted(WireStreamDeletedBody { key: sk, created_at: 1, name: nm(), requested_op: Some(4140) }),
        10 => C::TopicCreated(topic()),
        11 => C::TopicUpdated(topic()),
        12 => C::TopicDeleted(WireTopicDeletedBody { key: tk, created_at: 2, name: nm(), requested_op: Some(4141) }),
        20 => C::PartitionsChanged(WirePartitionsChangedBody {
            topic: tk,
            partitions_count: 5,
            removed_partition_ids: vec![5, 6],
            requested_op: Some(4200),
        }),
        30 => C::ConsumerGroupCreated(WireConsumerGroupCreatedBody { topic: tk, group_id: 1, name: nm(), consumer_groups_count: 1 }),
        31 => C::ConsumerGroupDeleted(WireConsumerGroupDeletedBody {
            topic: tk,
            group_id: 1,
            name: nm(),
            consumer_groups_count: 0,
            requested_op: Some(4300),
        }),
        40 => C::ConsumerGroupMemberJoined(WireMemberJoinedBody {
            topic: tk,
            group_id: 1,
            member_id: 2,
            client_id: 3,
            members_count: 2,
            partition_ids: vec![0, 4],
        }),
        41 => C::ConsumerGroupMemberLeft(WireMemberLeftBody {
            topic: tk,
            group_id: 1,
            member_id: 2,
            client_id: 3,
            members_count: 1,
            reason: WireMemberLeftReason::SessionEnded,
        }),
        42 => C::ConsumerGroupPartitionHandedOver(WirePartitionHandedOverBody { topic: tk, group_id: 1, partition_id: 4, member_id: Some(2) }),
        50 => C::UserCreated(user()),
        51 => C::UserUpdated(user()),
        52 => C::UserDeleted(WireUserIdentityBody { key: uk, username: nm() }),
        53 => C::UserPasswordChanged(WireUserIdentityBody { key: uk, username: nm() }),
        54 => C::UserPermissionsUpdated(WireUserPermissionsBody {
            key: uk,
            username: nm(),
            permissions: perms(),
            reason: WirePermissionsUpdatedReason::ResourceDeleted,
        }),
        60 => C::PersonalAccessTokenCreated(WireTokenBody { user: uk, name: nm(), expiry: 5 }),
        61 => C::PersonalAccessTokenDeleted(WireTokenDeletedBody { user: uk, name: nm(), reason: WireTokenDeletedReason::Expired }),
        70 => C::SessionRegistered(WireSessionBody { user: uk, client_id: 1 << 100, session: 4 }),
        71 => C::SessionClosed(WireSessionClosedBody {
            user: uk,
            client_id: 1 << 100,
            session: 4,
            reason: WireSessionClosedReason::Revoked,
        }),
        other => panic!("no change kind {other}"),
    }
}

/// The item counterpart of [`compact`].
pub fn compact_item(group: u8) -> WireMetadataCurrentItem {
    use WireMetadataCurrentItem as I;
    let c = |k| compact(k);
    match group {
        1 => match c(1) {
            WireMetadataChange::StreamCreated(b) => I::Stream(b),
            _ => unreachable!(),
        },
        2 => match c(10) {
            WireMetadataChange::TopicCreated(b) => I::Topic(WireTopicItemBody { key: b.key, created_at: b.created_at, name: b.name, options: b.options }),
            _ => unreachable!(),
        },
        3 => I::Partitions(WirePartitionsItemBody { topic: topic_key(0), partitions_count: 12 }),
        4 => I::ConsumerGroup(WireConsumerGroupItemBody { topic: topic_key(0), group_id: 4, name: WireName::new("ab").unwrap() }),
        5 => I::ConsumerGroupMember(WireMemberItemBody { topic: topic_key(0), group_id: 4, member_id: 1, client_id: 12, partition_ids: vec![0, 2] }),
        6 => match c(50) {
            WireMetadataChange::UserCreated(b) => I::User(b),
            _ => unreachable!(),
        },
        7 => match c(60) {
            WireMetadataChange::PersonalAccessTokenCreated(b) => I::PersonalAccessToken(b),
            _ => unreachable!(),
        },
        8 => match c(70) {
            WireMetadataChange::SessionRegistered(b) => I::Session(b),
            _ => unreachable!(),
        },
        other => panic!("no item group {other}"),
    }
}
