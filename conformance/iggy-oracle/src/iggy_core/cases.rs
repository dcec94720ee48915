//! Case plumbing of the Iggy-core binaries: every valid case is encoded by the crate, decoded
//! back by the crate and recorded from the decoded value; every invalid case is asserted to be
//! rejected by the crate before it is recorded.

#![allow(dead_code)]

use iggy_binary_protocol::primitives::options::WireOptions;
use iggy_binary_protocol::{WireDecode, WireEncode, WireIdentifier, WireName};
use iggy_oracle::{VectorFile, hex};
use serde_json::{Map, Value, json};

pub use iggy_oracle::cases::{dec, invalid, trailing, truncs, valid};

/// Bytes the crate accepts but would not produce.
pub fn valid_decode<T: WireEncode + WireDecode>(f: &mut VectorFile, name: &str, bytes: &[u8], comment: &str, j: impl Fn(&T) -> Value) {
    let d = dec::<T>(bytes).unwrap_or_else(|e| panic!("{name}: crate rejects: {e}"));
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

/// Invalid-UTF-8 and other byte patches: replaces `bytes[at..at+patch.len()]` and records the
/// crate's rejection.
pub fn patched<T: WireDecode>(f: &mut VectorFile, name: &str, bytes: &[u8], at: usize, patch: &[u8], comment: &str) {
    let mut b = bytes.to_vec();
    b[at..at + patch.len()].copy_from_slice(patch);
    invalid::<T>(f, name, &b, comment);
}

// ---- sample values ----

pub fn wname(s: &str) -> WireName {
    WireName::new(s).expect("valid name")
}

/// 2-, 3- and 4-byte UTF-8 sequences.
pub const MULTI: &str = "zażółć-€-😀";

pub fn long_name() -> String {
    "n".repeat(255)
}

/// 255 bytes of 3-byte characters.
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
        ("strutf8-255", WireIdentifier::named(long_multi()).unwrap()),
    ]
}

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

/// Empty, one entry, several kinds (one unknown), 255-byte key and value, multi-byte UTF-8.
pub fn option_samples() -> Vec<(&'static str, WireOptions)> {
    let long = vec![0xabu8; 255];
    let key255 = "k".repeat(255);
    vec![
        ("empty", WireOptions::empty()),
        ("one", options(&[("segment_size", 12, &1_048_576u64.to_le_bytes())])),
        (
            "several",
            options(&[
                ("message_expiry", 12, &u64::MAX.to_le_bytes()),
                ("compression_algorithm", 2, b"gzip"),
                ("enforce_fsync", 3, &[1]),
                ("future-kind", 200, &[9, 9]),
            ]),
        ),
        ("long", WireOptions::from_slice(&options_bytes(&[(key255.as_str(), 1, &long)])).unwrap()),
        ("utf8", options(&[(MULTI, 2, MULTI.as_bytes())])),
    ]
}
