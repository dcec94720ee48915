//! Case plumbing shared by the command binaries of this area: every valid case is encoded by
//! the crate, decoded back by the crate and recorded from the decoded value; every invalid case
//! is asserted to be rejected by the crate before it is recorded.

#![allow(dead_code)]

use iggy_binary_protocol::primitives::options::WireOptions;
use iggy_binary_protocol::primitives::permissions::{
    WireGlobalPermissions, WireStreamPermissions, WireTopicPermissions,
};
use iggy_binary_protocol::{WireDecode, WireEncode, WireIdentifier, WireName, WirePermissions};
use iggy_oracle::{VectorFile, error_json, hex};
use serde_json::{Map, Value, json};

pub use iggy_oracle::cases::{dec, invalid, trailing, truncs, valid};

/// Bytes the crate accepts but would not produce (non-canonical flags and padding).
pub fn valid_decode<T: WireEncode + WireDecode>(
    f: &mut VectorFile,
    name: &str,
    bytes: &[u8],
    comment: &str,
    j: impl Fn(&T) -> Value,
) {
    let (d, consumed) = T::decode(bytes).unwrap_or_else(|e| panic!("{name}: crate rejects: {e}"));
    assert_eq!(consumed, bytes.len(), "{name}: consumed");
    dec::<T>(bytes).unwrap_or_else(|e| panic!("{name}: decode_from: {e}"));
    assert_ne!(d.to_bytes().to_vec(), bytes, "{name}: is canonical, use valid()");
    let mut t = Map::new();
    t.insert("name".into(), json!(name));
    t.insert("comment".into(), json!(comment));
    t.insert("op".into(), json!("decode"));
    t.insert("hex".into(), json!(hex(bytes)));
    t.insert("value".into(), j(&d));
    t.insert("result".into(), json!("valid"));
    t.insert("canonical".into(), json!(false));
    f.raw(t);
}

// ---- sample values ----

pub fn wname(s: &str) -> WireName {
    WireName::new(s).expect("valid name")
}

/// A multi-byte UTF-8 string with 2-, 3- and 4-byte sequences.
pub const MULTI: &str = "zażółć-€-😀";

pub fn long_name() -> String {
    "n".repeat(255)
}

/// 255 bytes made of 3-byte characters.
pub fn long_multi() -> String {
    "€".repeat(85)
}

pub fn idents() -> Vec<(&'static str, WireIdentifier)> {
    vec![
        ("num0", WireIdentifier::numeric(0)),
        ("num1", WireIdentifier::numeric(1)),
        ("nummax", WireIdentifier::numeric(u32::MAX)),
        ("str1", WireIdentifier::named("a").unwrap()),
        ("strtyp", WireIdentifier::named("orders").unwrap()),
        ("str255", WireIdentifier::named(long_name()).unwrap()),
        ("strutf8", WireIdentifier::named(MULTI).unwrap()),
    ]
}

pub fn id_num(v: u32) -> WireIdentifier {
    WireIdentifier::numeric(v)
}

pub fn id_str(s: &str) -> WireIdentifier {
    WireIdentifier::named(s).unwrap()
}

/// One TLV entry of an options block.
pub fn tlv(out: &mut Vec<u8>, kind: u8, data: &[u8]) {
    out.push(kind);
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(data);
}

/// Options block from (key, value kind, value) entries with string keys.
pub fn options_bytes(entries: &[(&str, u8, &[u8])]) -> Vec<u8> {
    let pairs: Vec<(u8, &[u8], u8, &[u8])> = entries.iter().map(|(k, vk, v)| (2, k.as_bytes(), *vk, *v)).collect();
    iggy_oracle::crate_tlv(&pairs)
}

pub fn options(entries: &[(&str, u8, &[u8])]) -> WireOptions {
    WireOptions::from_slice(&options_bytes(entries)).expect("valid options")
}

/// A spread of option blocks: empty, one entry, several kinds, 255-byte key and value.
pub fn option_samples() -> Vec<(&'static str, WireOptions)> {
    let long = vec![0xabu8; 255];
    let key255 = "k".repeat(255);
    vec![
        ("empty", WireOptions::empty()),
        ("one", options(&[("max_topics", 4, &7u32.to_le_bytes())])),
        (
            "several",
            options(&[
                ("retention", 2, b"7d"),
                ("replicas", 3, &[3]),
                ("size", 8, &u64::MAX.to_le_bytes()),
                ("flag", 1, &[1]),
                ("future-kind", 200, &[9, 9]),
            ]),
        ),
        ("long", WireOptions::from_slice(&options_bytes(&[(key255.as_str(), 16, &long)])).unwrap()),
        ("utf8", options(&[(MULTI, 2, MULTI.as_bytes())])),
    ]
}

fn topic(id: u32, bits: u8) -> WireTopicPermissions {
    WireTopicPermissions {
        topic_id: id,
        manage_topic: bits & 1 != 0,
        read_topic: bits & 2 != 0,
        poll_messages: bits & 4 != 0,
        send_messages: bits & 8 != 0,
    }
}

fn stream(id: u32, bits: u8, topics: Vec<WireTopicPermissions>) -> WireStreamPermissions {
    WireStreamPermissions {
        stream_id: id,
        manage_stream: bits & 1 != 0,
        read_stream: bits & 2 != 0,
        manage_topics: bits & 4 != 0,
        read_topics: bits & 8 != 0,
        poll_messages: bits & 16 != 0,
        send_messages: bits & 32 != 0,
        topics,
    }
}

pub fn global(bits: u16) -> WireGlobalPermissions {
    WireGlobalPermissions {
        manage_servers: bits & 1 != 0,
        read_servers: bits & 2 != 0,
        manage_users: bits & 4 != 0,
        read_users: bits & 8 != 0,
        manage_streams: bits & 16 != 0,
        read_streams: bits & 32 != 0,
        manage_topics: bits & 64 != 0,
        read_topics: bits & 128 != 0,
        poll_messages: bits & 256 != 0,
        send_messages: bits & 512 != 0,
    }
}

/// Permission sets: no streams, all true, one stream without topics, many streams/topics,
/// id extremes.
pub fn permission_samples() -> Vec<(&'static str, WirePermissions)> {
    vec![
        ("none", WirePermissions { global: global(0), streams: vec![] }),
        ("all", WirePermissions { global: global(0x3ff), streams: vec![] }),
        ("stream-no-topics", WirePermissions { global: global(0x155), streams: vec![stream(1, 0x2a, vec![])] }),
        (
            "nested",
            WirePermissions {
                global: global(0x2aa),
                streams: vec![
                    stream(0, 0x3f, vec![topic(0, 0xf)]),
                    stream(7, 0x15, vec![]),
                    stream(u32::MAX, 0, vec![topic(1, 1), topic(2, 6), topic(u32::MAX, 8)]),
                ],
            },
        ),
    ]
}

/// Raw permissions bytes with every flag/bool as given, for the non-canonical cases.
pub fn perm_bytes(p: &WirePermissions) -> Vec<u8> {
    p.to_bytes().to_vec()
}

/// The crate's error for `bytes`, or None when it accepts them.
pub fn err_of<T: WireDecode>(bytes: &[u8]) -> Option<Value> {
    dec::<T>(bytes).err().map(|e| error_json(&e))
}

/// An identifier with a string kind whose bytes are not UTF-8.
pub fn bad_utf8_ident() -> Vec<u8> {
    vec![2, 2, 0xc3, 0x28]
}

/// Identifier byte sequences the crate rejects, with names and comments.
pub fn bad_idents() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    vec![
        ("id-kind-0", vec![0, 4, 1, 0, 0, 0], "identifier kind 0 is unknown"),
        ("id-kind-3", vec![3, 4, 1, 0, 0, 0], "identifier kind 3 is unknown"),
        ("id-numeric-len-3", vec![1, 3, 1, 0, 0], "numeric identifier must be 4 bytes"),
        ("id-numeric-len-8", vec![1, 8, 1, 0, 0, 0, 0, 0, 0, 0], "numeric identifier must be 4 bytes"),
        ("id-string-empty", vec![2, 0], "string identifier cannot be empty"),
        ("id-bad-utf8", bad_utf8_ident(), "string identifier is not UTF-8"),
    ]
}
