//! Vectors of the shared primitives (`primitives/`): names, identifiers, consumers,
//! partitioning, polling strategies, ack levels, permissions, partition records, user-header
//! blocks and options blocks. Every value is encoded and decoded by the crate.

#[path = "../iggy_core/cases.rs"]
mod cases;
#[path = "../iggy_core/json.rs"]
mod j;

use cases::*;
use iggy_binary_protocol::primitives::options::{WireOptions, validate_options};
use iggy_binary_protocol::primitives::permissions::{WireGlobalPermissions, WireStreamPermissions, WireTopicPermissions};
use iggy_binary_protocol::primitives::user_headers::{WireUserHeaders, validate_user_headers};
use iggy_binary_protocol::{
    AckLevel, ConsumerGroupOwner, ConsumerSession, CreatedPartitionAssignment, PartitionContext, WireConsumer, WireIdentifier, WireName,
    WireEncode, WirePartitioning, WirePermissions, WirePollingStrategy,
};
use iggy_oracle::{VectorFile, error_json, out_dir};
use std::path::Path;

fn main() {
    let dir = out_dir();
    wire_name(&dir);
    wire_identifier(&dir);
    wire_consumer(&dir);
    wire_partitioning(&dir);
    wire_polling_strategy(&dir);
    ack_level(&dir);
    wire_permissions(&dir);
    partition_records(&dir);
    user_headers(&dir);
    options(&dir);
}

fn wire_name(dir: &Path) {
    let mut f = VectorFile::new("WireName", None);
    f.header("WireName: [len:u8][UTF-8], 1-255 bytes; length 0 is rejected.");
    f.group("data", "body");
    for (n, s) in [("len1", "a".to_string()), ("typical", "orders".into()), ("len255", long_name()), ("utf8", MULTI.into()), ("utf8-255", long_multi()), ("two-byte", "é".into()), ("four-byte", "😀".into()), ("digits", "123".into()), ("space", " ".into()), ("dots", "a.b-c_d".into())] {
        valid(&mut f, &format!("data.{n}"), &wname(&s), j::name);
    }
    trailing::<WireName>(&mut f, "data.typical", &wname("orders").to_bytes(), j::name);
    truncs::<WireName>(&mut f, "data.typical", &wname("orders").to_bytes());
    invalid::<WireName>(&mut f, "data.len0", &[0], "zero length");
    invalid::<WireName>(&mut f, "data.bad-utf8", &[1, 0xff], "not UTF-8");
    invalid::<WireName>(&mut f, "data.overlong-utf8", &[2, 0xc0, 0xaf], "overlong encoding");
    invalid::<WireName>(&mut f, "data.surrogate", &[3, 0xed, 0xa0, 0x80], "UTF-16 surrogate");
    invalid::<WireName>(&mut f, "data.cut-sequence", &[1, 0xe2], "a 3-byte sequence cut after one byte");
    f.write(dir, "wire_name.json");
}

fn wire_identifier(dir: &Path) {
    let mut f = VectorFile::new("WireIdentifier", None);
    f.header("WireIdentifier: [kind:u8 1 numeric, 2 string][len:u8][value]; numeric needs len 4 (u32), string 1-255 UTF-8.");
    f.group("data", "body");
    for (n, id) in idents() {
        valid(&mut f, &format!("data.{n}"), &id, j::ident);
    }
    valid(&mut f, "data.num-hi", &WireIdentifier::numeric(0x8000_0000), j::ident);
    valid(&mut f, "data.str-digits", &WireIdentifier::named("42").unwrap(), j::ident);
    let s = WireIdentifier::named("orders").unwrap().to_bytes();
    trailing::<WireIdentifier>(&mut f, "data.strtyp", &s, j::ident);
    truncs::<WireIdentifier>(&mut f, "data.strtyp", &s);
    truncs::<WireIdentifier>(&mut f, "data.num1", &WireIdentifier::numeric(1).to_bytes());
    for (n, b, c) in [
        ("kind-0", vec![0u8, 4, 1, 0, 0, 0], "kind 0"),
        ("kind-3", vec![3, 1, 0x61], "kind 3"),
        ("kind-255-short", vec![255, 4, 1], "unknown kind, value cut short: truncation is reported first"),
        ("numeric-len3", vec![1, 3, 1, 0, 0], "numeric of 3 bytes"),
        ("numeric-len5", vec![1, 5, 1, 0, 0, 0, 0], "numeric of 5 bytes"),
        ("numeric-len0", vec![1, 0], "numeric of 0 bytes"),
        ("string-len0", vec![2, 0], "empty string"),
        ("string-bad-utf8", vec![2, 2, 0xff, 0xfe], "not UTF-8"),
    ] {
        invalid::<WireIdentifier>(&mut f, &format!("data.{n}"), &b, c);
    }
    f.write(dir, "wire_identifier.json");
}

fn wire_consumer(dir: &Path) {
    let mut f = VectorFile::new("WireConsumer", None);
    f.header("WireConsumer: [kind:u8 1 consumer, 2 consumer group, 3 external group][WireIdentifier].");
    f.group("data", "body");
    let ids = idents();
    for (i, (n, id)) in ids.iter().enumerate() {
        let c = match i % 3 {
            0 => WireConsumer::consumer(id.clone()),
            1 => WireConsumer::consumer_group(id.clone()),
            _ => WireConsumer::external_group(id.clone()),
        };
        valid(&mut f, &format!("data.kind{}-{n}", i % 3 + 1), &c, j::consumer);
    }
    valid(&mut f, "data.external-num", &WireConsumer::external_group(WireIdentifier::numeric(9)), j::consumer);
    valid(&mut f, "data.group-str", &WireConsumer::consumer_group(WireIdentifier::named("g").unwrap()), j::consumer);
    let s = WireConsumer::consumer_group(WireIdentifier::numeric(1)).to_bytes();
    trailing::<WireConsumer>(&mut f, "data.group-num", &s, j::consumer);
    truncs::<WireConsumer>(&mut f, "data.group-num", &s);
    invalid::<WireConsumer>(&mut f, "data.kind-0", &[0, 1, 4, 1, 0, 0, 0], "kind 0");
    invalid::<WireConsumer>(&mut f, "data.kind-4-alone", &[4], "kind 4 is judged before the identifier is read");
    invalid::<WireConsumer>(&mut f, "data.bad-identifier", &[1, 1, 3, 1, 0, 0], "numeric identifier of 3 bytes");
    f.write(dir, "wire_consumer.json");
}

fn wire_partitioning(dir: &Path) {
    let mut f = VectorFile::new("WirePartitioning", None);
    f.header("WirePartitioning: [kind:u8][len:u8][value]: 1 balanced (len 0), 2 partition id (len 4, u32), 3 messages key (len 1-255, raw bytes).");
    f.group("data", "body");
    let cases: Vec<(&str, WirePartitioning)> = vec![
        ("balanced", WirePartitioning::Balanced),
        ("partition-0", WirePartitioning::PartitionId(0)),
        ("partition-1", WirePartitioning::PartitionId(1)),
        ("partition-max", WirePartitioning::PartitionId(u32::MAX)),
        ("key1", WirePartitioning::messages_key(vec![0]).unwrap()),
        ("key-text", WirePartitioning::messages_key(b"user-42".to_vec()).unwrap()),
        ("key255", WirePartitioning::messages_key(vec![0xab; 255]).unwrap()),
        ("key-not-utf8", WirePartitioning::messages_key(vec![0xff, 0xfe]).unwrap()),
        ("key-utf8", WirePartitioning::messages_key(MULTI.as_bytes().to_vec()).unwrap()),
        ("key-16", WirePartitioning::messages_key((0..16).collect()).unwrap()),
    ];
    for (n, p) in &cases {
        valid(&mut f, &format!("data.{n}"), p, j::partitioning);
    }
    let s = cases[5].1.to_bytes();
    trailing::<WirePartitioning>(&mut f, "data.key-text", &s, j::partitioning);
    truncs::<WirePartitioning>(&mut f, "data.key-text", &s);
    truncs::<WirePartitioning>(&mut f, "data.partition-1", &cases[2].1.to_bytes());
    for (n, b, c) in [
        ("balanced-len1", vec![1u8, 1, 0], "balanced with a value"),
        ("partition-len3", vec![2, 3, 1, 0, 0], "partition id of 3 bytes"),
        ("key-len0", vec![3, 0], "empty key"),
        ("kind-0", vec![0, 0], "kind 0"),
        ("kind-4", vec![4, 0], "kind 4"),
        ("one-byte", vec![1], "kind without length"),
    ] {
        invalid::<WirePartitioning>(&mut f, &format!("data.{n}"), &b, c);
    }
    f.write(dir, "wire_partitioning.json");
}

fn wire_polling_strategy(dir: &Path) {
    let mut f = VectorFile::new("WirePollingStrategy", None);
    f.header("WirePollingStrategy: [kind:u8 1 offset, 2 timestamp, 3 first, 4 last, 5 next][value:u64].");
    f.group("data", "body");
    let cases: Vec<(&str, WirePollingStrategy)> = vec![
        ("offset-0", WirePollingStrategy::offset(0)),
        ("offset-max", WirePollingStrategy::offset(u64::MAX)),
        ("offset-42", WirePollingStrategy::offset(42)),
        ("timestamp", WirePollingStrategy::timestamp(1_700_000_000_000_000)),
        ("timestamp-max", WirePollingStrategy::timestamp(u64::MAX)),
        ("first", WirePollingStrategy::first()),
        ("last", WirePollingStrategy::last()),
        ("next", WirePollingStrategy::next()),
        ("next-with-value", WirePollingStrategy { kind: 5, value: 7 }),
        ("first-with-value", WirePollingStrategy { kind: 3, value: u64::MAX }),
    ];
    for (n, p) in &cases {
        valid(&mut f, &format!("data.{n}"), p, j::polling);
    }
    let s = cases[2].1.to_bytes();
    trailing::<WirePollingStrategy>(&mut f, "data.offset-42", &s, j::polling);
    truncs::<WirePollingStrategy>(&mut f, "data.offset-42", &s);
    invalid::<WirePollingStrategy>(&mut f, "data.kind-0-alone", &[0], "kind 0 is judged before the value is read");
    invalid::<WirePollingStrategy>(&mut f, "data.kind-6", &[6, 0, 0, 0, 0, 0, 0, 0, 0], "kind 6");
    f.write(dir, "wire_polling_strategy.json");
}

fn ack_level(dir: &Path) {
    let mut f = VectorFile::new("AckLevel", None);
    f.header("AckLevel: one byte, 0 no-ack, 1 quorum; any other byte is an unknown discriminant.");
    f.group("data", "body");
    for a in [AckLevel::NoAck, AckLevel::Quorum] {
        f.valid(&format!("data.{}", j::ack(&a).as_str().unwrap()), &[a.as_u8()], j::ack(&a));
    }
    for b in [2u8, 3, 255] {
        let e = AckLevel::from_code(b).expect_err("unknown");
        f.invalid(&format!("data.byte-{b}"), &[b], error_json(&e), Some("not an ack level"));
    }
    f.write(dir, "ack_level.json");
}

fn perms(bits: u16, streams: Vec<WireStreamPermissions>) -> WirePermissions {
    let b = |i: u16| bits & (1 << i) != 0;
    WirePermissions {
        global: WireGlobalPermissions {
            manage_servers: b(0), read_servers: b(1), manage_users: b(2), read_users: b(3), manage_streams: b(4),
            read_streams: b(5), manage_topics: b(6), read_topics: b(7), poll_messages: b(8), send_messages: b(9),
        },
        streams,
    }
}

fn stream(id: u32, bits: u8, topics: Vec<WireTopicPermissions>) -> WireStreamPermissions {
    let b = |i: u8| bits & (1 << i) != 0;
    WireStreamPermissions { stream_id: id, manage_stream: b(0), read_stream: b(1), manage_topics: b(2), read_topics: b(3), poll_messages: b(4), send_messages: b(5), topics }
}

fn topic(id: u32, bits: u8) -> WireTopicPermissions {
    let b = |i: u8| bits & (1 << i) != 0;
    WireTopicPermissions { topic_id: id, manage_topic: b(0), read_topic: b(1), poll_messages: b(2), send_messages: b(3) }
}

fn wire_permissions(dir: &Path) {
    let mut f = VectorFile::new("WirePermissions", None);
    f.header("WirePermissions: 10 global flag bytes, then streams and topics as lists with has-next bytes; flags read non-zero as true.");
    f.group("data", "body");
    let cases: Vec<(&str, WirePermissions)> = vec![
        ("none", perms(0, vec![])),
        ("all-global", perms(0x3ff, vec![])),
        ("alternating", perms(0x155, vec![])),
        ("one-stream", perms(0, vec![stream(1, 0x3f, vec![])])),
        ("one-stream-one-topic", perms(1, vec![stream(1, 1, vec![topic(2, 0xf)])])),
        ("stream-three-topics", perms(2, vec![stream(7, 0x2a, vec![topic(1, 1), topic(2, 2), topic(3, 4)])])),
        ("three-streams", perms(4, vec![stream(1, 0, vec![]), stream(2, 0x3f, vec![topic(9, 8)]), stream(3, 1, vec![])])),
        ("ids-max", perms(0x200, vec![stream(u32::MAX, 0x15, vec![topic(u32::MAX, 0x5)])])),
        ("ids-zero", perms(0x100, vec![stream(0, 0, vec![topic(0, 0)])])),
        ("many", perms(0x3ff, (0..5).map(|i| stream(i, i as u8, (0..i).map(|t| topic(t, t as u8)).collect())).collect())),
    ];
    for (n, p) in &cases {
        valid(&mut f, &format!("data.{n}"), p, j::permissions);
    }
    let s = cases[4].1.to_bytes();
    trailing::<WirePermissions>(&mut f, "data.one-stream-one-topic", &s, j::permissions);
    truncs::<WirePermissions>(&mut f, "data.one-stream-one-topic", &s);
    let mut nonzero = cases[4].1.to_bytes().to_vec();
    nonzero[0] = 2;
    nonzero[10] = 0x80;
    valid_decode::<WirePermissions>(&mut f, "data.flags-non-zero", &nonzero, "flag and has-next bytes other than 0/1 read as true", j::permissions);
    f.write(dir, "wire_permissions.json");
}

fn session_json(v: &ConsumerSession) -> serde_json::Value {
    serde_json::json!({ "clientId": v.client_id.to_string(), "session": v.session.to_string() })
}

fn partition_records(dir: &Path) {
    let mut f = VectorFile::new("PartitionContext", None);
    f.header("PartitionContext: [incarnation:u64][owner_generation:u64][metadata_op:u64].");
    f.group("data", "body");
    for (n, (a, b, c)) in [("zeros", (0, 0, 0)), ("max", (u64::MAX, u64::MAX, u64::MAX)), ("typical", (3, 0, 120)), ("mixed", (1, u64::MAX, 2)), ("hi", (1 << 63, 1 << 32, 1 << 53)), ("one", (1, 1, 1)), ("a", (7, 8, 9)), ("b", (10, 0, 0)), ("c", (0, 10, 0)), ("d", (0, 0, 10))] {
        valid(&mut f, &format!("data.{n}"), &PartitionContext { incarnation: a, owner_generation: b, metadata_op: c }, j::context);
    }
    let s = PartitionContext { incarnation: 3, owner_generation: 0, metadata_op: 120 }.to_bytes();
    trailing::<PartitionContext>(&mut f, "data.typical", &s, j::context);
    truncs::<PartitionContext>(&mut f, "data.typical", &s);
    f.write(dir, "partition_context.json");

    let mut f = VectorFile::new("ConsumerGroupOwner", None);
    f.header("ConsumerGroupOwner: [client_id:u128][session:u64][generation:u64]; client and session both zero or both non-zero.");
    f.group("data", "body");
    for (n, (c, s, g)) in [("unowned", (0u128, 0u64, 0u64)), ("unowned-gen", (0, 0, 9)), ("typical", (0xCAFE, 7, 3)), ("max", (u128::MAX, u64::MAX, u64::MAX)), ("client-64", (1 << 64, 1, 1)), ("client-hi", (1 << 127, 2, 0)), ("min", (1, 1, 0)), ("a", (5, 6, 7)), ("b", (99, 1, u64::MAX)), ("c", (u128::from(u64::MAX), 3, 4))] {
        valid(&mut f, &format!("data.{n}"), &ConsumerGroupOwner { client_id: c, session: s, generation: g }, j::owner);
    }
    let s = ConsumerGroupOwner { client_id: 0xCAFE, session: 7, generation: 3 }.to_bytes();
    trailing::<ConsumerGroupOwner>(&mut f, "data.typical", &s, j::owner);
    truncs::<ConsumerGroupOwner>(&mut f, "data.typical", &s);
    let mut half = s.to_vec();
    half[16..24].fill(0);
    invalid::<ConsumerGroupOwner>(&mut f, "data.client-without-session", &half, "client set, session zero");
    let mut half2 = s.to_vec();
    half2[0..16].fill(0);
    invalid::<ConsumerGroupOwner>(&mut f, "data.session-without-client", &half2, "session set, client zero");
    f.write(dir, "consumer_group_owner.json");

    let mut f = VectorFile::new("ConsumerSession", None);
    f.header("ConsumerSession (crate root, consensus heartbeat entries): [client_id:u128][session:u64], 24 bytes;");
    f.header("the crate's decode rejects a zero client id or session (INVALID_VALUE).");
    f.group("data", "body");
    for (n, (c, s)) in [("min", (1u128, 1u64)), ("typical", (0xCAFE, 7)), ("max", (u128::MAX, u64::MAX)), ("client-64", (1 << 64, 1)), ("client-hi", (1 << 127, 2)), ("session-hi", (3, 1 << 63)), ("a", (5, 6)), ("b", (u128::from(u64::MAX), u64::MAX - 1))] {
        valid(&mut f, &format!("data.{n}"), &ConsumerSession { client_id: c, session: s }, session_json);
    }
    let s = ConsumerSession { client_id: 0xCAFE, session: 7 }.to_bytes();
    trailing::<ConsumerSession>(&mut f, "data.typical", &s, session_json);
    truncs::<ConsumerSession>(&mut f, "data.typical", &s);
    let mut no_session = s.to_vec();
    no_session[16..24].fill(0);
    invalid::<ConsumerSession>(&mut f, "data.session-zero", &no_session, "client set, session zero");
    let mut no_client = s.to_vec();
    no_client[0..16].fill(0);
    invalid::<ConsumerSession>(&mut f, "data.client-zero", &no_client, "session set, client zero");
    invalid::<ConsumerSession>(&mut f, "data.both-zero", &[0u8; 24], "client and session zero");
    f.write(dir, "consumer_session.json");

    let mut f = VectorFile::new("CreatedPartitionAssignment", None);
    f.header("CreatedPartitionAssignment: [partition_id:u32][consensus_group_id:u64][initial_view:u32], 16 bytes.");
    f.group("data", "body");
    for (n, (p, g, v)) in [("zeros", (0u32, 0u64, 0u32)), ("max", (u32::MAX, u64::MAX, u32::MAX)), ("typical", (1, (1 << 32) | 1, 0)), ("a", (2, 3, 4)), ("b", (7, 1 << 63, 1)), ("c", (1000, 5, 5)), ("d", (0, 1, 0)), ("e", (1, 0, 1)), ("f", (u32::MAX, 0, 0)), ("g", (0, 0, u32::MAX))] {
        valid(&mut f, &format!("data.{n}"), &CreatedPartitionAssignment { partition_id: p, consensus_group_id: g, initial_view: v }, j::assignment);
    }
    let s = CreatedPartitionAssignment { partition_id: 1, consensus_group_id: (1 << 32) | 1, initial_view: 0 }.to_bytes();
    trailing::<CreatedPartitionAssignment>(&mut f, "data.typical", &s, j::assignment);
    truncs::<CreatedPartitionAssignment>(&mut f, "data.typical", &s);
    f.write(dir, "created_partition_assignment.json");
}

/// Header blocks of [`header_blocks`] whose bytes the oracle wrote itself (not encode_user_headers).
const LAID_BY_ORACLE: [&str; 6] = ["len-0", "len-256", "odd", "length-cut", "data-cut", "kind-only"];

/// A validated block as the crate's iterator yields it: its key/value pairs with their kinds.
fn block_json(bytes: &[u8], options: bool) -> serde_json::Value {
    let entry = |e: iggy_binary_protocol::primitives::user_headers::WireUserHeaderEntry<'_>| {
        serde_json::json!({
            "keyKind": e.key_kind.0, "key": j::hex(e.key), "valueKind": e.value_kind.0, "value": j::hex(e.value),
        })
    };
    let entries: Vec<serde_json::Value> = if options {
        WireOptions::from_slice(bytes).expect("validated").iter().map(entry).collect()
    } else {
        WireUserHeaders::from_slice(bytes).expect("validated").iter().map(entry).collect()
    };
    serde_json::json!({ "entries": entries })
}

fn block_test(f: &mut VectorFile, name: &str, bytes: &[u8], result: Result<u32, iggy_binary_protocol::WireError>, comment: &str, options: bool) {
    match result {
        Ok(n) => {
            let v = block_json(bytes, options);
            assert_eq!(v["entries"].as_array().unwrap().len() as u32, n, "{name}: pair count");
            f.valid(name, bytes, v);
        }
        Err(e) => {
            f.invalid(name, bytes, error_json(&e), Some(comment));
        }
    }
    if LAID_BY_ORACLE.iter().any(|l| name.ends_with(&format!(".{l}"))) {
        f.mark_last("provenance", serde_json::json!("oracle-layout"));
    }
}

fn header_blocks() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    // Whole key/value pairs come from the crate's encode_user_headers; the malformed blocks
    // below (lone fields, cut lengths; LAID_BY_ORACLE) are laid out here and marked as the oracle's.
    let pair = |kk: u8, k: &[u8], vk: u8, v: &[u8]| iggy_oracle::crate_tlv(&[(kk, k, vk, v)]);
    let typed: Vec<u8> = (1..=15u8).flat_map(|k| {
        let size = match k { 1 | 2 => 3, 3 | 4 | 9 => 1, 5 | 10 => 2, 6 | 11 | 14 => 4, 7 | 12 | 15 => 8, _ => 16 };
        pair(2, format!("k{k}").as_bytes(), k, &vec![k; size])
    }).collect();
    let mut len0 = vec![2u8, 0, 0, 0, 0];
    len0.extend_from_slice(&[9, 1, 0, 0, 0, 1]);
    let mut len256 = vec![2u8, 0, 1, 0, 0];
    len256.extend_from_slice(&[0x61; 256]);
    vec![
        ("empty", vec![], ""),
        ("one", pair(2, b"a", 9, &[7]), ""),
        ("every-kind", typed, "kinds 1-15 with their fixed sizes"),
        ("raw-key", pair(1, &[0xff], 1, &[0]), "structure only: a raw key is fine for headers"),
        ("future-kinds", pair(200, b"x", 255, b"y"), "kinds above 15 pass"),
        ("len255", pair(2, &[0x6b; 255], 1, &[0x76; 255]), ""),
        ("duplicate-keys", [pair(2, b"a", 9, &[1]), pair(2, b"a", 9, &[2])].concat(), "headers may repeat a key (options may not)"),
        ("bool-2", pair(2, b"b", 3, &[2]), "value sizes and contents are not checked on the wire"),
        ("utf8", pair(2, MULTI.as_bytes(), 2, MULTI.as_bytes()), ""),
        ("bad-utf8-key", pair(2, &[0xff], 9, &[1]), "key bytes are not checked by headers"),
        ("odd", { let mut o = vec![]; tlv(&mut o, 2, b"a"); o }, "a key without a value"),
        ("kind-0", pair(0, b"a", 9, &[1]), "kind 0"),
        ("value-kind-0", pair(2, b"a", 0, &[1]), "value kind 0"),
        ("len-0", len0, "zero-length field"),
        ("len-256", len256, "256-byte field"),
        ("length-cut", vec![2, 1, 0], "field length cut short"),
        ("data-cut", vec![2, 3, 0, 0, 0, 0x61], "field data cut short"),
        ("kind-only", vec![2], "a lone kind byte"),
    ]
}

fn user_headers(dir: &Path) {
    let mut f = VectorFile::new("WireUserHeaders", None);
    f.header("User-header block: TLV fields [kind:u8][len:u32][data] alternating key and value; kinds non-zero, lengths 1-255,");
    f.header("an even number of fields, exactly filling the block. Kinds and value sizes are not interpreted here.");
    f.header("value: the pairs as the crate's WireUserHeaders iterator yields them ({ keyKind, key, valueKind, value }, bytes in hex).");
    f.group("data", "body");
    for (n, b, c) in header_blocks() {
        block_test(&mut f, &format!("data.{n}"), &b, validate_user_headers(&b), c, false);
    }
    f.write(dir, "wire_user_headers.json");
}

fn options(dir: &Path) {
    let mut f = VectorFile::new("WireOptions", None);
    f.header("Options block: the user-header TLV plus string keys (kind 2, UTF-8), no duplicate keys, at most 1024 pairs");
    f.header("and 100000 bytes. Value kinds are not restricted. value: the pairs as the crate's WireOptions iterator yields them.");
    f.group("data", "body");
    for (n, b, c) in header_blocks() {
        block_test(&mut f, &format!("data.{n}"), &b, validate_options(&b), c, true);
    }
    for (n, o) in option_samples() {
        let b = o.as_bytes().to_vec();
        block_test(&mut f, &format!("data.sample-{n}"), &b, validate_options(&b), "", true);
    }
    // The 1024-pair and 100000-byte limits need blocks over 4 KiB; they are unit-tested in
    // streamwire (src/iggy/primitives/options_test.ts) rather than inlined here.
    f.write(dir, "wire_options.json");
}
