//! Vectors of revision 0.11.0, made by `iggy_binary_protocol` =0.11.0 (v0110/Cargo.toml): the
//! bodies whose layout differs from 0.11.1-edge.3 (docs/iggy-revisions.md) and the commands
//! edge.3 retired. Every value is encoded and decoded by the crate; files are named
//! `<stem>__v0_11_0.json` (lib.rs REVISION_SUFFIX).

#[path = "../iggy_core/cases.rs"]
mod cases;

use cases::*;
use iggy_binary_protocol::codes::*;
use iggy_binary_protocol::primitives::options::WireOptions;
use iggy_binary_protocol::requests::streams::{PurgeStreamRequest, UpdateStreamRequest};
use iggy_binary_protocol::requests::topics::{PurgeTopicRequest, UpdateTopicRequest};
use iggy_binary_protocol::requests::users::LoginRegisterRequest;
use iggy_binary_protocol::responses::EmptyResponse;
use iggy_binary_protocol::responses::streams::{GetStreamResponse, GetStreamsResponse, StreamResponse, TopicHeader};
use iggy_binary_protocol::responses::system::{ClusterMetadataResponse, ClusterNodeResponse};
use iggy_binary_protocol::responses::topics::{GetTopicResponse, GetTopicsResponse, PartitionResponse};
use iggy_binary_protocol::version::{ClientVersionInfo, IGGY_PROTOCOL_VERSION, IGGY_PROTOCOL_VERSION_MIN, is_protocol_compatible, pack_protocol_version};
use iggy_binary_protocol::WireIdentifier;
use iggy_oracle::{VectorFile, out_dir};
use serde_json::{Value, json};
use std::path::Path;

fn main() {
    let dir = out_dir();
    assert_eq!(iggy_oracle::CRATE_VERSION, "0.11.0", "build with the v0110 feature");
    protocol_version(&dir);
    login_register(&dir);
    cluster_metadata(&dir);
    stream_records(&dir);
    topic_records(&dir);
    update_stream(&dir);
    update_topic(&dir);
    purge(&dir);
}

fn big<T: ToString>(v: T) -> Value {
    json!(v.to_string())
}
fn empty<T>(_: &T) -> Value {
    json!({})
}
fn jname(n: &iggy_binary_protocol::WireName) -> Value {
    json!(n.as_str())
}
fn jopts(o: &WireOptions) -> Value {
    json!(iggy_oracle::hex(o.as_bytes()))
}
fn jstream(s: &StreamResponse) -> Value {
    json!({
        "id": s.id, "createdAt": big(s.created_at), "topicsCount": s.topics_count, "sizeBytes": big(s.size_bytes),
        "messagesCount": big(s.messages_count), "name": jname(&s.name), "options": jopts(&s.options),
    })
}
fn jtopic(t: &TopicHeader) -> Value {
    json!({
        "id": t.id, "createdAt": big(t.created_at), "partitionsCount": t.partitions_count,
        "messageExpiry": big(t.message_expiry), "compressionAlgorithm": t.compression_algorithm,
        "maxTopicSize": big(t.max_topic_size), "sizeBytes": big(t.size_bytes), "messagesCount": big(t.messages_count),
        "name": jname(&t.name), "options": jopts(&t.options), "derivedOptions": jopts(&t.derived_options),
    })
}
fn jpartition(p: &PartitionResponse) -> Value {
    json!({
        "id": p.id, "createdAt": big(p.created_at), "segmentsCount": p.segments_count, "currentOffset": big(p.current_offset),
        "sizeBytes": big(p.size_bytes), "messagesCount": big(p.messages_count),
    })
}
fn jident(id: &WireIdentifier) -> Value {
    match id {
        WireIdentifier::Numeric(v) => json!({ "kind": "numeric", "value": v }),
        WireIdentifier::String(s) => json!({ "kind": "string", "value": s.as_str() }),
    }
}

fn stream(i: u32, topics: u32) -> StreamResponse {
    StreamResponse {
        id: i, created_at: 1_700_000_000_000_000 + u64::from(i), topics_count: topics, size_bytes: u64::from(i) << 10,
        messages_count: u64::from(i) * 7, name: wname(&format!("stream-{i}")), options: option_samples()[i as usize % 3].1.clone(),
    }
}
fn topic(i: u32, partitions: u32) -> TopicHeader {
    TopicHeader {
        id: i, created_at: 1_700_000_000_000_000 + u64::from(i), partitions_count: partitions,
        message_expiry: if i % 2 == 0 { 0 } else { 3_600_000_000 }, compression_algorithm: (i % 2) as u8 + 1,
        max_topic_size: if i % 3 == 0 { u64::MAX } else { 1 << 30 }, size_bytes: u64::from(i) << 20,
        messages_count: u64::from(i) * 101, name: wname(&format!("topic-{i}")),
        options: option_samples()[i as usize % 3].1.clone(), derived_options: option_samples()[(i as usize + 1) % 3].1.clone(),
    }
}
fn partition(i: u32) -> PartitionResponse {
    PartitionResponse {
        id: i, created_at: 1_700_000_000_000_000 + u64::from(i), segments_count: i + 1, current_offset: u64::from(i) * 100,
        size_bytes: u64::from(i) << 20, messages_count: u64::from(i) * 101,
    }
}

fn protocol_version(dir: &Path) {
    let mut f = VectorFile::new("ProtocolVersion", None);
    // The crate has no encoder for the packed u32: the bytes are the oracle's, the gate the crate's.
    f.all_oracle_layout();
    f.header("A packed protocol version (u32 LE) and the 0.11.0 crate's login gate is_protocol_compatible:");
    f.header("client >= 0.11.0 and client >> 10 <= 0.11 (any 0.11 patch).");
    f.group("data", "body");
    assert_eq!((IGGY_PROTOCOL_VERSION, IGGY_PROTOCOL_VERSION_MIN), (pack_protocol_version(0, 11, 0), pack_protocol_version(0, 11, 0)));
    for (ma, mi, pa) in [(0, 10, 1023), (0, 11, 0), (0, 11, 1), (0, 11, 1023), (0, 12, 0), (0, 12, 2), (1, 0, 0)] {
        let v = pack_protocol_version(ma, mi, pa);
        f.valid(
            &format!("data.{ma}.{mi}.{pa}"),
            &v.to_le_bytes(),
            json!({ "major": ma, "minor": mi, "patch": pa, "display": format!("{ma}.{mi}.{pa}"), "compatible": is_protocol_compatible(v) }),
        );
    }
    f.write(dir, "protocol_version.json");
}

fn login_register(dir: &Path) {
    let mut f = VectorFile::new("LoginRegister", Some(LOGIN_REGISTER_CODE));
    f.header("LoginRegister at 0.11.0: [ClientVersionInfo][username][password u8+utf8][context u32+utf8] (no bind secret).");
    f.group("request", "body");
    let info = |sdk: &str| ClientVersionInfo { protocol_version: IGGY_PROTOCOL_VERSION, sdk_name: wname(sdk), sdk_version: wname("0.11.0") };
    let j = |r: &LoginRegisterRequest| {
        use secrecy::ExposeSecret;
        json!({
            "versionInfo": { "protocolVersion": r.version_info.protocol_version, "sdkName": r.version_info.sdk_name.as_str(), "sdkVersion": r.version_info.sdk_version.as_str() },
            "username": jname(&r.username), "password": r.password.expose_secret(), "clientContext": r.client_context,
        })
    };
    let cases = [
        ("python-sdk-root", info("rust-sdk"), "iggy", "iggy", None),
        ("context", info("rust-sdk"), "reader", "secret-2", Some("ctx".to_owned())),
        ("empty-password", info("go-sdk"), "u", "", None),
    ];
    let mut sample = vec![];
    for (n, vi, user, pass, ctx) in cases {
        let r = LoginRegisterRequest { version_info: vi, username: wname(user), password: pass.to_owned().into(), client_context: ctx };
        let b = valid(&mut f, &format!("req.{n}"), &r, j);
        if sample.is_empty() {
            sample = b;
        }
    }
    truncs::<LoginRegisterRequest>(&mut f, "req.python-sdk-root", &sample);
    f.write(dir, "login_register.json");
}

fn cluster_metadata(dir: &Path) {
    let mut f = VectorFile::new("GetClusterMetadata", Some(GET_CLUSTER_METADATA_CODE));
    f.header("GetClusterMetadata response at 0.11.0: [name u32+utf8][count u32] then nodes");
    f.header("[name u32+utf8][ip u32+utf8][tcp, quic, http, websocket u16][role u8][status u8] (no replica id).");
    f.group("response", "body");
    let j = |c: &ClusterMetadataResponse| {
        json!({ "name": c.name, "nodes": c.nodes.iter().map(|n| json!({
            "name": n.name, "ip": n.ip, "tcpPort": n.tcp_port, "quicPort": n.quic_port, "httpPort": n.http_port,
            "websocketPort": n.websocket_port, "role": n.role, "status": n.status,
        })).collect::<Vec<_>>() })
    };
    let node = |i: u16| ClusterNodeResponse {
        name: format!("node-{i}"), ip: format!("10.0.0.{i}"), tcp_port: 8090 + i, quic_port: 8080 + i, http_port: 3000 + i,
        websocket_port: 8092 + i, role: (i % 2) as u8, status: (i % 3) as u8,
    };
    let mut sample = vec![];
    for n in [0u16, 1, 3] {
        let r = ClusterMetadataResponse { name: "iggy-cluster".into(), nodes: (0..n).map(node).collect() };
        let b = valid(&mut f, &format!("res.nodes-{n}"), &r, j);
        if n == 1 {
            sample = b;
        }
    }
    trailing::<ClusterMetadataResponse>(&mut f, "res.nodes-1", &sample, j);
    truncs::<ClusterMetadataResponse>(&mut f, "res.nodes-1", &sample);
    f.write(dir, "get_cluster_metadata.json");
}

fn stream_records(dir: &Path) {
    // CreateStream replies with the stream record, GetStream with it and its topics.
    let mut f = VectorFile::new("CreateStream", Some(CREATE_STREAM_CODE));
    f.header("CreateStream response at 0.11.0: StreamResponse [id u32][created_at u64][topics_count u32][size u64]");
    f.header("[messages u64][name][options u32+block] (no derived options).");
    f.group("response", "body");
    let mut sample = vec![];
    for i in 0..3 {
        let b = valid(&mut f, &format!("res.stream-{i}"), &stream(i, i), jstream);
        if i == 1 {
            sample = b;
        }
    }
    trailing::<StreamResponse>(&mut f, "res.stream-1", &sample, jstream);
    truncs::<StreamResponse>(&mut f, "res.stream-1", &sample);
    f.write(dir, "create_stream.json");

    let mut f = VectorFile::new("GetStream", Some(GET_STREAM_CODE));
    f.header("GetStream response at 0.11.0: StreamResponse then topics_count TopicHeader records of 0.11.0");
    f.header("(50-byte fixed part: message_expiry u64, compression u8 and max_topic_size u64 after partitions_count).");
    f.group("response", "body");
    let j = |r: &GetStreamResponse| json!({ "stream": jstream(&r.stream), "topics": r.topics.iter().map(jtopic).collect::<Vec<_>>() });
    let mut sample = vec![];
    for n in [0u32, 1, 2] {
        let r = GetStreamResponse { stream: stream(n + 1, n), topics: (0..n).map(|i| topic(i, i + 1)).collect() };
        let b = valid(&mut f, &format!("res.topics-{n}"), &r, j);
        if n == 1 {
            sample = b;
        }
    }
    trailing::<GetStreamResponse>(&mut f, "res.topics-1", &sample, j);
    truncs::<GetStreamResponse>(&mut f, "res.topics-1", &sample);
    f.write(dir, "get_stream.json");

    let mut f = VectorFile::new("GetStreams", Some(GET_STREAMS_CODE));
    f.header("GetStreams response at 0.11.0: StreamResponse records to the end.");
    f.group("response", "body");
    let j = |r: &GetStreamsResponse| json!({ "streams": r.streams.iter().map(jstream).collect::<Vec<_>>() });
    let mut sample = vec![];
    for n in [0u32, 1, 3] {
        let b = valid(&mut f, &format!("res.streams-{n}"), &GetStreamsResponse { streams: (0..n).map(|i| stream(i, i)).collect() }, j);
        if n == 1 {
            sample = b;
        }
    }
    truncs::<GetStreamsResponse>(&mut f, "res.streams-1", &sample);
    f.write(dir, "get_streams.json");
}

fn topic_records(dir: &Path) {
    let j = |r: &GetTopicResponse| json!({ "topic": jtopic(&r.topic), "partitions": r.partitions.iter().map(jpartition).collect::<Vec<_>>() });
    for (file, message, code) in [("get_topic.json", "GetTopic", GET_TOPIC_CODE), ("create_topic.json", "CreateTopic", CREATE_TOPIC_CODE)] {
        let mut f = VectorFile::new(message, Some(code));
        f.header(&format!("{message} response at 0.11.0: TopicHeader of 0.11.0, then partitions_count 40-byte partitions"));
        f.header("[id u32][created_at u64][segments u32][current_offset u64][size u64][messages u64] (no context).");
        f.group("response", "body");
        let mut sample = vec![];
        for n in [0u32, 1, 3] {
            let r = GetTopicResponse { topic: topic(n + 1, n), partitions: (1..=n).map(partition).collect() };
            let b = valid(&mut f, &format!("res.partitions-{n}"), &r, j);
            if n == 1 {
                sample = b;
            }
        }
        trailing::<GetTopicResponse>(&mut f, "res.partitions-1", &sample, j);
        truncs::<GetTopicResponse>(&mut f, "res.partitions-1", &sample);
        f.write(dir, file);
    }
    let mut f = VectorFile::new("GetTopics", Some(GET_TOPICS_CODE));
    f.header("GetTopics response at 0.11.0: [count u32] then count TopicHeader records of 0.11.0.");
    f.group("response", "body");
    let j = |r: &GetTopicsResponse| json!({ "topics": r.topics.iter().map(jtopic).collect::<Vec<_>>() });
    let mut sample = vec![];
    for n in [0u32, 1, 2] {
        let b = valid(&mut f, &format!("res.topics-{n}"), &GetTopicsResponse { topics: (0..n).map(|i| topic(i, i)).collect() }, j);
        if n == 1 {
            sample = b;
        }
    }
    trailing::<GetTopicsResponse>(&mut f, "res.topics-1", &sample, j);
    truncs::<GetTopicsResponse>(&mut f, "res.topics-1", &sample);
    f.write(dir, "get_topics.json");
}

fn empty_response(f: &mut VectorFile) {
    f.group("response", "body");
    valid(f, "res.empty", &EmptyResponse, empty);
}

fn update_stream(dir: &Path) {
    let mut f = VectorFile::new("UpdateStream", Some(UPDATE_STREAM_CODE));
    f.header("UpdateStream (204, operation 129; retired in edge.3): [stream_id][name][options to the end]. Response: empty.");
    f.group("request", "body");
    let j = |r: &UpdateStreamRequest| json!({ "streamId": jident(&r.stream_id), "name": jname(&r.name), "options": jopts(&r.options) });
    let mut sample = vec![];
    for (i, (n, id)) in idents().into_iter().enumerate() {
        let r = UpdateStreamRequest { stream_id: id, name: wname(&format!("renamed-{i}")), options: option_samples()[i % 3].1.clone() };
        let b = valid(&mut f, &format!("req.{n}"), &r, j);
        if sample.is_empty() {
            sample = b;
        }
    }
    truncs::<UpdateStreamRequest>(&mut f, "req.sample", &sample);
    empty_response(&mut f);
    f.write(dir, "update_stream.json");
}

fn update_topic(dir: &Path) {
    let mut f = VectorFile::new("UpdateTopic", Some(UPDATE_TOPIC_CODE));
    f.header("UpdateTopic (304, operation 133; retired in edge.3): [stream_id][topic_id][name][options to the end]. Response: empty.");
    f.group("request", "body");
    let j = |r: &UpdateTopicRequest| {
        json!({ "streamId": jident(&r.stream_id), "topicId": jident(&r.topic_id), "name": jname(&r.name), "options": jopts(&r.options) })
    };
    let ids = idents();
    let mut sample = vec![];
    for (i, (n, id)) in ids.iter().enumerate() {
        let r = UpdateTopicRequest {
            stream_id: id.clone(), topic_id: ids[(i + 1) % ids.len()].1.clone(), name: wname(&format!("topic-{i}")),
            options: option_samples()[i % 3].1.clone(),
        };
        let b = valid(&mut f, &format!("req.{n}"), &r, j);
        if sample.is_empty() {
            sample = b;
        }
    }
    truncs::<UpdateTopicRequest>(&mut f, "req.sample", &sample);
    empty_response(&mut f);
    f.write(dir, "update_topic.json");
}

fn purge(dir: &Path) {
    let mut f = VectorFile::new("PurgeStream", Some(PURGE_STREAM_CODE));
    f.header("PurgeStream (205, operation 131; retired in edge.3): [stream_id]. Response: empty.");
    f.group("request", "body");
    let j = |r: &PurgeStreamRequest| json!({ "streamId": jident(&r.stream_id) });
    let mut sample = vec![];
    for (n, id) in idents() {
        let b = valid(&mut f, &format!("req.{n}"), &PurgeStreamRequest { stream_id: id }, j);
        if sample.is_empty() {
            sample = b;
        }
    }
    truncs::<PurgeStreamRequest>(&mut f, "req.sample", &sample);
    empty_response(&mut f);
    f.write(dir, "purge_stream.json");

    let mut f = VectorFile::new("PurgeTopic", Some(PURGE_TOPIC_CODE));
    f.header("PurgeTopic (305, operation 135; retired in edge.3): [stream_id][topic_id]. Response: empty.");
    f.group("request", "body");
    let j = |r: &PurgeTopicRequest| json!({ "streamId": jident(&r.stream_id), "topicId": jident(&r.topic_id) });
    let ids = idents();
    let mut sample = vec![];
    for (i, (n, id)) in ids.iter().enumerate() {
        let r = PurgeTopicRequest { stream_id: id.clone(), topic_id: ids[(i + 2) % ids.len()].1.clone() };
        let b = valid(&mut f, &format!("req.{n}"), &r, j);
        if sample.is_empty() {
            sample = b;
        }
    }
    truncs::<PurgeTopicRequest>(&mut f, "req.sample", &sample);
    empty_response(&mut f);
    f.write(dir, "purge_topic.json");
}
