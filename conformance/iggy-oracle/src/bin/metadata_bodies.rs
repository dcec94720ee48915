//! Vectors of the metadata change-log bodies (`primitives/metadata_changes/body.rs`):
//! `metadata_change_body.json` (every change kind, decoded by `WireMetadataChange::decode(group,
//! kind, body)`) and `metadata_item_body.json` (every current-state item, decoded by
//! `WireMetadataCurrentItem::decode(group, body)`). A test's `options` carry the decoder's
//! inputs beside the bytes: `{ "group": g, "kind": k }` / `{ "group": g }`. Every value is
//! built with the crate's types, encoded by the crate and recorded from the crate's decode;
//! every invalid case is the crate's own rejection.

#[path = "../iggy_meta/cases.rs"]
mod cases;
#[path = "../iggy_meta/json.rs"]
mod mj;

use cases::{KINDS, MARK, PER_KIND, change, compact, compact_item, item, options_bytes};
use iggy_binary_protocol::WireError;
use iggy_binary_protocol::primitives::metadata_changes::{
    WireChangeOptions, WireMetadataChange, WireMetadataChangeKind, WireMetadataCurrentItem,
};
use iggy_binary_protocol::primitives::options::{MAX_OPTIONS, MAX_OPTIONS_BYTES};
use iggy_oracle::{VectorFile, error_json, hex, out_dir};
use serde_json::{Map, Value, json};
use std::collections::HashSet;
use std::path::Path;

/// How a file's tests reach the crate: change bodies by (group, kind), items by group.
#[derive(Clone, Copy)]
enum Target {
    Change { group: u8, kind: u8 },
    Item { group: u8 },
}

impl Target {
    fn options(self) -> Value {
        match self {
            Target::Change { group, kind } => json!({ "group": group, "kind": kind }),
            Target::Item { group } => json!({ "group": group }),
        }
    }

    fn decode(self, bytes: &[u8]) -> Result<Option<(Vec<u8>, Value)>, WireError> {
        Ok(match self {
            Target::Change { group, kind } => {
                WireMetadataChange::decode(group, kind, bytes)?.map(|c| (c.body_bytes().to_vec(), mj::change(&c)))
            }
            Target::Item { group } => {
                WireMetadataCurrentItem::decode(group, bytes)?.map(|i| (i.body_bytes().to_vec(), mj::item(&i)))
            }
        })
    }
}

struct Out<'a> {
    f: VectorFile,
    dir: &'a Path,
    bin_dir: &'static str,
    names: HashSet<String>,
}

impl Out<'_> {
    fn push(&mut self, name: &str, target: Target, bytes: &[u8], mut t: Map<String, Value>) {
        assert!(self.names.insert(name.to_string()), "duplicate test name {name}");
        let mut m = Map::new();
        m.insert("name".into(), json!(name));
        for (k, v) in t.iter_mut() {
            if k == "comment" || k == "op" {
                m.insert(k.clone(), v.take());
            }
        }
        if bytes.len() > 4096 {
            m.insert("file".into(), iggy_oracle::bin_file(self.dir, self.bin_dir, name, bytes));
        } else {
            m.insert("hex".into(), json!(hex(bytes)));
        }
        for (k, v) in t {
            if k != "comment" && k != "op" {
                m.insert(k, v);
            }
        }
        m.insert("options".into(), target.options());
        self.f.raw(m);
    }

    /// A canonical valid test: the crate decodes the bytes and re-encodes them exactly.
    fn valid(&mut self, name: &str, target: Target, bytes: &[u8]) {
        let (again, value) = target
            .decode(bytes)
            .unwrap_or_else(|e| panic!("{name}: crate rejects its own bytes: {e}"))
            .unwrap_or_else(|| panic!("{name}: unknown kind"));
        assert_eq!(again, bytes, "{name}: re-encode differs");
        let mut t = Map::new();
        t.insert("value".into(), value);
        t.insert("result".into(), json!("valid"));
        self.push(name, target, bytes, t);
    }

    /// Bytes the crate accepts but would not produce (or cannot type: `null`).
    fn valid_decode(&mut self, name: &str, target: Target, bytes: &[u8], comment: &str) {
        let value = match target.decode(bytes).unwrap_or_else(|e| panic!("{name}: crate rejects: {e}")) {
            Some((again, value)) => {
                assert_ne!(again, bytes, "{name}: canonical, use valid()");
                value
            }
            None => Value::Null,
        };
        let mut t = Map::new();
        t.insert("comment".into(), json!(comment));
        t.insert("op".into(), json!("decode"));
        t.insert("value".into(), value);
        t.insert("result".into(), json!("valid"));
        t.insert("canonical".into(), json!(false));
        self.push(name, target, bytes, t);
    }

    fn invalid(&mut self, name: &str, target: Target, bytes: &[u8], comment: &str) {
        let e = match target.decode(bytes) {
            Ok(_) => panic!("{name}: crate accepts bytes expected invalid: {}", hex(bytes)),
            Err(e) => e,
        };
        let mut t = Map::new();
        t.insert("comment".into(), json!(comment));
        t.insert("op".into(), json!("decode"));
        t.insert("result".into(), json!("invalid"));
        t.insert("error".into(), error_json(&e));
        self.push(name, target, bytes, t);
    }

    fn patched(&mut self, name: &str, target: Target, bytes: &[u8], at: usize, patch: &[u8], comment: &str) {
        let mut b = bytes.to_vec();
        b[at..at + patch.len()].copy_from_slice(patch);
        self.invalid(name, target, &b, comment);
    }

    fn truncations(&mut self, prefix: &str, target: Target, bytes: &[u8]) {
        for n in 0..bytes.len() {
            self.invalid(&format!("{prefix}.truncated-at-{n}"), target, &bytes[..n], "a body cut short");
        }
    }

    fn trailing(&mut self, prefix: &str, target: Target, bytes: &[u8]) {
        let mut b = bytes.to_vec();
        b.push(0);
        self.invalid(&format!("{prefix}.trailing-byte"), target, &b, "one byte after the body");
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn options_size(o: &WireChangeOptions) -> usize {
    match o {
        WireChangeOptions::Readable { explicit, derived } => 9 + explicit.as_bytes().len() + derived.as_bytes().len(),
        WireChangeOptions::Unreadable => 1,
    }
}

/// Where the options state byte of a body that ends with its options sits.
fn options_at(body_len: usize, o: &WireChangeOptions) -> usize {
    body_len - options_size(o)
}

/// Whether a change with a `requested_op` field has it (`None` for kinds without one).
fn requested_op(c: &WireMetadataChange) -> Option<bool> {
    match c {
        WireMetadataChange::StreamDeleted(x) => Some(x.requested_op.is_some()),
        WireMetadataChange::TopicDeleted(x) => Some(x.requested_op.is_some()),
        WireMetadataChange::PartitionsChanged(x) => Some(x.requested_op.is_some()),
        WireMetadataChange::ConsumerGroupDeleted(x) => Some(x.requested_op.is_some()),
        _ => None,
    }
}

fn kind_name(kind: u8) -> &'static str {
    mj::kind_name(WireMetadataChangeKind::from_code(kind).unwrap())
}

fn group_of(kind: u8) -> u8 {
    WireMetadataChangeKind::from_code(kind).unwrap().group().as_u8()
}

/// The samples of one kind, duplicates removed.
fn samples<T>(n: usize, make: impl Fn(usize) -> T, bytes: impl Fn(&T) -> Vec<u8>) -> Vec<(usize, T, Vec<u8>)> {
    let mut seen = HashSet::new();
    let mut out = vec![];
    for i in 0..n {
        let v = make(i);
        let b = bytes(&v);
        if seen.insert(b.clone()) {
            out.push((i, v, b));
        }
    }
    assert!(out.len() >= 10, "fewer than 10 distinct samples");
    out
}

/// A stream body with options state 0, the given raw explicit block and an empty derived block
/// (bypasses the crate's encoder so invalid blocks can be carried).
fn stream_with_raw_options(explicit: &[u8], declared: Option<u32>) -> Vec<u8> {
    let WireMetadataChange::StreamCreated(mut body) = change(1, 0) else { unreachable!() };
    body.options = WireChangeOptions::Unreadable;
    let mut b = WireMetadataChange::StreamCreated(body).body_bytes().to_vec();
    b.pop();
    b.push(0);
    b.extend_from_slice(&declared.unwrap_or(explicit.len() as u32).to_le_bytes());
    b.extend_from_slice(explicit);
    b.extend_from_slice(&0u32.to_le_bytes());
    b
}

fn ids_body(kind: u8, ids: &[u32], count: Option<u32>) -> Vec<u8> {
    // partitions_changed: [topic key 24][partitions_count 4][ids][requested_op flag 0].
    // member_joined: [topic key 24][group 4][member 4][client 16][members 4][ids].
    let mut b = match kind {
        20 => vec![0u8; 28],
        40 => vec![0u8; 52],
        _ => unreachable!(),
    };
    b.extend_from_slice(&count.unwrap_or(ids.len() as u32).to_le_bytes());
    for id in ids {
        b.extend_from_slice(&id.to_le_bytes());
    }
    if kind == 20 && count.is_none() {
        b.push(0);
    }
    b
}

fn main() {
    let dir = out_dir();
    change_bodies(&dir);
    item_bodies(&dir);
}

fn change_bodies(dir: &Path) {
    let mut f = VectorFile::new("MetadataChangeBody", None);
    f.header("Bodies of GetMetadataChanges change records, one per kind (primitives/metadata_changes/body.rs).");
    f.header("A test's options give the record's group and kind codes; decode = WireMetadataChange::decode(group,");
    f.header("kind, body): value null for a group or kind the crate does not know, INVALID_VALUE for a known kind");
    f.header("under another group, trailing bytes or partition ids not strictly ascending; presence bytes, the");
    f.header("options state byte and reason codes outside their range are UNKNOWN_DISCRIMINANT.");
    f.header("Value: { kind: <kind name>, ...body fields }; options are \"unreadable\" or");
    f.header("{ kind: \"readable\", explicit: <hex>, derived: <hex> }.");
    f.group("data", "body");
    let mut o = Out { f, dir, bin_dir: "metadata_change_body", names: HashSet::new() };

    for &kind in &KINDS {
        let name = kind_name(kind);
        let target = Target::Change { group: group_of(kind), kind };
        for (i, _, b) in samples(PER_KIND, |i| change(kind, i), |c| c.body_bytes().to_vec()) {
            o.valid(&format!("{name}.{i}"), target, &b);
        }
    }

    // Permission flags inside user bodies are read leniently (non-zero = true).
    for (kind, i) in [(50u8, 1usize), (54, 0)] {
        let c = change(kind, i);
        let (username, perm_at) = match &c {
            WireMetadataChange::UserCreated(b) => (b.username.as_str().len(), 12 + 1 + b.username.as_str().len() + 2),
            WireMetadataChange::UserPermissionsUpdated(b) => (b.username.as_str().len(), 12 + 1 + b.username.as_str().len() + 1),
            _ => unreachable!(),
        };
        let _ = username;
        let mut b = c.body_bytes().to_vec();
        b[perm_at] = 2;
        o.valid_decode(&format!("{}.permission-flag-2", kind_name(kind)), Target::Change { group: group_of(kind), kind }, &b, "a global permission byte of 2 reads as true");
    }

    // Groups and kinds the crate does not know: no typed value, no error.
    let body = change(1, 0).body_bytes().to_vec();
    for (group, kind, what) in [
        (0u8, 1u8, "group 0"),
        (9, 1, "group 9 (reserved)"),
        (127, 1, "group 127 (reserved)"),
        (200, 70, "group 200 (downstream extension)"),
        (255, 255, "group and kind 255"),
        (1, 0, "kind 0 in the streams group"),
        (1, 4, "kind 4 in the streams group"),
        (8, 72, "kind 72 in the sessions group"),
        (3, 21, "kind 21 in the partitions group"),
    ] {
        let target = Target::Change { group, kind };
        o.valid_decode(&format!("unknown.group-{group}-kind-{kind}"), target, &body, what);
    }
    o.valid_decode("unknown.kind-9-empty-body", Target::Change { group: 1, kind: 9 }, &[], "kind 9 with an empty body");
    o.valid_decode("unknown.group-9-bad-bytes", Target::Change { group: 9, kind: 90 }, &[0xff; 7], "unknown group, bytes not a body");

    for &kind in &KINDS {
        let name = kind_name(kind);
        let group = group_of(kind);
        let target = Target::Change { group, kind };
        let c = compact(kind);
        let b = c.body_bytes().to_vec();
        o.valid(&format!("{name}.compact"), target, &b);
        // Kinds sharing a body layout with an earlier kind get their prefixes checked once.
        if ![2u8, 11, 51, 53].contains(&kind) {
            o.truncations(name, target, &b);
        }
        o.trailing(name, target, &b);
        let wrong = group % 8 + 1;
        o.invalid(&format!("{name}.under-group-{wrong}"), Target::Change { group: wrong, kind }, &b, "a known kind under another group");
        o.invalid(&format!("{name}.under-group-{wrong}-empty"), Target::Change { group: wrong, kind }, &[], "the group check comes before the body");

        // Names: invalid UTF-8, length 0, length past the end.
        if let Some((i, at)) = (0..16).find_map(|i| find(&change(kind, i).body_bytes(), MARK.as_bytes()).map(|at| (i, at))) {
            let mb = change(kind, i).body_bytes().to_vec();
            o.patched(&format!("{name}.name-overlong-utf8"), target, &mb, at, &[0xc0, 0x80], "overlong UTF-8 in the name");
            o.patched(&format!("{name}.name-lone-continuation"), target, &mb, at + 3, &[0x80], "a lone continuation byte in the name");
            o.patched(&format!("{name}.name-surrogate"), target, &mb, at + 1, &[0xed, 0xa0, 0x80], "an encoded surrogate in the name");
            o.patched(&format!("{name}.name-length-0"), target, &mb, at - 1, &[0], "a name of length 0");
            o.patched(&format!("{name}.name-length-255"), target, &mb, at - 1, &[255], "a name length past the end of the body");
        }

        // Presence bytes, options state and reasons.
        match &c {
            WireMetadataChange::StreamCreated(x) | WireMetadataChange::StreamUpdated(x) => {
                o.patched(&format!("{name}.options-state-2"), target, &b, options_at(b.len(), &x.options), &[2], "options state byte 2");
            }
            WireMetadataChange::TopicCreated(x) | WireMetadataChange::TopicUpdated(x) => {
                o.patched(&format!("{name}.options-state-255"), target, &b, options_at(b.len(), &x.options), &[255], "options state byte 255");
            }
            WireMetadataChange::UserCreated(x) | WireMetadataChange::UserUpdated(x) => {
                o.patched(&format!("{name}.options-state-2"), target, &b, options_at(b.len(), &x.options), &[2], "options state byte 2");
                let has = 12 + 1 + x.username.as_str().len() + 1;
                o.patched(&format!("{name}.permissions-flag-2"), target, &b, has, &[2], "permissions presence byte 2");
            }
            WireMetadataChange::UserPermissionsUpdated(x) => {
                let has = 12 + 1 + x.username.as_str().len();
                o.patched(&format!("{name}.permissions-flag-2"), target, &b, has, &[2], "permissions presence byte 2");
            }
            _ => {}
        }
        match kind {
            3 | 12 | 20 | 31 => {
                let some = (0..8).map(|i| change(kind, i)).find(|c| requested_op(c) == Some(true));
                let sb = some.expect("a sample with requested_op").body_bytes().to_vec();
                o.patched(&format!("{name}.requested-op-flag-2"), target, &sb, sb.len() - 9, &[2], "requested_op presence byte 2");
                let none = (0..8).map(|i| change(kind, i)).find(|c| requested_op(c) == Some(false));
                let nb = none.expect("a sample without requested_op").body_bytes().to_vec();
                o.patched(&format!("{name}.requested-op-flag-255"), target, &nb, nb.len() - 1, &[255], "requested_op presence byte 255");
                let mut dangling = nb.clone();
                *dangling.last_mut().unwrap() = 1;
                o.invalid(&format!("{name}.requested-op-missing"), target, &dangling, "presence byte 1 without the op");
            }
            42 => {
                let some = change(kind, 1).body_bytes().to_vec();
                o.patched(&format!("{name}.member-flag-2"), target, &some, some.len() - 5, &[2], "member presence byte 2");
            }
            41 | 54 | 61 => {
                for code in [2u8, 255] {
                    o.patched(&format!("{name}.reason-{code}"), target, &b, b.len() - 1, &[code], "an undefined reason code");
                }
            }
            71 => {
                for code in [3u8, 255] {
                    o.patched(&format!("{name}.reason-{code}"), target, &b, b.len() - 1, &[code], "an undefined reason code");
                }
            }
            _ => {}
        }
    }

    // Partition id lists.
    for kind in [20u8, 40] {
        let name = kind_name(kind);
        let target = Target::Change { group: group_of(kind), kind };
        o.invalid(&format!("{name}.ids-descending"), target, &ids_body(kind, &[3, 1], None), "ids 3, 1");
        o.invalid(&format!("{name}.ids-duplicate"), target, &ids_body(kind, &[2, 2], None), "ids 2, 2");
        o.invalid(&format!("{name}.ids-max-then-0"), target, &ids_body(kind, &[u32::MAX, 0], None), "ids u32::MAX, 0");
        o.invalid(&format!("{name}.ids-count-max"), target, &ids_body(kind, &[1, 2], Some(u32::MAX)), "count u32::MAX, two ids present");
        o.invalid(&format!("{name}.ids-count-max-descending"), target, &ids_body(kind, &[2, 1], Some(u32::MAX)), "count u32::MAX: the order check fires before the end");
        o.invalid(&format!("{name}.ids-count-one-more"), target, &ids_body(kind, &[1, 2], Some(3)), "count one past the ids");
    }
    o.valid("partitionsChanged.ids-0-and-max", Target::Change { group: 3, kind: 20 }, &ids_body(20, &[0, u32::MAX], None));

    // Options blocks.
    let t = Target::Change { group: 1, kind: 1 };
    let ok = options_bytes(&[("a", 2, b"x")]);
    o.valid("streamCreated.raw-options", t, &stream_with_raw_options(&ok, None));
    o.invalid("streamCreated.options-length-max", t, &stream_with_raw_options(&ok, Some(u32::MAX)), "options length u32::MAX");
    o.invalid("streamCreated.options-length-one-more", t, &stream_with_raw_options(&ok, Some(ok.len() as u32 + 5)), "options length past the body");
    let dup = options_bytes(&[("a", 2, b"x"), ("a", 2, b"y")]);
    o.invalid("streamCreated.options-duplicate-key", t, &stream_with_raw_options(&dup, None), "a duplicate option key");
    let mut raw_key = ok.clone();
    raw_key[0] = 1;
    o.invalid("streamCreated.options-raw-key", t, &stream_with_raw_options(&raw_key, None), "an option key of kind 1 (raw)");
    let bad_key = options_bytes(&[("\u{1}", 2, b"x")]);
    let mut bad_key_utf8 = bad_key.clone();
    bad_key_utf8[5] = 0xff;
    o.invalid("streamCreated.options-key-not-utf8", t, &stream_with_raw_options(&bad_key_utf8, None), "an option key that is not UTF-8");
    o.invalid("streamCreated.options-cut-inside", t, &stream_with_raw_options(&ok[..ok.len() - 1], None), "a block whose last field is cut short");
    let mut big = vec![];
    while big.len() <= MAX_OPTIONS_BYTES {
        let k = format!("key-{:06}", big.len());
        big.extend_from_slice(&options_bytes(&[(k.as_str(), 1, &[0u8; 240])]));
    }
    o.invalid("streamCreated.options-over-100000-bytes", t, &stream_with_raw_options(&big, None), "an options block over MAX_OPTIONS_BYTES");
    let keys: Vec<String> = (0..=MAX_OPTIONS).map(|i| format!("k{i}")).collect();
    let entries: Vec<(&str, u8, &[u8])> = keys.iter().map(|k| (k.as_str(), 1u8, &[1u8][..])).collect();
    let many = options_bytes(&entries);
    o.invalid("streamCreated.options-1025-entries", t, &stream_with_raw_options(&many, None), "more than MAX_OPTIONS entries");

    o.f.write(dir, "metadata_change_body.json");
}

fn item_name(group: u8) -> &'static str {
    mj::item_name(&item(group, 0))
}

fn item_bodies(dir: &Path) {
    let mut f = VectorFile::new("MetadataItemBody", None);
    f.header("Bodies of GetMetadataChanges current-state items, one per group (primitives/metadata_changes/body.rs).");
    f.header("A test's options give the item's group code; decode = WireMetadataCurrentItem::decode(group, body):");
    f.header("value null for a group the crate does not know, INVALID_VALUE for trailing bytes or partition ids");
    f.header("not strictly ascending. Value: { kind: <item kind name>, ...body fields }.");
    f.group("data", "body");
    let mut o = Out { f, dir, bin_dir: "metadata_item_body", names: HashSet::new() };
    for group in 1..=8u8 {
        let name = item_name(group);
        let target = Target::Item { group };
        for (i, _, b) in samples(PER_KIND, |i| item(group, i), |x| x.body_bytes().to_vec()) {
            o.valid(&format!("{name}.{i}"), target, &b);
        }
    }
    let body = item(3, 0).body_bytes().to_vec();
    for group in [0u8, 9, 128, 255] {
        o.valid_decode(&format!("unknown.group-{group}"), Target::Item { group }, &body, "a group the crate does not know");
    }
    for group in 1..=8u8 {
        let name = item_name(group);
        let target = Target::Item { group };
        let it = compact_item(group);
        let b = it.body_bytes().to_vec();
        o.valid(&format!("{name}.compact"), target, &b);
        o.truncations(name, target, &b);
        o.trailing(name, target, &b);
        if let Some((i, at)) = (0..16).find_map(|i| find(&item(group, i).body_bytes(), MARK.as_bytes()).map(|at| (i, at))) {
            let mb = item(group, i).body_bytes().to_vec();
            o.patched(&format!("{name}.name-overlong-utf8"), target, &mb, at, &[0xc0, 0x80], "overlong UTF-8 in the name");
            o.patched(&format!("{name}.name-length-0"), target, &mb, at - 1, &[0], "a name of length 0");
        }
        match &it {
            WireMetadataCurrentItem::Stream(x) => {
                o.patched(&format!("{name}.options-state-2"), target, &b, options_at(b.len(), &x.options), &[2], "options state byte 2");
            }
            WireMetadataCurrentItem::Topic(x) => {
                o.patched(&format!("{name}.options-state-2"), target, &b, options_at(b.len(), &x.options), &[2], "options state byte 2");
            }
            WireMetadataCurrentItem::User(x) => {
                o.patched(&format!("{name}.options-state-2"), target, &b, options_at(b.len(), &x.options), &[2], "options state byte 2");
                let has = 12 + 1 + x.username.as_str().len() + 1;
                o.patched(&format!("{name}.permissions-flag-2"), target, &b, has, &[2], "permissions presence byte 2");
            }
            _ => {}
        }
    }
    // Member partition ids: [topic key 24][group 4][member 4][client 16][ids].
    let target = Target::Item { group: 5 };
    let ids = |ids: &[u32], count: Option<u32>| {
        let mut b = vec![0u8; 48];
        b.extend_from_slice(&count.unwrap_or(ids.len() as u32).to_le_bytes());
        for id in ids {
            b.extend_from_slice(&id.to_le_bytes());
        }
        b
    };
    o.invalid("consumerGroupMember.ids-descending", target, &ids(&[9, 8], None), "ids 9, 8");
    o.invalid("consumerGroupMember.ids-duplicate", target, &ids(&[0, 0], None), "ids 0, 0");
    o.invalid("consumerGroupMember.ids-count-max", target, &ids(&[], Some(u32::MAX)), "count u32::MAX, no ids");
    o.f.write(dir, "metadata_item_body.json");
}
