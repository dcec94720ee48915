//! Vectors of the system commands (`requests/system`, `responses/system`): Ping, GetStats,
//! GetSnapshot, GetClusterMetadata, GetMe, DescribeOptions, UpdateResource, BindSession and the
//! session bodies without a command code (FinalizeSession, RetireSessions). Every value is
//! encoded and decoded by the crate.

#[path = "../iggy_core/cases.rs"]
mod cases;
#[path = "../iggy_core/json.rs"]
mod j;
#[path = "../iggy_meta/cases.rs"]
mod meta_cases;

use bytes::Bytes;
use cases::*;
use iggy_binary_protocol::codes::*;
use iggy_binary_protocol::requests::system::*;
use iggy_binary_protocol::requests::users::login_register::BindSecret;
use iggy_binary_protocol::responses::EmptyResponse;
use iggy_binary_protocol::responses::clients::{ClientDetailsResponse, ClientResponse, ConsumerGroupInfoResponse};
use iggy_binary_protocol::responses::system::get_stats::CacheMetricEntry;
use iggy_binary_protocol::primitives::metadata_changes::{
    WireMetadataChangeCursor, WireMetadataChangeGroup, WireMetadataChangePhase, WireMetadataChangeStatus,
    WireMetadataCurrentPageToken,
};
use iggy_binary_protocol::responses::system::*;
use iggy_binary_protocol::version::ClientVersionInfo;
use iggy_binary_protocol::{IGGY_PROTOCOL_VERSION, WireEncode};
use iggy_oracle::{VectorFile, out_dir};
use std::path::Path;

fn main() {
    let dir = out_dir();
    ping(&dir);
    get_stats(&dir);
    get_snapshot(&dir);
    get_cluster_metadata(&dir);
    get_me(&dir);
    describe_options(&dir);
    update_resource(&dir);
    bind_session(&dir);
    finalize_session(&dir);
    retire_sessions(&dir);
    get_metadata_changes(&dir);
}

fn empty_request<T: WireEncode + iggy_binary_protocol::WireDecode>(f: &mut VectorFile, v: &T) {
    f.group("request", "body");
    valid(f, "req.empty", v, j::empty);
    trailing::<T>(f, "req.empty", &[], j::empty);
}

fn empty_response(f: &mut VectorFile) {
    f.group("response", "body");
    valid(f, "res.empty", &EmptyResponse, j::empty);
    trailing::<EmptyResponse>(f, "res.empty", &[], j::empty);
}

fn ping(dir: &Path) {
    let mut f = VectorFile::new("Ping", Some(PING_CODE));
    f.header("Ping: empty request, empty response.");
    empty_request(&mut f, &PingRequest);
    empty_response(&mut f);
    f.write(dir, "ping.json");
}

fn stats(i: u64, strings: [&str; 5], semver: Option<u32>, cache: usize) -> StatsResponse {
    StatsResponse {
        process_id: 1000 + i as u32,
        cpu_usage: 12.5 * i as f32,
        total_cpu_usage: 0.25 + i as f32,
        memory_usage: i << 20,
        total_memory: 16 << 30,
        available_memory: 8 << 30,
        run_time: 3_600_000_000 * i,
        start_time: 1_700_000_000_000_000 + i,
        read_bytes: i * 11,
        written_bytes: i * 13,
        messages_size_bytes: i * 17,
        streams_count: i as u32,
        topics_count: 2 * i as u32,
        partitions_count: 3 * i as u32,
        segments_count: 4 * i as u32,
        messages_count: i * 1000,
        clients_count: 5,
        consumer_groups_count: 6,
        hostname: strings[0].into(),
        os_name: strings[1].into(),
        os_version: strings[2].into(),
        kernel_version: strings[3].into(),
        iggy_server_version: strings[4].into(),
        iggy_server_semver: semver,
        cache_metrics: (0..cache).map(|c| CacheMetricEntry {
            stream_id: c as u32 + 1, topic_id: c as u32 + 2, partition_id: c as u32 + 3,
            hits: 100 * c as u64, misses: c as u64, hit_ratio: 0.5 + c as f32 / 8.0,
        }).collect(),
        threads_count: 8,
        free_disk_space: 1 << 40,
        total_disk_space: 2 << 40,
        open_files_count: 42,
        open_files_limit: 1024,
    }
}

fn get_stats(dir: &Path) {
    let mut f = VectorFile::new("GetStats", Some(GET_STATS_CODE));
    f.header("GetStats: empty request. Response: StatsResponse (108-byte numeric head, five u32-length strings,");
    f.header("semver (0 = none), cache metrics, threads, disk space, then open files count and limit, which an");
    f.header("older server may omit: a payload ending before them decodes with both 0).");
    empty_request(&mut f, &GetStatsRequest);
    f.group("response", "body");
    let typical = ["iggy-1", "Linux", "6.8", "6.8.0-45-generic", "0.6.0"];
    let cases: Vec<(&str, StatsResponse)> = vec![
        ("typical", stats(1, typical, Some(0x1800), 2)),
        ("no-semver", stats(2, typical, None, 0)),
        ("empty-strings", stats(3, ["", "", "", "", ""], None, 1)),
        ("utf8", stats(4, [MULTI, "zażółć", "€", "😀", MULTI], Some(1), 0)),
        ("cache-many", stats(5, typical, Some(u32::MAX), 6)),
        ("zeros", stats(0, ["", "", "", "", ""], None, 0)),
        ("long-strings", stats(6, [&long_name(), &long_multi(), "x", "y", "z"], Some(7), 1)),
        ("cache-1", stats(7, typical, Some(10241), 1)),
        ("semver-0.12.0", stats(8, typical, Some(IGGY_PROTOCOL_VERSION), 3)),
        ("host-only", stats(9, ["h", "", "", "", ""], None, 0)),
    ];
    let mut sample = vec![];
    for (n, s) in &cases {
        let b = valid(&mut f, &format!("res.{n}"), s, j::stats);
        if *n == "cache-1" {
            sample = b;
        }
    }
    let mut maxed = stats(10, typical, Some(u32::MAX), 1);
    maxed.process_id = u32::MAX;
    maxed.cpu_usage = f32::MAX;
    maxed.total_cpu_usage = f32::MIN_POSITIVE;
    maxed.memory_usage = u64::MAX;
    maxed.messages_count = u64::MAX;
    maxed.open_files_limit = u64::MAX;
    maxed.cache_metrics[0].hit_ratio = -0.0;
    maxed.cache_metrics[0].hits = u64::MAX;
    valid(&mut f, "res.max", &maxed, j::stats);
    let mut inf = stats(11, typical, None, 1);
    inf.cpu_usage = f32::INFINITY;
    inf.total_cpu_usage = f32::NEG_INFINITY;
    valid(&mut f, "res.infinities", &inf, j::stats);
    // NaN payloads, a negative NaN and a signalling NaN: the crate writes and reads every bit.
    let mut nans = stats(12, typical, None, 2);
    nans.cpu_usage = f32::from_bits(0x7fc0_0001);
    nans.total_cpu_usage = f32::from_bits(0xffc0_0000);
    nans.cache_metrics[0].hit_ratio = f32::from_bits(0x7fa0_0000);
    nans.cache_metrics[1].hit_ratio = f32::from_bits(0xff80_0001);
    valid(&mut f, "res.nan-payloads", &nans, j::stats);
    let mut quiet = stats(13, typical, None, 1);
    quiet.cpu_usage = f32::NAN;
    quiet.total_cpu_usage = f32::from_bits(0x7fff_ffff);
    quiet.cache_metrics[0].hit_ratio = f32::from_bits(0x7fc0_0000);
    valid(&mut f, "res.nan-canonical-and-max-payload", &quiet, j::stats);
    // An older server stops after total_disk_space: both open-file fields decode as 0 and
    // re-encode as zeros, so the test is decode-only.
    let old = &sample[..sample.len() - 16];
    valid_decode::<StatsResponse>(&mut f, "res.without-open-files", old, "ends before open_files_count/limit (older servers)", j::stats);
    trailing::<StatsResponse>(&mut f, "res.cache-1", &sample, j::stats);
    truncs::<StatsResponse>(&mut f, "res.cache-1", &sample);
    let host_at = 108;
    patched::<StatsResponse>(&mut f, "res.hostname-bad-utf8", &sample, host_at + 4, &[0xff], "hostname is not UTF-8");
    patched::<StatsResponse>(&mut f, "res.hostname-length-beyond", &sample, host_at, &0x7fff_ffffu32.to_le_bytes(), "hostname length beyond the payload");
    f.write(dir, "get_stats.json");
}

fn get_snapshot(dir: &Path) {
    let mut f = VectorFile::new("GetSnapshot", Some(GET_SNAPSHOT_FILE_CODE));
    f.header("GetSnapshot: [compression:u8][count:u8][snapshot_type:u8 x count] (codes unchecked). Response: the archive bytes.");
    f.group("request", "body");
    let cases: Vec<(&str, u8, Vec<u8>)> = vec![
        ("deflated-all", 2, vec![100]),
        ("stored-none", 1, vec![]),
        ("zstd-several", 4, vec![1, 2, 3]),
        ("every-type", 6, vec![1, 2, 3, 4, 5, 6, 100]),
        ("bzip2", 3, vec![5]),
        ("lzma", 5, vec![6]),
        ("xz", 6, vec![4]),
        ("unknown-codes", 0, vec![0, 255]),
        ("compression-255", 255, vec![1]),
        ("max-types", 2, (0..=254u8).collect()),
    ];
    let mut sample = vec![];
    for (n, c, t) in cases {
        let b = valid(&mut f, &format!("req.{n}"), &GetSnapshotRequest { compression: c, snapshot_types: t }, j::get_snapshot);
        if n == "zstd-several" {
            sample = b;
        }
    }
    trailing::<GetSnapshotRequest>(&mut f, "req.zstd-several", &sample, j::get_snapshot);
    truncs::<GetSnapshotRequest>(&mut f, "req.zstd-several", &sample);
    invalid::<GetSnapshotRequest>(&mut f, "req.count-255-short", &[2, 255, 1, 2], "count 255, two codes present");
    f.group("response", "body");
    let datas: Vec<(&str, Vec<u8>)> = vec![
        ("empty", vec![]),
        ("one", vec![0x50]),
        ("zip-magic", vec![0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
        ("bytes-256", (0..=255u8).collect()),
        ("zeros", vec![0; 32]),
        ("ff", vec![0xff; 17]),
        ("text", b"snapshot".to_vec()),
        ("large", (0..4000u32).map(|i| (i * 7 % 251) as u8).collect()),
        ("two", vec![1, 2]),
        ("three", vec![9, 8, 7]),
    ];
    for (n, d) in datas {
        valid(&mut f, &format!("res.{n}"), &GetSnapshotResponse { data: d }, j::get_snapshot_response);
    }
    f.write(dir, "get_snapshot.json");
}

fn node(i: u8, name: &str, ip: &str) -> ClusterNodeResponse {
    ClusterNodeResponse {
        replica_id: i, name: name.into(), ip: ip.into(), tcp_port: 8090 + u16::from(i), quic_port: 8080,
        http_port: 3000, websocket_port: 8092, role: i % 2, status: i % 5,
    }
}

fn get_cluster_metadata(dir: &Path) {
    let mut f = VectorFile::new("GetClusterMetadata", Some(GET_CLUSTER_METADATA_CODE));
    f.header("GetClusterMetadata: empty request. Response: [name:u32+utf8][count:u32] nodes");
    f.header("[replica_id:u8][name:u32+utf8][ip:u32+utf8][tcp,quic,http,websocket ports:u16][role:u8][status:u8].");
    empty_request(&mut f, &GetClusterMetadataRequest);
    f.group("response", "body");
    let cases: Vec<(&str, ClusterMetadataResponse)> = vec![
        ("single", ClusterMetadataResponse { name: "iggy-cluster".into(), nodes: vec![node(0, "node-0", "127.0.0.1")] }),
        ("three", ClusterMetadataResponse { name: "prod".into(), nodes: (0..3).map(|i| node(i, &format!("n{i}"), &format!("10.0.0.{i}"))).collect() }),
        ("no-nodes", ClusterMetadataResponse { name: "empty".into(), nodes: vec![] }),
        ("empty-strings", ClusterMetadataResponse { name: String::new(), nodes: vec![node(1, "", "")] }),
        ("ipv6", ClusterMetadataResponse { name: "v6".into(), nodes: vec![node(2, "six", "::1")] }),
        ("utf8", ClusterMetadataResponse { name: MULTI.into(), nodes: vec![node(3, MULTI, "fe80::1")] }),
        ("ports-max", ClusterMetadataResponse { name: "m".into(), nodes: vec![ClusterNodeResponse { replica_id: 255, name: "x".into(), ip: "y".into(), tcp_port: u16::MAX, quic_port: u16::MAX, http_port: u16::MAX, websocket_port: u16::MAX, role: 255, status: 255 }] }),
        ("ports-zero", ClusterMetadataResponse { name: "z".into(), nodes: vec![ClusterNodeResponse { replica_id: 0, name: "x".into(), ip: "y".into(), tcp_port: 0, quic_port: 0, http_port: 0, websocket_port: 0, role: 0, status: 0 }] }),
        ("long-names", ClusterMetadataResponse { name: long_multi(), nodes: vec![node(4, &long_name(), "192.168.100.200")] }),
        ("five", ClusterMetadataResponse { name: "five".into(), nodes: (0..5).map(|i| node(i, "n", "h")).collect() }),
    ];
    let mut sample = vec![];
    for (n, c) in &cases {
        let b = valid(&mut f, &format!("res.{n}"), c, j::cluster_metadata);
        if *n == "single" {
            sample = b;
        }
    }
    trailing::<ClusterMetadataResponse>(&mut f, "res.single", &sample, j::cluster_metadata);
    truncs::<ClusterMetadataResponse>(&mut f, "res.single", &sample);
    patched::<ClusterMetadataResponse>(&mut f, "res.name-bad-utf8", &sample, 4, &[0xc0, 0x80], "overlong UTF-8 in the cluster name");
    patched::<ClusterMetadataResponse>(&mut f, "res.count-max", &sample, 16, &u32::MAX.to_le_bytes(), "node count u32::MAX");
    f.write(dir, "get_cluster_metadata.json");
}

fn get_me(dir: &Path) {
    let mut f = VectorFile::new("GetMe", Some(GET_ME_CODE));
    f.header("GetMe: empty request. Response: the caller's ClientDetailsResponse (client record and its groups).");
    empty_request(&mut f, &GetMeRequest);
    f.group("response", "body");
    let client = |id: u32, transport: u8, address: &str, groups: u32| ClientResponse { client_id: id, user_id: id + 1, transport, address: address.into(), consumer_groups_count: groups };
    let gi = |i: u32| ConsumerGroupInfoResponse { stream_id: i, topic_id: i + 1, group_id: i + 2 };
    let cases: Vec<(&str, ClientDetailsResponse)> = vec![
        ("tcp", ClientDetailsResponse { client: client(1, 1, "127.0.0.1:50000", 0), consumer_groups: vec![] }),
        ("quic-groups", ClientDetailsResponse { client: client(2, 2, "10.0.0.2:1234", 2), consumer_groups: vec![gi(1), gi(2)] }),
        ("http", ClientDetailsResponse { client: client(3, 3, "[::1]:80", 1), consumer_groups: vec![gi(7)] }),
        ("websocket", ClientDetailsResponse { client: client(4, 4, "ws", 0), consumer_groups: vec![] }),
        ("empty-address", ClientDetailsResponse { client: client(5, 1, "", 0), consumer_groups: vec![] }),
        ("utf8-address", ClientDetailsResponse { client: client(6, 1, MULTI, 0), consumer_groups: vec![] }),
        ("max", ClientDetailsResponse { client: ClientResponse { client_id: u32::MAX, user_id: u32::MAX, transport: 255, address: long_name(), consumer_groups_count: 1 }, consumer_groups: vec![ConsumerGroupInfoResponse { stream_id: u32::MAX, topic_id: u32::MAX, group_id: u32::MAX }] }),
        ("zeros", ClientDetailsResponse { client: ClientResponse { client_id: 0, user_id: 0, transport: 0, address: String::new(), consumer_groups_count: 0 }, consumer_groups: vec![] }),
        ("many-groups", ClientDetailsResponse { client: client(9, 1, "a:1", 5), consumer_groups: (0..5).map(gi).collect() }),
        ("three-groups", ClientDetailsResponse { client: client(10, 2, "b:2", 3), consumer_groups: (10..13).map(gi).collect() }),
    ];
    let mut sample = vec![];
    for (n, c) in &cases {
        let b = valid(&mut f, &format!("res.{n}"), c, j::client_details);
        if *n == "quic-groups" {
            sample = b;
        }
    }
    trailing::<ClientDetailsResponse>(&mut f, "res.quic-groups", &sample, j::client_details);
    truncs::<ClientDetailsResponse>(&mut f, "res.quic-groups", &sample);
    f.write(dir, "get_me.json");
}

fn describe_options(dir: &Path) {
    let mut f = VectorFile::new("DescribeOptions", Some(DESCRIBE_OPTIONS_CODE));
    f.header("DescribeOptions: [scope:u8] (1 topic, 2 stream, 3 user; others rejected). Response: [count:u32]");
    f.header("descriptors [key:WireName][kind:u8][flags:u8][default:u32+bytes][description:u32+bytes, lossy UTF-8].");
    f.group("request", "body");
    for (n, s) in [("topic", OPTIONS_SCOPE_TOPIC), ("stream", OPTIONS_SCOPE_STREAM), ("user", OPTIONS_SCOPE_USER)] {
        valid(&mut f, &format!("req.{n}"), &DescribeOptionsRequest { scope: s }, j::describe_options);
    }
    trailing::<DescribeOptionsRequest>(&mut f, "req.topic", &[1], j::describe_options);
    for s in [0u8, 4, 255] {
        invalid::<DescribeOptionsRequest>(&mut f, &format!("req.scope-{s}"), &[s], "unknown options scope");
    }
    invalid::<DescribeOptionsRequest>(&mut f, "req.empty", &[], "empty payload");
    f.group("response", "body");
    let d = |key: &str, kind: u8, flags: u8, default: &[u8], desc: &str| OptionDescriptor {
        key: wname(key), kind, flags, default_value: Bytes::copy_from_slice(default), description: desc.into(),
    };
    let cases: Vec<(&str, Vec<OptionDescriptor>)> = vec![
        ("none", vec![]),
        ("one", vec![d("message_expiry", 12, 0, &0u64.to_le_bytes(), "Message expiry in microseconds")]),
        ("topic-catalog", vec![
            d("message_expiry", 12, 0, &0u64.to_le_bytes(), "expiry"),
            d("max_topic_size", 12, 1, &u64::MAX.to_le_bytes(), "size cap"),
            d("compression_algorithm", 2, 0, b"none", "none or gzip"),
            d("segment_size", 12, 0, &(1u64 << 30).to_le_bytes(), ""),
            d("enforce_fsync", 3, 2, &[0], "fsync every write"),
        ]),
        ("empty-default", vec![d("k", 1, 0, &[], "no default")]),
        ("utf8", vec![d(MULTI, 2, 0, MULTI.as_bytes(), MULTI)]),
        ("key255", vec![d(&long_name(), 255, 255, &[0xff; 64], &long_multi())]),
        ("flags", vec![d("a", 9, 1, &[1], "x"), d("b", 9, 128, &[2], "y")]),
        ("kinds", (1..=15u8).map(|k| d(&format!("k{k}"), k, 0, &[k], "")).collect()),
        ("empty-description", vec![d("z", 6, 0, &7i32.to_le_bytes(), "")]),
        ("long-description", vec![d("long", 2, 0, b"v", &"d".repeat(1000))]),
    ];
    let mut sample = vec![];
    for (n, entries) in cases {
        let b = valid(&mut f, &format!("res.{n}"), &DescribeOptionsResponse { entries }, j::describe_options_response);
        if n == "one" {
            sample = b;
        }
    }
    trailing::<DescribeOptionsResponse>(&mut f, "res.one", &sample, j::describe_options_response);
    truncs::<DescribeOptionsResponse>(&mut f, "res.one", &sample);
    // The description is decoded lossily: invalid UTF-8 becomes U+FFFD.
    let lossy = DescribeOptionsResponse { entries: vec![d("k", 1, 0, &[], "ab")] }.to_bytes().to_vec();
    let mut bad = lossy.clone();
    let last = bad.len() - 1;
    bad[last] = 0xff;
    valid_decode::<DescribeOptionsResponse>(&mut f, "res.description-invalid-utf8", &bad, "invalid UTF-8 in the description is replaced with U+FFFD", j::describe_options_response);
    patched::<DescribeOptionsResponse>(&mut f, "res.key-empty", &lossy, 4, &[0], "zero-length key");
    patched::<DescribeOptionsResponse>(&mut f, "res.key-bad-utf8", &lossy, 5, &[0xff], "key is not UTF-8");
    patched::<DescribeOptionsResponse>(&mut f, "res.count-2", &lossy, 0, &2u32.to_le_bytes(), "count 2, one descriptor present");
    f.write(dir, "describe_options.json");
}

fn update_resource(dir: &Path) {
    let mut f = VectorFile::new("UpdateResource", Some(UPDATE_RESOURCE_CODE));
    f.header("UpdateResource: [scope:u8 1 topic, 2 stream, 3 user][ids][reset_count:u8][WireName x count]");
    f.header("[options block to the end]. A patch must set or reset something; no key both set and reset;");
    f.header("no key reset twice. Response: empty.");
    f.group("request", "body");
    let keys = |ks: &[&str]| WireResetKeys::try_from(ks.iter().map(|k| wname(k)).collect::<Vec<_>>()).unwrap();
    let ids = idents();
    let targets: Vec<ResourceTarget> = vec![
        ResourceTarget::Topic { stream_id: ids[1].1.clone(), topic_id: ids[4].1.clone() },
        ResourceTarget::Stream { stream_id: ids[4].1.clone() },
        ResourceTarget::User { user_id: ids[2].1.clone() },
        ResourceTarget::Topic { stream_id: ids[5].1.clone(), topic_id: ids[6].1.clone() },
        ResourceTarget::Stream { stream_id: ids[0].1.clone() },
        ResourceTarget::User { user_id: ids[7].1.clone() },
    ];
    let many: Vec<String> = (0..255).map(|i| format!("key{i}")).collect();
    let many_refs: Vec<&str> = many.iter().map(String::as_str).collect();
    let cases: Vec<(&str, ResourceTarget, WireResetKeys, usize)> = vec![
        ("topic-set", targets[0].clone(), keys(&[]), 1),
        ("stream-set-several", targets[1].clone(), keys(&[]), 2),
        ("user-reset", targets[2].clone(), keys(&["max_topics"]), 0),
        ("topic-set-and-reset", targets[3].clone(), keys(&["message_expiry", "segment_size"]), 4),
        ("stream-reset-two", targets[4].clone(), keys(&["a", "b"]), 0),
        ("user-set-utf8", targets[5].clone(), keys(&[]), 4),
        ("reset-utf8", targets[0].clone(), keys(&[MULTI]), 0),
        ("reset-255-keys", targets[1].clone(), keys(&many_refs), 0),
        ("reset-key255", targets[2].clone(), keys(&[&long_name()]), 3),
        ("set-long", targets[3].clone(), keys(&["x"]), 3),
    ];
    let mut sample = vec![];
    for (n, target, reset, o) in cases {
        let r = UpdateResourceRequest { target, reset, options: opts(o) };
        let b = valid(&mut f, &format!("req.{n}"), &r, j::update_resource);
        if n == "user-reset" {
            sample = b;
        }
    }
    truncs::<UpdateResourceRequest>(&mut f, "req.user-reset", &sample);
    let user = [3u8, 1, 4, 0xff, 0xff, 0xff, 0xff];
    invalid::<UpdateResourceRequest>(&mut f, "req.scope-0", &[0, 1, 4, 1, 0, 0, 0, 1, 1, 0x61], "unknown resource scope 0");
    invalid::<UpdateResourceRequest>(&mut f, "req.scope-4", &[4, 1, 4, 1, 0, 0, 0, 1, 1, 0x61], "unknown resource scope 4");
    invalid::<UpdateResourceRequest>(&mut f, "req.nothing", &[&user[..], &[0]].concat(), "the patch sets and resets nothing");
    invalid::<UpdateResourceRequest>(&mut f, "req.reset-twice", &[&user[..], &[2, 1, 0x61, 1, 0x61]].concat(), "a reset key is named twice");
    let set_a = options_bytes(&[("a", 9, &[1])]);
    invalid::<UpdateResourceRequest>(&mut f, "req.set-and-reset", &[&user[..], &[1, 1, 0x61], &set_a].concat(), "a key is both set and reset");
    invalid::<UpdateResourceRequest>(&mut f, "req.reset-name-empty", &[&user[..], &[1, 0]].concat(), "zero-length reset key");
    invalid::<UpdateResourceRequest>(&mut f, "req.reset-count-short", &[&user[..], &[3, 1, 0x61]].concat(), "three keys announced, one present");
    invalid::<UpdateResourceRequest>(&mut f, "req.options-garbage", &[&user[..], &[0, 0]].concat(), "an options block starting with kind 0");
    invalid::<UpdateResourceRequest>(&mut f, "req.topic-id-missing", &[1, 1, 4, 1, 0, 0, 0], "topic scope without a topic id");
    empty_response(&mut f);
    f.write(dir, "update_resource.json");
}

fn opts(i: usize) -> iggy_binary_protocol::primitives::options::WireOptions {
    let s = option_samples();
    s[i % s.len()].1.clone()
}

fn secret(fill: u8) -> BindSecret {
    let mut s = [0u8; 32];
    for (i, b) in s.iter_mut().enumerate() {
        *b = fill.wrapping_add(i as u8);
    }
    BindSecret::new(Box::new(s))
}

fn bind_session(dir: &Path) {
    let mut f = VectorFile::new("BindSession", Some(BIND_SESSION_CODE));
    f.header("BindSession: [ClientVersionInfo][client_id:u128][session:u64][metadata_watermark:u64][bind_secret:32].");
    f.header("The crate defines no response type for it.");
    f.group("request", "body");
    let vi = |name: &str, version: &str| ClientVersionInfo { protocol_version: IGGY_PROTOCOL_VERSION, sdk_name: wname(name), sdk_version: wname(version) };
    let id = |c: u128, s: u64, w: u64| SessionIdentity { client_id: c, session: s, metadata_watermark: w };
    let cases: Vec<(&str, BindSessionRequest)> = vec![
        ("typical", BindSessionRequest { version_info: vi("rust-sdk", "0.10.1"), identity: id(0xCAFE, 7, 100), bind_secret: secret(1) }),
        ("session-0", BindSessionRequest { version_info: vi("rust-sdk", "0.10.1"), identity: id(0xCAFE, 0, 0), bind_secret: secret(2) }),
        ("zeros", BindSessionRequest { version_info: vi("a", "b"), identity: id(0, 0, 0), bind_secret: secret(0) }),
        ("max", BindSessionRequest { version_info: vi(&long_name(), &long_multi()), identity: id(u128::MAX, u64::MAX, u64::MAX), bind_secret: BindSecret::new(Box::new([0xff; 32])) }),
        ("utf8", BindSessionRequest { version_info: vi(MULTI, "1"), identity: id(1 << 64, 1, 2), bind_secret: secret(3) }),
        ("node", BindSessionRequest { version_info: vi("node-sdk", "1.0.0"), identity: id(12345, 9, 9), bind_secret: secret(4) }),
        ("go", BindSessionRequest { version_info: vi("go-sdk", "0.7.0"), identity: id(u128::from(u64::MAX), 1 << 40, 1 << 41), bind_secret: secret(5) }),
        ("java", BindSessionRequest { version_info: vi("java-sdk", "0.6.0"), identity: id(99, 3, 1), bind_secret: secret(6) }),
        ("py", BindSessionRequest { version_info: vi("python-sdk", "0.4.0"), identity: id(7, 7, 7), bind_secret: secret(7) }),
        ("ts", BindSessionRequest { version_info: vi("streamwire", "0.1.0"), identity: id(8, 8, 8), bind_secret: secret(8) }),
    ];
    let mut sample = vec![];
    for (n, r) in &cases {
        let b = valid(&mut f, &format!("req.{n}"), r, j::bind_session);
        if *n == "typical" {
            sample = b;
        }
    }
    trailing::<BindSessionRequest>(&mut f, "req.typical", &sample, j::bind_session);
    truncs::<BindSessionRequest>(&mut f, "req.typical", &sample);
    patched::<BindSessionRequest>(&mut f, "req.sdk-name-empty", &sample[..5], 4, &[0], "zero-length sdk name");
    patched::<BindSessionRequest>(&mut f, "req.sdk-name-bad-utf8", &sample, 5, &[0xff], "sdk name is not UTF-8");
    f.write(dir, "bind_session.json");
}

fn finalize_session(dir: &Path) {
    let mut f = VectorFile::new("FinalizeSession", None);
    f.header("FinalizeSession (operation 70, no command code): [client_id:u128][session:u64][metadata_watermark:u64]");
    f.header("[namespace_revision:u64]; whole-payload decoding rejects trailing bytes.");
    f.group("request", "body");
    let id = |c: u128, s: u64, w: u64| SessionIdentity { client_id: c, session: s, metadata_watermark: w };
    let cases: Vec<(&str, FinalizeSessionRequest)> = vec![
        ("typical", FinalizeSessionRequest { identity: id(0xCAFE, 7, 100), namespace_revision: 12 }),
        ("zeros", FinalizeSessionRequest { identity: id(0, 0, 0), namespace_revision: 0 }),
        ("max", FinalizeSessionRequest { identity: id(u128::MAX, u64::MAX, u64::MAX), namespace_revision: u64::MAX }),
        ("client-hi", FinalizeSessionRequest { identity: id(1 << 100, 1, 1), namespace_revision: 1 }),
        ("client-64", FinalizeSessionRequest { identity: id(1 << 64, 2, 3), namespace_revision: 4 }),
        ("watermark-low", FinalizeSessionRequest { identity: id(5, 10, 1), namespace_revision: 5 }),
        ("revision-max", FinalizeSessionRequest { identity: id(6, 6, 6), namespace_revision: u64::MAX }),
        ("session-max", FinalizeSessionRequest { identity: id(7, u64::MAX, 0), namespace_revision: 7 }),
        ("small", FinalizeSessionRequest { identity: id(1, 1, 1), namespace_revision: 1 }),
        ("mixed", FinalizeSessionRequest { identity: id(0x0123_4567_89ab_cdef_0011_2233_4455_6677, 0x1122_3344, 0x5566_7788), namespace_revision: 0x99 }),
    ];
    let mut sample = vec![];
    for (n, r) in &cases {
        let b = valid(&mut f, &format!("req.{n}"), r, j::finalize_session);
        if *n == "typical" {
            sample = b;
        }
    }
    trailing::<FinalizeSessionRequest>(&mut f, "req.typical", &sample, j::finalize_session);
    truncs::<FinalizeSessionRequest>(&mut f, "req.typical", &sample);
    f.write(dir, "finalize_session.json");
}

fn retire_sessions(dir: &Path) {
    let mut f = VectorFile::new("RetireSessions", None);
    f.header("RetireSessions (operation 166, no command code): 1-128 identities of 32 bytes filling the payload;");
    f.header("each has a non-zero client and session and a watermark >= session.");
    f.group("request", "body");
    let id = |c: u128, s: u64, w: u64| SessionIdentity { client_id: c, session: s, metadata_watermark: w };
    let cases: Vec<(&str, Vec<SessionIdentity>)> = vec![
        ("one", vec![id(0xCAFE, 7, 7)]),
        ("two", vec![id(1, 1, 5), id(2, 3, 3)]),
        ("max", vec![id(u128::MAX, u64::MAX, u64::MAX)]),
        ("min", vec![id(1, 1, 1)]),
        ("watermark-max", vec![id(9, 1, u64::MAX)]),
        ("client-64", vec![id(1 << 64, 2, 2)]),
        ("five", (1..=5).map(|i| id(i, i as u64, 10 * i as u64)).collect()),
        ("ten", (1..=10).map(|i| id(i << 70, i as u64, i as u64)).collect()),
        ("max-count", (1..=128).map(|i| id(i, i as u64, i as u64 + 1)).collect()),
        ("duplicates", vec![id(3, 3, 3), id(3, 3, 3)]),
    ];
    let mut sample = vec![];
    for (n, ids) in cases {
        let b = valid(&mut f, &format!("req.{n}"), &RetireSessionsRequest { identities: ids }, j::retire_sessions);
        if n == "two" {
            sample = b;
        }
    }
    trailing::<RetireSessionsRequest>(&mut f, "req.two", &sample, j::retire_sessions);
    truncs::<RetireSessionsRequest>(&mut f, "req.two", &sample);
    let enc = |ids: Vec<SessionIdentity>| RetireSessionsRequest { identities: ids }.to_bytes().to_vec();
    invalid::<RetireSessionsRequest>(&mut f, "req.client-0", &enc(vec![id(0, 1, 1)]), "client id 0");
    invalid::<RetireSessionsRequest>(&mut f, "req.session-0", &enc(vec![id(1, 0, 0)]), "session 0");
    invalid::<RetireSessionsRequest>(&mut f, "req.watermark-below-session", &enc(vec![id(1, 5, 4)]), "watermark below the session");
    invalid::<RetireSessionsRequest>(&mut f, "req.second-invalid", &enc(vec![id(1, 1, 1), id(2, 0, 0)]), "the second identity is not retired");
    invalid::<RetireSessionsRequest>(&mut f, "req.count-129", &enc((1..=129).map(|i| id(i, 1, 1)).collect()), "129 identities");
    f.write(dir, "retire_sessions.json");
}

fn cur(log_id: u128, op: u64, checksum: u128, ordinal: u32) -> WireMetadataChangeCursor {
    WireMetadataChangeCursor { log_id, op, checksum, ordinal }
}

fn token(anchor: WireMetadataChangeCursor, head: u64, mask: u8, group: WireMetadataChangeGroup, key: &[u8]) -> WireMetadataCurrentPageToken {
    WireMetadataCurrentPageToken { anchor, required_head: head, groups_mask: mask, group, last_key: Bytes::copy_from_slice(key) }
}

fn pat_key(user: u32, name: &str) -> Vec<u8> {
    let mut k = user.to_le_bytes().to_vec();
    k.push(name.len() as u8);
    k.extend_from_slice(name.as_bytes());
    k
}

fn get_metadata_changes(dir: &Path) {
    use WireMetadataChangeGroup as G;
    let mut f = VectorFile::new("GetMetadataChanges", Some(GET_METADATA_CHANGES_CODE));
    f.header("GetMetadataChanges request: [start:u8 0 earliest, 1 latest, 2 after, 3 current][cursor:44, zero unless after]");
    f.header("[since: flag+u64][until: flag+u64][limit:u32][groups_count:u8][group:u8]*[token_len:u16][page token].");
    f.header("Response: status, phase, log id, oldest/retained/head, next cursor, has_more, records, items, page token;");
    f.header("record and item bodies are raw bytes. Flags must be 0 or 1.");
    f.group("request", "body");
    let anchor = cur(0xABCD, 42, 0x1234_5678_9abc_def0, 1);
    let reqs: Vec<(&str, GetMetadataChangesRequest)> = vec![
        ("earliest", GetMetadataChangesRequest { start: WireMetadataChangeStart::Earliest, since: None, until: None, limit: 100, groups: vec![] }),
        ("latest-bounds", GetMetadataChangesRequest { start: WireMetadataChangeStart::Latest, since: Some(0), until: Some(u64::MAX), limit: 1, groups: vec![1] }),
        ("after", GetMetadataChangesRequest { start: WireMetadataChangeStart::After(cur(0xABCD, 5, u128::MAX, 3)), since: None, until: None, limit: 1000, groups: (1..=8).collect() }),
        ("after-op0", GetMetadataChangesRequest { start: WireMetadataChangeStart::After(cur(u128::MAX, 0, 0, 0)), since: Some(1_700_000_000_000_000), until: None, limit: 10, groups: vec![6, 7] }),
        ("current-first", GetMetadataChangesRequest { start: WireMetadataChangeStart::Current(None), since: None, until: None, limit: 50, groups: vec![] }),
        ("current-streams", GetMetadataChangesRequest { start: WireMetadataChangeStart::Current(Some(token(anchor, 42, 0b1, G::Streams, &7u32.to_le_bytes()))), since: None, until: None, limit: 50, groups: vec![1] }),
        ("current-pat", GetMetadataChangesRequest { start: WireMetadataChangeStart::Current(Some(token(anchor, 100, 0xff, G::PersonalAccessTokens, &pat_key(3, "ci-token")))), since: None, until: None, limit: 5, groups: vec![] }),
        ("current-members", GetMetadataChangesRequest { start: WireMetadataChangeStart::Current(Some(token(cur(1, 0, 0, 0), 0, 0b1_0000, G::ConsumerGroupMembers, &[7; 16]))), since: None, until: Some(9), limit: 5, groups: vec![5] }),
        ("current-pat-255", GetMetadataChangesRequest { start: WireMetadataChangeStart::Current(Some(token(anchor, u64::MAX, 0b100_0000, G::PersonalAccessTokens, &pat_key(u32::MAX, &long_name())))), since: None, until: None, limit: u32::MAX, groups: vec![7] }),
        ("groups-255", GetMetadataChangesRequest { start: WireMetadataChangeStart::Earliest, since: Some(u64::MAX), until: Some(0), limit: 0, groups: (0..255).map(|i| i as u8).collect() }),
        ("current-sessions", GetMetadataChangesRequest { start: WireMetadataChangeStart::Current(Some(token(anchor, 43, 0x80, G::Sessions, &[1; 8]))), since: None, until: None, limit: 7, groups: vec![8] }),
    ];
    let mut sample = vec![];
    let mut current_sample = vec![];
    for (n, r) in &reqs {
        let b = valid(&mut f, &format!("req.{n}"), r, j::get_metadata_changes);
        if *n == "after" {
            sample = b;
        } else if *n == "current-streams" {
            current_sample = b;
        }
    }
    trailing::<GetMetadataChangesRequest>(&mut f, "req.after", &sample, j::get_metadata_changes);
    truncs::<GetMetadataChangesRequest>(&mut f, "req.after", &sample);
    truncs::<GetMetadataChangesRequest>(&mut f, "req.current-streams", &current_sample);
    let earliest = reqs[0].1.to_bytes().to_vec();
    patched::<GetMetadataChangesRequest>(&mut f, "req.start-4", &earliest, 0, &[4], "unknown start mode");
    patched::<GetMetadataChangesRequest>(&mut f, "req.since-flag-2", &earliest, 45, &[2], "presence byte 2");
    patched::<GetMetadataChangesRequest>(&mut f, "req.cursor-outside-after", &earliest, 20, &[1], "a cursor with start = earliest");
    let mut noncanon = earliest.clone();
    noncanon[0] = 2;
    noncanon[1 + 24] = 1; // checksum byte while op stays 0
    invalid::<GetMetadataChangesRequest>(&mut f, "req.after-op0-checksum", &noncanon, "cursor at op 0 with a checksum");
    let mut token_in_latest = current_sample.clone();
    token_in_latest[0] = 1;
    invalid::<GetMetadataChangesRequest>(&mut f, "req.token-outside-current", &token_in_latest, "a page token with start = latest");
    let tok_at = current_sample.len() - (44 + 12 + 4);
    let mut bad_group = current_sample.clone();
    bad_group[tok_at + 53] = 9;
    invalid::<GetMetadataChangesRequest>(&mut f, "req.token-group-9", &bad_group, "page token names group 9");
    let mut not_in_mask = current_sample.clone();
    not_in_mask[tok_at + 52] = 0b10;
    invalid::<GetMetadataChangesRequest>(&mut f, "req.token-group-not-in-mask", &not_in_mask, "group bit missing from the mask");
    let mut below = current_sample.clone();
    below[tok_at + 44..tok_at + 52].copy_from_slice(&41u64.to_le_bytes());
    invalid::<GetMetadataChangesRequest>(&mut f, "req.token-head-below-anchor", &below, "required head below the anchor op");
    let mut wrong_key = current_sample.clone();
    wrong_key[tok_at + 53] = 2; // topics need 8-byte keys
    wrong_key[tok_at + 52] = 0b10;
    invalid::<GetMetadataChangesRequest>(&mut f, "req.token-key-size", &wrong_key, "a 4-byte key for the topics group");
    let mut long_key = earliest.clone();
    long_key[0] = 3;
    let n = long_key.len();
    long_key[n - 2..].copy_from_slice(&(44u16 + 12 + 261).to_le_bytes());
    let tok = [&cur(1, 1, 0, 0).to_bytes()[..], &1u64.to_le_bytes(), &[0xff, 1], &261u16.to_le_bytes(), &[0u8; 261]].concat();
    long_key.extend_from_slice(&tok);
    invalid::<GetMetadataChangesRequest>(&mut f, "req.token-key-261", &long_key, "page token key over 260 bytes");
    let mut tok_trailing = current_sample.clone();
    let l = u16::from_le_bytes([tok_trailing[tok_at - 2], tok_trailing[tok_at - 1]]) + 1;
    tok_trailing[tok_at - 2..tok_at].copy_from_slice(&l.to_le_bytes());
    tok_trailing.push(0);
    invalid::<GetMetadataChangesRequest>(&mut f, "req.token-trailing", &tok_trailing, "token length one past the token");

    f.group("response", "body");
    let rec = |op: u64, ordinal: u32, actor: Option<u32>, group: u8, kind: u8, body: &[u8]| WireMetadataChangeRecord {
        op, ordinal, checksum: u128::from(op) * 0x1_0000_0001, timestamp: 1_700_000_000_000_000 + op, actor_user_id: actor, group, kind, body: Bytes::copy_from_slice(body),
    };
    let item = |group: u8, body: &[u8]| WireMetadataItem { group, body: Bytes::copy_from_slice(body) };
    let page = |status, phase, log_id: Option<u128>, next: Option<WireMetadataChangeCursor>, has_more, records, items, token| GetMetadataChangesResponse {
        status, phase, log_id, oldest_op: 1, retained_since: 1_600_000_000_000_000, head_op: 99, next, has_more, records, items, current_page_token: token,
    };
    use WireMetadataChangePhase as P;
    use WireMetadataChangeStatus as S;
    let mut res: Vec<(&str, GetMetadataChangesResponse)> = vec![
        ("empty-changes", page(S::Ok, P::Changes, None, None, false, vec![], vec![], None)),
        ("records", page(S::Ok, P::Changes, Some(0xABCD), Some(cur(0xABCD, 43, 7, 0)), true, vec![rec(42, 0, Some(1), 1, 1, &[1, 2, 3]), rec(42, 1, None, 2, 10, &[])], vec![], None)),
        ("behind", page(S::Behind, P::Changes, Some(1), None, false, vec![rec(5, 0, Some(u32::MAX), 6, 50, b"user")], vec![], None)),
        ("expired", page(S::Expired, P::Changes, Some(u128::MAX), Some(cur(u128::MAX, 0, 0, 0)), false, vec![], vec![], None)),
        ("reset", page(S::Reset, P::Changes, None, None, true, vec![], vec![], None)),
        ("unknown-kinds", page(S::Ok, P::Changes, Some(2), None, false, vec![rec(7, 2, None, 200, 255, &[0xee; 40])], vec![], None)),
        ("current-items", page(S::Ok, P::Current, Some(3), None, true, vec![], vec![item(1, &[9; 12]), item(2, &[])], Some(token(anchor, 42, 0b11, G::Topics, &[5; 8])))),
        ("current-last", page(S::Ok, P::Current, Some(3), Some(cur(3, 99, 1, 2)), false, vec![], vec![item(8, &[1; 30])], None)),
        ("current-empty", page(S::Ok, P::Current, None, None, false, vec![], vec![], None)),
        ("current-pat-token", page(S::Behind, P::Current, Some(4), None, true, vec![], vec![item(7, b"pat")], Some(token(anchor, 50, 0x40, G::PersonalAccessTokens, &pat_key(1, MULTI))))),
        ("many-records", page(S::Ok, P::Changes, Some(5), Some(cur(5, 60, 3, 4)), true, (0..6).map(|i| rec(50 + i, i as u32, Some(i as u32), (i % 8 + 1) as u8, (i * 10) as u8, &[i as u8; 5])).collect(), vec![], None)),
    ];
    // Records and items carrying every body kind (their `change` / `item` views typed by the crate).
    res.extend(meta_cases::response_pages());
    let mut sample = vec![];
    let mut cur_sample = vec![];
    for (n, r) in &res {
        let b = valid(&mut f, &format!("res.{n}"), r, j::get_metadata_changes_response);
        if *n == "records" {
            sample = b;
        } else if *n == "current-items" {
            cur_sample = b;
        }
    }
    trailing::<GetMetadataChangesResponse>(&mut f, "res.records", &sample, j::get_metadata_changes_response);
    truncs::<GetMetadataChangesResponse>(&mut f, "res.records", &sample);
    truncs::<GetMetadataChangesResponse>(&mut f, "res.current-items", &cur_sample);
    patched::<GetMetadataChangesResponse>(&mut f, "res.status-4", &sample, 0, &[4], "unknown status");
    patched::<GetMetadataChangesResponse>(&mut f, "res.phase-2", &sample, 1, &[2], "unknown phase");
    patched::<GetMetadataChangesResponse>(&mut f, "res.log-id-flag-2", &sample, 2, &[2], "presence byte 2");
    patched::<GetMetadataChangesResponse>(&mut f, "res.changes-as-current", &sample, 1, &[1], "records in a current page");
    patched::<GetMetadataChangesResponse>(&mut f, "res.current-as-changes", &cur_sample, 1, &[0], "items and a token in a changes page");
    let empty = res[0].1.to_bytes().to_vec();
    patched::<GetMetadataChangesResponse>(&mut f, "res.has-more-flag-3", &empty, 28, &[3], "has_more byte 3");
    patched::<GetMetadataChangesResponse>(&mut f, "res.records-count-max", &empty, 29, &u32::MAX.to_le_bytes(), "record count u32::MAX");
    f.write(dir, "get_metadata_changes.json");
}
