//! Testee handlers of the metadata change-log bodies: one type per change kind
//! (`MetadataChangeBody.<kind>`, decoded by `WireMetadataChange::decode` with that kind's group
//! and kind codes), one per item kind (`MetadataItemBody.<kind>`), and the dispatch forms
//! `MetadataChangeDispatch` (`[group:u8][kind:u8][body]`) and `MetadataItemDispatch`
//! (`[group:u8][body]`), whose value is `{ group, kind?, change|item }` with `null` for what
//! the crate does not know.

#[path = "../iggy_meta/json.rs"]
mod mj;

use super::{Entry, Outcome};
use iggy_binary_protocol::WireError;
use iggy_binary_protocol::codec::read_u8;
use iggy_binary_protocol::primitives::metadata_changes::{WireMetadataChange, WireMetadataCurrentItem};
use serde_json::json;

fn change(group: u8, kind: u8, b: &[u8]) -> Result<Outcome, WireError> {
    let c = WireMetadataChange::decode(group, kind, b)?.expect("a known kind");
    Ok(Outcome { bytes: c.body_bytes().to_vec(), value: mj::change(&c), consumed: b.len() })
}

fn item(group: u8, b: &[u8]) -> Result<Outcome, WireError> {
    let i = WireMetadataCurrentItem::decode(group, b)?.expect("a known group");
    Ok(Outcome { bytes: i.body_bytes().to_vec(), value: mj::item(&i), consumed: b.len() })
}

fn change_dispatch(b: &[u8]) -> Result<Outcome, WireError> {
    let group = read_u8(b, 0)?;
    let kind = read_u8(b, 1)?;
    let body = &b[2..];
    let (bytes, value) = match WireMetadataChange::decode(group, kind, body)? {
        Some(c) => ([&[group, kind][..], &c.body_bytes()].concat(), mj::change(&c)),
        None => (b.to_vec(), serde_json::Value::Null),
    };
    Ok(Outcome { bytes, value: json!({ "group": group, "kind": kind, "change": value }), consumed: b.len() })
}

fn item_dispatch(b: &[u8]) -> Result<Outcome, WireError> {
    let group = read_u8(b, 0)?;
    let body = &b[1..];
    let (bytes, value) = match WireMetadataCurrentItem::decode(group, body)? {
        Some(i) => ([&[group][..], &i.body_bytes()].concat(), mj::item(&i)),
        None => (b.to_vec(), serde_json::Value::Null),
    };
    Ok(Outcome { bytes, value: json!({ "group": group, "item": value }), consumed: b.len() })
}

macro_rules! change_entry {
    ($name:literal, $group:literal, $kind:literal) => {
        Entry { ty: concat!("MetadataChangeBody.", $name), direction: "data", run: |b| change($group, $kind, b) }
    };
}

macro_rules! item_entry {
    ($name:literal, $group:literal) => {
        Entry { ty: concat!("MetadataItemBody.", $name), direction: "data", run: |b| item($group, b) }
    };
}

pub fn entries() -> Vec<Entry> {
    vec![
        change_entry!("streamCreated", 1, 1),
        change_entry!("streamUpdated", 1, 2),
        change_entry!("streamDeleted", 1, 3),
        change_entry!("topicCreated", 2, 10),
        change_entry!("topicUpdated", 2, 11),
        change_entry!("topicDeleted", 2, 12),
        change_entry!("partitionsChanged", 3, 20),
        change_entry!("consumerGroupCreated", 4, 30),
        change_entry!("consumerGroupDeleted", 4, 31),
        change_entry!("consumerGroupMemberJoined", 5, 40),
        change_entry!("consumerGroupMemberLeft", 5, 41),
        change_entry!("consumerGroupPartitionHandedOver", 5, 42),
        change_entry!("userCreated", 6, 50),
        change_entry!("userUpdated", 6, 51),
        change_entry!("userDeleted", 6, 52),
        change_entry!("userPasswordChanged", 6, 53),
        change_entry!("userPermissionsUpdated", 6, 54),
        change_entry!("personalAccessTokenCreated", 7, 60),
        change_entry!("personalAccessTokenDeleted", 7, 61),
        change_entry!("sessionRegistered", 8, 70),
        change_entry!("sessionClosed", 8, 71),
        item_entry!("stream", 1),
        item_entry!("topic", 2),
        item_entry!("partitions", 3),
        item_entry!("consumerGroup", 4),
        item_entry!("consumerGroupMember", 5),
        item_entry!("user", 6),
        item_entry!("personalAccessToken", 7),
        item_entry!("session", 8),
        Entry { ty: "MetadataChangeDispatch", direction: "data", run: change_dispatch },
        Entry { ty: "MetadataItemDispatch", direction: "data", run: item_dispatch },
    ]
}
