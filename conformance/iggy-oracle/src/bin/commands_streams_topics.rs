//! Vectors of the stream and topic commands (`requests/streams`, `requests/topics`,
//! `responses/streams`, `responses/topics`), including the replicated bodies without a
//! command code (UpdateStreamResolved, RewrapStreamKeys, CreateTopicWithAssignments,
//! UpdateTopicResolved). Every value is encoded and decoded by the crate.

#[path = "../iggy_core/cases.rs"]
mod cases;
#[path = "../iggy_core/json.rs"]
mod j;

use bytes::Bytes;
use cases::*;
use iggy_binary_protocol::codes::*;
use iggy_binary_protocol::primitives::options::WireOptions;
use iggy_binary_protocol::requests::streams::*;
use iggy_binary_protocol::requests::topics::*;
use iggy_binary_protocol::responses::EmptyResponse;
use iggy_binary_protocol::responses::streams::{GetStreamResponse, GetStreamsResponse, StreamResponse, TopicHeader};
use iggy_binary_protocol::responses::topics::{GetTopicResponse, GetTopicsResponse, PartitionResponse};
use iggy_binary_protocol::{CreatedPartitionAssignment, PartitionContext, WireDecode, WireEncode, WireIdentifier};
use iggy_oracle::{VectorFile, out_dir};
use std::path::Path;

fn main() {
    let dir = out_dir();
    create_stream(&dir);
    delete_stream(&dir);
    get_stream(&dir);
    get_streams(&dir);
    update_stream_resolved(&dir);
    rewrap_stream_keys(&dir);
    create_topic(&dir);
    delete_topic(&dir);
    get_topic(&dir);
    get_topics(&dir);
    create_topic_with_assignments(&dir);
    update_topic_resolved(&dir);
}

fn opts(i: usize) -> WireOptions {
    let s = option_samples();
    s[i % s.len()].1.clone()
}

fn names() -> Vec<(&'static str, String)> {
    vec![
        ("typical", "orders".into()),
        ("len1", "a".into()),
        ("len255", long_name()),
        ("utf8", MULTI.into()),
        ("utf8-255", long_multi()),
        ("dotted", "payments.eu-west-1".into()),
    ]
}

fn empty_response(f: &mut VectorFile) {
    f.group("response", "body");
    valid(f, "res.empty", &EmptyResponse, j::empty);
    trailing::<EmptyResponse>(f, "res.empty", &[], j::empty);
}

/// Invalid identifiers at the start of a payload: every identifier-led request rejects these.
fn bad_leading_ident<T: WireDecode>(f: &mut VectorFile, prefix: &str) {
    invalid::<T>(f, &format!("{prefix}.id-kind-unknown"), &[9, 4, 1, 0, 0, 0], "identifier kind 9");
    invalid::<T>(f, &format!("{prefix}.id-kind-0"), &[0, 1, 0x61], "identifier kind 0");
    invalid::<T>(f, &format!("{prefix}.id-numeric-len3"), &[1, 3, 1, 0, 0], "numeric identifier of 3 bytes");
    invalid::<T>(f, &format!("{prefix}.id-string-empty"), &[2, 0], "empty string identifier");
    invalid::<T>(f, &format!("{prefix}.id-string-bad-utf8"), &[2, 2, 0xff, 0xfe], "string identifier is not UTF-8");
    invalid::<T>(f, &format!("{prefix}.id-value-short"), &[2, 5, 0x61, 0x62], "identifier longer than the payload");
    invalid::<T>(f, &format!("{prefix}.empty"), &[], "empty payload");
}

fn extra_idents() -> Vec<(&'static str, WireIdentifier)> {
    let mut v = idents();
    v.push(("num42", WireIdentifier::numeric(42)));
    v.push(("strdigits", WireIdentifier::named("123").unwrap()));
    v.push(("num-hi", WireIdentifier::numeric(0x8000_0000)));
    v
}

/// Options blocks that fail validation, each as the tail of a payload.
fn bad_options() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let dup = options_bytes(&[("a", 9, &[1]), ("a", 9, &[2])]);
    let mut raw_key = vec![];
    tlv(&mut raw_key, 1, b"a");
    tlv(&mut raw_key, 9, &[1]);
    let mut odd = vec![];
    tlv(&mut odd, 2, b"a");
    let mut bad_key = vec![];
    tlv(&mut bad_key, 2, &[0xff]);
    tlv(&mut bad_key, 9, &[1]);
    let mut kind0 = vec![];
    tlv(&mut kind0, 0, b"a");
    tlv(&mut kind0, 9, &[1]);
    let mut len0 = vec![2u8, 0, 0, 0, 0];
    len0.extend_from_slice(&[9, 1, 0, 0, 0, 1]);
    let mut len256 = vec![2u8, 0, 1, 0, 0];
    len256.extend_from_slice(&[0x61; 256]);
    len256.extend_from_slice(&[9, 1, 0, 0, 0, 1]);
    let mut short = vec![];
    tlv(&mut short, 2, b"abc");
    short.truncate(6);
    vec![
        ("options-duplicate-key", dup, "the same option key twice"),
        ("options-raw-key", raw_key, "option key kind 1 (raw) instead of string"),
        ("options-odd-fields", odd, "a key without a value"),
        ("options-key-bad-utf8", bad_key, "option key is not UTF-8"),
        ("options-kind-0", kind0, "header kind 0 is reserved"),
        ("options-len-0", len0, "zero-length field"),
        ("options-len-256", len256, "256-byte field"),
        ("options-field-short", short, "field longer than the rest of the payload"),
        ("options-garbage", vec![0x00], "a stray byte where the options block starts"),
    ]
}

// ---- streams ----

fn create_stream(dir: &Path) {
    let mut f = VectorFile::new("CreateStream", Some(CREATE_STREAM_CODE));
    f.header("CreateStream: [name:WireName][options block to the end of the payload].");
    f.header("Response: the StreamResponse record.");
    f.group("request", "body");
    let mut sample = vec![];
    for (i, (n, name)) in names().iter().enumerate() {
        for k in [0usize, 1 + i % 4] {
            let r = CreateStreamRequest { name: wname(name), options: opts(k) };
            let b = valid(&mut f, &format!("req.{n}-options-{}", option_samples()[k].0), &r, j::create_stream);
            if n == &"typical" && k == 1 {
                sample = b;
            }
        }
    }
    truncs::<CreateStreamRequest>(&mut f, "req.typical", &sample);
    invalid::<CreateStreamRequest>(&mut f, "req.name-empty", &[0], "zero-length name");
    invalid::<CreateStreamRequest>(&mut f, "req.name-bad-utf8", &[2, 0xc3, 0x28], "name is not UTF-8");
    invalid::<CreateStreamRequest>(&mut f, "req.name-short", &[6, 0x6f, 0x72], "name longer than the payload");
    for (n, tail, c) in bad_options() {
        let b = [&[6u8][..], b"orders", &tail].concat();
        invalid::<CreateStreamRequest>(&mut f, &format!("req.{n}"), &b, c);
    }
    f.group("response", "body");
    let mut rs = vec![];
    for (i, (n, name)) in names().iter().enumerate() {
        rs.push((format!("res.{n}"), StreamResponse {
            id: i as u32 + 1, created_at: 1_700_000_000_000_000 + i as u64, topics_count: i as u32,
            size_bytes: 1024 * i as u64, messages_count: 10 * i as u64, name: wname(name),
            options: opts(i), derived_options: opts(i + 2),
        }));
    }
    rs.push(("res.zeros".into(), StreamResponse { id: 0, created_at: 0, topics_count: 0, size_bytes: 0, messages_count: 0, name: wname("z"), options: opts(0), derived_options: opts(0) }));
    rs.push(("res.max".into(), StreamResponse { id: u32::MAX, created_at: u64::MAX, topics_count: u32::MAX, size_bytes: u64::MAX, messages_count: u64::MAX, name: wname(&long_multi()), options: opts(3), derived_options: opts(2) }));
    rs.push(("res.options-only-derived".into(), StreamResponse { id: 3, created_at: 3, topics_count: 3, size_bytes: 3, messages_count: 3, name: wname("d"), options: opts(0), derived_options: opts(1) }));
    rs.push(("res.options-only-explicit".into(), StreamResponse { id: 4, created_at: 4, topics_count: 4, size_bytes: 4, messages_count: 4, name: wname("e"), options: opts(1), derived_options: opts(0) }));
    let mut sample = vec![];
    for (n, r) in &rs {
        let b = valid(&mut f, n, r, j::stream_response);
        if n == "res.typical" {
            sample = b;
        }
    }
    trailing::<StreamResponse>(&mut f, "res.typical", &sample, j::stream_response);
    truncs::<StreamResponse>(&mut f, "res.typical", &sample);
    let name_at = 32;
    patched::<StreamResponse>(&mut f, "res.name-empty", &sample[..33], name_at, &[0], "zero-length name");
    patched::<StreamResponse>(&mut f, "res.name-bad-utf8", &sample, name_at + 1, &[0xff], "name is not UTF-8");
    let opt_at = 33 + 6;
    patched::<StreamResponse>(&mut f, "res.options-length-beyond", &sample, opt_at, &0xffff_fff0u32.to_le_bytes(), "options length beyond the payload");
    for (n, tail, c) in bad_options().into_iter().take(5) {
        let b = [&sample[..opt_at], &(tail.len() as u32).to_le_bytes()[..], &tail, &0u32.to_le_bytes()].concat();
        invalid::<StreamResponse>(&mut f, &format!("res.{n}"), &b, c);
    }
    f.write(dir, "create_stream.json");
}

fn stream_id_req<T: WireEncode + WireDecode>(f: &mut VectorFile, make: impl Fn(WireIdentifier) -> T, id_of: fn(&T) -> &WireIdentifier) {
    f.group("request", "body");
    let mut sample = vec![];
    for (n, id) in extra_idents() {
        let b = valid(f, &format!("req.{n}"), &make(id), |r| j::stream_id_req(id_of(r)));
        if n == "strtyp" {
            sample = b;
        }
    }
    trailing::<T>(f, "req.strtyp", &sample, |r| j::stream_id_req(id_of(r)));
    truncs::<T>(f, "req.strtyp", &sample);
    bad_leading_ident::<T>(f, "req");
}

fn delete_stream(dir: &Path) {
    let mut f = VectorFile::new("DeleteStream", Some(DELETE_STREAM_CODE));
    f.header("DeleteStream: [stream_id]. Response: empty.");
    stream_id_req(&mut f, |stream_id| DeleteStreamRequest { stream_id }, |r| &r.stream_id);
    empty_response(&mut f);
    f.write(dir, "delete_stream.json");
}

fn topic_header(i: usize, partitions: u32) -> TopicHeader {
    let ns = names();
    TopicHeader {
        id: i as u32 + 1, created_at: 1_700_000_000_000_000 + i as u64, partitions_count: partitions,
        size_bytes: 4096 * i as u64, messages_count: 3 * i as u64, name: wname(&ns[i % ns.len()].1),
        options: opts(i + 1), derived_options: opts(i),
    }
}

fn stream_record(name: &str, topics: u32) -> StreamResponse {
    StreamResponse { id: 7, created_at: 1_700_000_000_000_000, topics_count: topics, size_bytes: 99, messages_count: 5, name: wname(name), options: opts(1), derived_options: opts(2) }
}

fn get_stream(dir: &Path) {
    let mut f = VectorFile::new("GetStream", Some(GET_STREAM_CODE));
    f.header("GetStream: [stream_id]. Response: StreamResponse then topics_count TopicHeader records.");
    stream_id_req(&mut f, |stream_id| GetStreamRequest { stream_id }, |r| &r.stream_id);
    f.group("response", "body");
    let mut sample = vec![];
    for n in [0usize, 1, 2, 3, 5, 8] {
        let topics: Vec<TopicHeader> = (0..n).map(|i| topic_header(i, i as u32 * 3)).collect();
        let r = GetStreamResponse { stream: stream_record("orders", n as u32), topics };
        let b = valid(&mut f, &format!("res.topics-{n}"), &r, j::get_stream_response);
        if n == 1 {
            sample = b;
        }
    }
    for (n, name) in names() {
        let r = GetStreamResponse { stream: stream_record(&name, 1), topics: vec![topic_header(4, u32::MAX)] };
        valid(&mut f, &format!("res.name-{n}"), &r, j::get_stream_response);
    }
    let maxed = TopicHeader { id: u32::MAX, created_at: u64::MAX, partitions_count: u32::MAX, size_bytes: u64::MAX, messages_count: u64::MAX, name: wname(&long_name()), options: opts(3), derived_options: opts(3) };
    valid(&mut f, "res.topic-max", &GetStreamResponse { stream: stream_record("m", 1), topics: vec![maxed] }, j::get_stream_response);
    trailing::<GetStreamResponse>(&mut f, "res.topics-1", &sample, j::get_stream_response);
    truncs::<GetStreamResponse>(&mut f, "res.topics-1", &sample);
    let mut more = sample.clone();
    more[12..16].copy_from_slice(&2u32.to_le_bytes());
    invalid::<GetStreamResponse>(&mut f, "res.topics-count-beyond", &more, "topics_count 2, one topic present");
    let mut huge = sample.clone();
    huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    invalid::<GetStreamResponse>(&mut f, "res.topics-count-max", &huge, "topics_count u32::MAX, one topic present");
    f.write(dir, "get_stream.json");
}

fn get_streams(dir: &Path) {
    let mut f = VectorFile::new("GetStreams", Some(GET_STREAMS_CODE));
    f.header("GetStreams: empty request. Response: StreamResponse records until the payload ends.");
    f.group("request", "body");
    valid(&mut f, "req.empty", &GetStreamsRequest, j::empty);
    trailing::<GetStreamsRequest>(&mut f, "req.empty", &[], j::empty);
    f.group("response", "body");
    let mut sample = vec![];
    for n in [0usize, 1, 2, 3, 4, 6, 10] {
        let ns = names();
        let streams: Vec<StreamResponse> = (0..n).map(|i| {
            let mut s = stream_record(&ns[i % ns.len()].1, i as u32);
            s.id = i as u32;
            s.options = opts(i);
            s
        }).collect();
        let b = valid(&mut f, &format!("res.streams-{n}"), &GetStreamsResponse { streams }, j::get_streams_response);
        if n == 2 {
            sample = b;
        }
    }
    let maxed = StreamResponse { id: u32::MAX, created_at: u64::MAX, topics_count: u32::MAX, size_bytes: u64::MAX, messages_count: u64::MAX, name: wname(&long_multi()), options: opts(3), derived_options: opts(4) };
    valid(&mut f, "res.max", &GetStreamsResponse { streams: vec![maxed.clone()] }, j::get_streams_response);
    valid(&mut f, "res.utf8", &GetStreamsResponse { streams: vec![stream_record(MULTI, 0), maxed] }, j::get_streams_response);
    valid(&mut f, "res.name1", &GetStreamsResponse { streams: vec![stream_record("x", 0)] }, j::get_streams_response);
    truncs::<GetStreamsResponse>(&mut f, "res.streams-2", &sample);
    let mut extra = sample.clone();
    extra.push(0);
    invalid::<GetStreamsResponse>(&mut f, "res.trailing-byte", &extra, "a stray byte is read as a truncated record");
    f.write(dir, "get_streams.json");
}

fn update_stream_resolved(dir: &Path) {
    let mut f = VectorFile::new("UpdateStreamResolved", None);
    f.header("UpdateStreamResolved (operation 72, no command code): [stream_id][presence:u8][name if 1]");
    f.header("[explicit options:u32+block][derived options:u32+block], nothing after.");
    f.group("request", "body");
    let mut sample = vec![];
    for (i, (n, id)) in extra_idents().into_iter().enumerate() {
        let ns = names();
        let name = if i % 3 == 0 { None } else { Some(wname(&ns[i % ns.len()].1)) };
        let r = UpdateStreamResolvedRequest { stream_id: id, name, explicit_options: opts(i), derived_options: opts(i + 1) };
        let b = valid(&mut f, &format!("req.{n}"), &r, j::update_stream_resolved);
        if n == "num1" {
            sample = b;
        }
    }
    valid(&mut f, "req.all-empty", &UpdateStreamResolvedRequest { stream_id: WireIdentifier::numeric(1), name: None, explicit_options: opts(0), derived_options: opts(0) }, j::update_stream_resolved);
    trailing::<UpdateStreamResolvedRequest>(&mut f, "req.num1", &sample, j::update_stream_resolved);
    truncs::<UpdateStreamResolvedRequest>(&mut f, "req.num1", &sample);
    bad_leading_ident::<UpdateStreamResolvedRequest>(&mut f, "req");
    let ok = UpdateStreamResolvedRequest { stream_id: WireIdentifier::numeric(1), name: None, explicit_options: opts(0), derived_options: opts(0) }.to_bytes().to_vec();
    patched::<UpdateStreamResolvedRequest>(&mut f, "req.presence-2", &ok, 6, &[2], "presence byte 2");
    let with_name = [&ok[..6], &[1u8, 0][..], &ok[7..]].concat();
    invalid::<UpdateStreamResolvedRequest>(&mut f, "req.name-empty", &with_name, "present name of 0 bytes");
    let beyond = [&ok[..7], &100u32.to_le_bytes()[..], &ok[11..]].concat();
    invalid::<UpdateStreamResolvedRequest>(&mut f, "req.explicit-length-beyond", &beyond, "explicit block length beyond the payload");
    for (n, tail, c) in bad_options().into_iter().take(4) {
        let b = [&ok[..7], &(tail.len() as u32).to_le_bytes()[..], &tail, &0u32.to_le_bytes()].concat();
        invalid::<UpdateStreamResolvedRequest>(&mut f, &format!("req.explicit-{n}"), &b, c);
    }
    f.write(dir, "update_stream_resolved.json");
}

fn rewrap_entry(stream_id: u32, envelopes: usize, fill: u8) -> RewrapStreamKeyEntry {
    RewrapStreamKeyEntry {
        stream_id,
        created_op: u64::from(stream_id) * 1000,
        key_fingerprint: [fill, 1, 2, 3, 4, 5, 6, 7],
        wrap_set: Bytes::from(vec![fill; WRAPPED_STREAM_KEY_LENGTH * envelopes]),
    }
}

fn rewrap_stream_keys(dir: &Path) {
    let mut f = VectorFile::new("RewrapStreamKeys", None);
    f.header("RewrapStreamKeys (operation 75, no command code): [count:u32] then per entry [stream_id:u32]");
    f.header("[created_op:u64][key_fingerprint:8][set_len:u8][wrap_set: 1-3 envelopes of 78 bytes], nothing after.");
    f.group("request", "body");
    let cases: Vec<(&str, Vec<RewrapStreamKeyEntry>)> = vec![
        ("none", vec![]),
        ("one-1", vec![rewrap_entry(1, 1, 0xa1)]),
        ("one-2", vec![rewrap_entry(2, 2, 0xb2)]),
        ("one-3", vec![rewrap_entry(3, 3, 0xc3)]),
        ("two", vec![rewrap_entry(1, 1, 0x01), rewrap_entry(2, 3, 0x02)]),
        ("three", vec![rewrap_entry(7, 2, 0x07), rewrap_entry(8, 1, 0x08), rewrap_entry(9, 3, 0x09)]),
        ("zeros", vec![RewrapStreamKeyEntry { stream_id: 0, created_op: 0, key_fingerprint: [0; 8], wrap_set: Bytes::from(vec![0; 78]) }]),
        ("max", vec![RewrapStreamKeyEntry { stream_id: u32::MAX, created_op: u64::MAX, key_fingerprint: [0xff; 8], wrap_set: Bytes::from(vec![0xff; 234]) }]),
        ("many", (0..6).map(|i| rewrap_entry(i, 1 + i as usize % 3, i as u8)).collect()),
        ("ten", (0..10).map(|i| rewrap_entry(100 + i, 1, 0x40 + i as u8)).collect()),
    ];
    let mut sample = vec![];
    for (n, entries) in cases {
        let b = valid(&mut f, &format!("req.{n}"), &RewrapStreamKeysRequest { entries }, j::rewrap_stream_keys);
        if n == "one-1" {
            sample = b;
        }
    }
    trailing::<RewrapStreamKeysRequest>(&mut f, "req.one-1", &sample, j::rewrap_stream_keys);
    truncs::<RewrapStreamKeysRequest>(&mut f, "req.one-1", &sample);
    for (n, len) in [("set-0", 0u8), ("set-77", 77), ("set-79", 79), ("set-312", 255)] {
        let mut b = sample.clone();
        b[24] = len;
        invalid::<RewrapStreamKeysRequest>(&mut f, &format!("req.{n}"), &b, "wrap set length is not 1-3 envelopes");
    }
    let mut count2 = sample.clone();
    count2[0..4].copy_from_slice(&2u32.to_le_bytes());
    invalid::<RewrapStreamKeysRequest>(&mut f, "req.count-beyond-body", &count2, "count 2 with one entry's bytes");
    let mut countmax = sample.clone();
    countmax[0..4].copy_from_slice(&u32::MAX.to_le_bytes());
    invalid::<RewrapStreamKeysRequest>(&mut f, "req.count-max", &countmax, "count u32::MAX");
    f.write(dir, "rewrap_stream_keys.json");
}

// ---- topics ----

fn create_topic_samples() -> Vec<(String, CreateTopicRequest)> {
    let mut out = vec![];
    for (i, (n, id)) in extra_idents().into_iter().enumerate() {
        let ns = names();
        let pc = [0u32, 1, 3, 1000, u32::MAX][i % 5];
        out.push((format!("{n}-p{pc}"), CreateTopicRequest { stream_id: id, partitions_count: pc, name: wname(&ns[i % ns.len()].1), options: opts(i) }));
    }
    out
}

fn create_topic(dir: &Path) {
    let mut f = VectorFile::new("CreateTopic", Some(CREATE_TOPIC_CODE));
    f.header("CreateTopic: [stream_id][partitions_count:u32][name:WireName][options block to the end].");
    f.header("Response: the topic (TopicHeader then partitions_count 64-byte PartitionResponse records).");
    f.group("request", "body");
    let mut sample = vec![];
    for (n, r) in create_topic_samples() {
        let b = valid(&mut f, &format!("req.{n}"), &r, j::create_topic);
        if n.starts_with("num1-") {
            sample = b;
        }
    }
    truncs::<CreateTopicRequest>(&mut f, "req.num1", &sample);
    bad_leading_ident::<CreateTopicRequest>(&mut f, "req");
    let head = [&[1u8, 4, 1, 0, 0, 0][..], &3u32.to_le_bytes()].concat();
    invalid::<CreateTopicRequest>(&mut f, "req.name-empty", &[&head[..], &[0]].concat(), "zero-length name");
    invalid::<CreateTopicRequest>(&mut f, "req.name-bad-utf8", &[&head[..], &[1, 0x80]].concat(), "name is not UTF-8");
    for (n, tail, c) in bad_options() {
        let b = [&head[..], &[1u8, 0x74], &tail].concat();
        invalid::<CreateTopicRequest>(&mut f, &format!("req.{n}"), &b, c);
    }
    topic_response_group(&mut f);
    f.write(dir, "create_topic.json");
}

fn partition(i: u32) -> PartitionResponse {
    PartitionResponse {
        id: i, created_at: 1_700_000_000_000_000 + u64::from(i), segments_count: i + 1, current_offset: u64::from(i) * 100,
        size_bytes: u64::from(i) << 20, messages_count: u64::from(i) * 101,
        context: PartitionContext { incarnation: u64::from(i) + 1, owner_generation: u64::from(i) * 2, metadata_op: 77 + u64::from(i) },
        // edge.8 lists the partition's replicas: 0..=3 members, every other one of them in sync.
        #[cfg(feature = "edge8")]
        members: (1..=(i % 4) as u8).collect(),
        #[cfg(feature = "edge8")]
        in_sync_members: (1..=(i % 4) as u8).step_by(2).collect(),
    }
}

fn topic_response_group(f: &mut VectorFile) {
    f.group("response", "body");
    let mut sample = vec![];
    for n in [0u32, 1, 2, 3, 5, 10] {
        let r = GetTopicResponse { topic: topic_header(n as usize, n), partitions: (1..=n).map(partition).collect() };
        let b = valid(f, &format!("res.partitions-{n}"), &r, j::get_topic_response);
        if n == 1 {
            sample = b;
        }
    }
    for (i, (n, _)) in names().iter().enumerate() {
        let r = GetTopicResponse { topic: topic_header(i, 1), partitions: vec![partition(i as u32)] };
        valid(f, &format!("res.name-{n}"), &r, j::get_topic_response);
    }
    let pmax = PartitionResponse { id: u32::MAX, created_at: u64::MAX, segments_count: u32::MAX, current_offset: u64::MAX, size_bytes: u64::MAX, messages_count: u64::MAX, context: PartitionContext { incarnation: u64::MAX, owner_generation: u64::MAX, metadata_op: u64::MAX }, #[cfg(feature = "edge8")] members: vec![u8::MAX; 255], #[cfg(feature = "edge8")] in_sync_members: (0..=254).collect() };
    let pzero = PartitionResponse { id: 0, created_at: 0, segments_count: 0, current_offset: 0, size_bytes: 0, messages_count: 0, context: PartitionContext::default(), #[cfg(feature = "edge8")] members: vec![], #[cfg(feature = "edge8")] in_sync_members: vec![] };
    valid(f, "res.partition-max-zero", &GetTopicResponse { topic: topic_header(0, 2), partitions: vec![pmax, pzero] }, j::get_topic_response);
    trailing::<GetTopicResponse>(f, "res.partitions-1", &sample, j::get_topic_response);
    truncs::<GetTopicResponse>(f, "res.partitions-1", &sample);
    let mut more = sample.clone();
    more[12..16].copy_from_slice(&2u32.to_le_bytes());
    invalid::<GetTopicResponse>(f, "res.partitions-count-beyond", &more, "partitions_count 2, one partition present");
    let mut huge = sample.clone();
    huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    invalid::<GetTopicResponse>(f, "res.partitions-count-max", &huge, "partitions_count u32::MAX");
    patched::<GetTopicResponse>(f, "res.name-empty", &sample[..33], 32, &[0], "zero-length topic name");
}

fn topic_id_group<T: WireEncode + WireDecode>(f: &mut VectorFile, make: impl Fn(WireIdentifier, WireIdentifier) -> T, ids: fn(&T) -> (&WireIdentifier, &WireIdentifier)) {
    f.group("request", "body");
    let all = extra_idents();
    let mut sample = vec![];
    for (i, (n, id)) in all.iter().enumerate() {
        let (m, other) = &all[(i * 3 + 1) % all.len()];
        let r = make(id.clone(), other.clone());
        let b = valid(f, &format!("req.{n}-{m}"), &r, |r| { let (s, t) = ids(r); j::topic_id_req(s, t) });
        if i == 1 {
            sample = b;
        }
    }
    trailing::<T>(f, "req.sample", &sample, |r| { let (s, t) = ids(r); j::topic_id_req(s, t) });
    truncs::<T>(f, "req.sample", &sample);
    bad_leading_ident::<T>(f, "req");
    let head = [1u8, 4, 1, 0, 0, 0];
    invalid::<T>(f, "req.topic-id-kind-unknown", &[&head[..], &[7, 1, 1]].concat(), "topic identifier kind 7");
    invalid::<T>(f, "req.topic-id-empty-string", &[&head[..], &[2, 0]].concat(), "empty topic identifier");
    invalid::<T>(f, "req.topic-id-missing", &head, "no topic identifier");
}

fn delete_topic(dir: &Path) {
    let mut f = VectorFile::new("DeleteTopic", Some(DELETE_TOPIC_CODE));
    f.header("DeleteTopic: [stream_id][topic_id]. Response: empty.");
    topic_id_group(&mut f, |stream_id, topic_id| DeleteTopicRequest { stream_id, topic_id }, |r| (&r.stream_id, &r.topic_id));
    empty_response(&mut f);
    f.write(dir, "delete_topic.json");
}

fn get_topic(dir: &Path) {
    let mut f = VectorFile::new("GetTopic", Some(GET_TOPIC_CODE));
    f.header("GetTopic: [stream_id][topic_id]. Response: TopicHeader then partitions_count PartitionResponse records.");
    topic_id_group(&mut f, |stream_id, topic_id| GetTopicRequest { stream_id, topic_id }, |r| (&r.stream_id, &r.topic_id));
    topic_response_group(&mut f);
    f.write(dir, "get_topic.json");
}

fn get_topics(dir: &Path) {
    let mut f = VectorFile::new("GetTopics", Some(GET_TOPICS_CODE));
    f.header("GetTopics: [stream_id]. Response: [count:u32] then count TopicHeader records.");
    stream_id_req(&mut f, |stream_id| GetTopicsRequest { stream_id }, |r| &r.stream_id);
    f.group("response", "body");
    let mut sample = vec![];
    for n in [0usize, 1, 2, 3, 4, 6, 9] {
        let r = GetTopicsResponse { topics: (0..n).map(|i| topic_header(i, i as u32)).collect() };
        let b = valid(&mut f, &format!("res.topics-{n}"), &r, j::get_topics_response);
        if n == 1 {
            sample = b;
        }
    }
    let maxed = TopicHeader { id: u32::MAX, created_at: u64::MAX, partitions_count: u32::MAX, size_bytes: u64::MAX, messages_count: u64::MAX, name: wname(&long_multi()), options: opts(3), derived_options: opts(4) };
    valid(&mut f, "res.max", &GetTopicsResponse { topics: vec![maxed] }, j::get_topics_response);
    for (n, name) in names().into_iter().take(3) {
        let mut t = topic_header(1, 1);
        t.name = wname(&name);
        valid(&mut f, &format!("res.name-{n}"), &GetTopicsResponse { topics: vec![t] }, j::get_topics_response);
    }
    trailing::<GetTopicsResponse>(&mut f, "res.topics-1", &sample, j::get_topics_response);
    truncs::<GetTopicsResponse>(&mut f, "res.topics-1", &sample);
    let mut more = sample.clone();
    more[0..4].copy_from_slice(&2u32.to_le_bytes());
    invalid::<GetTopicsResponse>(&mut f, "res.count-beyond", &more, "count 2, one topic present");
    let mut huge = sample.clone();
    huge[0..4].copy_from_slice(&u32::MAX.to_le_bytes());
    invalid::<GetTopicsResponse>(&mut f, "res.count-max", &huge, "count u32::MAX");
    f.write(dir, "get_topics.json");
}

fn assignment(i: u32) -> CreatedPartitionAssignment {
    CreatedPartitionAssignment { partition_id: i, consensus_group_id: (1u64 << 32) | u64::from(i), initial_view: i * 7, #[cfg(feature = "edge8")] members: vec![] }
}

fn create_topic_with_assignments(dir: &Path) {
    let mut f = VectorFile::new("CreateTopicWithAssignments", None);
    f.header("CreateTopicWithAssignments (operation 64, no command code): [request_size:u32][CreateTopic]");
    f.header("[derived options:u32+block][count:u32][assignment x count (16 bytes)]; count must equal");
    f.header("partitions_count; whole-payload decoding rejects trailing bytes.");
    f.group("request", "body");
    let mut sample = vec![];
    for (i, (n, mut req)) in create_topic_samples().into_iter().enumerate() {
        let count = [0u32, 1, 2, 3, 5][i % 5];
        req.partitions_count = count;
        let r = CreateTopicWithAssignmentsRequest { request: req, derived_options: opts(i + 3), partitions: (0..count).map(assignment).collect() };
        let b = valid(&mut f, &format!("req.{n}-a{count}"), &r, j::create_topic_with_assignments);
        if i == 1 {
            sample = b;
        }
    }
    let maxa = CreatedPartitionAssignment { partition_id: u32::MAX, consensus_group_id: u64::MAX, initial_view: u32::MAX, #[cfg(feature = "edge8")] members: vec![] };
    let r = CreateTopicWithAssignmentsRequest {
        request: CreateTopicRequest { stream_id: WireIdentifier::numeric(1), partitions_count: 1, name: wname("t"), options: opts(0) },
        derived_options: opts(0), partitions: vec![maxa],
    };
    valid(&mut f, "req.assignment-max", &r, j::create_topic_with_assignments);
    trailing::<CreateTopicWithAssignmentsRequest>(&mut f, "req.sample", &sample, j::create_topic_with_assignments);
    truncs::<CreateTopicWithAssignmentsRequest>(&mut f, "req.sample", &sample);
    let size = u32::from_le_bytes(sample[0..4].try_into().unwrap()) as usize;
    let mut beyond = sample.clone();
    beyond[0..4].copy_from_slice(&(sample.len() as u32).to_le_bytes());
    invalid::<CreateTopicWithAssignmentsRequest>(&mut f, "req.request-size-beyond", &beyond, "request size past the end");
    let count_at = 4 + size + 4 + u32::from_le_bytes(sample[4 + size..8 + size].try_into().unwrap()) as usize;
    let mut mismatch = sample.clone();
    mismatch[count_at..count_at + 4].copy_from_slice(&0u32.to_le_bytes());
    mismatch.truncate(count_at + 4);
    invalid::<CreateTopicWithAssignmentsRequest>(&mut f, "req.count-mismatch", &mismatch, "assignment count differs from partitions_count");
    let mut shrunk = sample.clone();
    shrunk[0..4].copy_from_slice(&((size - 1) as u32).to_le_bytes());
    invalid::<CreateTopicWithAssignmentsRequest>(&mut f, "req.request-size-short", &shrunk, "request size one byte short: the options block loses its last byte");
    f.write(dir, "create_topic_with_assignments.json");
}

fn update_topic_resolved(dir: &Path) {
    let mut f = VectorFile::new("UpdateTopicResolved", None);
    f.header("UpdateTopicResolved (operation 73, no command code): [stream_id][topic_id][presence:u8][name if 1]");
    f.header("[explicit options:u32+block][derived options:u32+block], nothing after.");
    f.group("request", "body");
    let all = extra_idents();
    let mut sample = vec![];
    for (i, (n, id)) in all.iter().enumerate() {
        let ns = names();
        let name = if i % 2 == 0 { Some(wname(&ns[i % ns.len()].1)) } else { None };
        let r = UpdateTopicResolvedRequest { stream_id: id.clone(), topic_id: all[(i + 2) % all.len()].1.clone(), name, explicit_options: opts(i + 1), derived_options: opts(i) };
        let b = valid(&mut f, &format!("req.{n}"), &r, j::update_topic_resolved);
        if i == 1 {
            sample = b;
        }
    }
    trailing::<UpdateTopicResolvedRequest>(&mut f, "req.num1", &sample, j::update_topic_resolved);
    truncs::<UpdateTopicResolvedRequest>(&mut f, "req.num1", &sample);
    bad_leading_ident::<UpdateTopicResolvedRequest>(&mut f, "req");
    let ok = UpdateTopicResolvedRequest { stream_id: WireIdentifier::numeric(1), topic_id: WireIdentifier::numeric(2), name: None, explicit_options: opts(0), derived_options: opts(0) }.to_bytes().to_vec();
    patched::<UpdateTopicResolvedRequest>(&mut f, "req.presence-255", &ok, 12, &[255], "presence byte 255");
    let beyond = [&ok[..17], &100u32.to_le_bytes()[..]].concat();
    invalid::<UpdateTopicResolvedRequest>(&mut f, "req.derived-length-beyond", &beyond, "derived block length beyond the payload");
    f.write(dir, "update_topic_resolved.json");
}
