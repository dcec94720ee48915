//! Vectors of the Iggy-core plumbing: request/response frames (`framing.json`, with Ping and
//! CreateStream carried end to end), `ClientVersionInfo` (`client_version_info.json`), the
//! packed protocol version and its compatibility gate (`protocol_version.json`) and the
//! command table (`command_table.json`). Every byte comes from the crate.

#[path = "../iggy_core/cases.rs"]
mod cases;
#[path = "../iggy_core/json.rs"]
mod j;

use bytes::BytesMut;
use cases::*;
use iggy_binary_protocol::requests::streams::CreateStreamRequest;
use iggy_binary_protocol::responses::streams::StreamResponse;
use iggy_binary_protocol::version::{ClientVersionInfo, ProtocolVersion, pack_protocol_version};
use iggy_binary_protocol::{
    COMMAND_TABLE, IGGY_PROTOCOL_VERSION, IGGY_PROTOCOL_VERSION_MIN, RequestFrame, ResponseFrame,
    WireDecode, WireEncode, WireError, is_protocol_compatible, lookup_command,
};
use iggy_oracle::{VectorFile, error_json, hex, out_dir, truncations};
use serde_json::{Map, Value, json};
use std::num::NonZeroU32;
use std::path::Path;

fn main() {
    let dir = out_dir();
    framing(&dir);
    client_version_info(&dir);
    protocol_version(&dir);
    command_table(&dir);
}

fn raw_test(f: &mut VectorFile, name: &str, bytes: &[u8], value: Value, options: Option<Value>, canonical: bool, comment: Option<&str>) {
    let mut t = Map::new();
    t.insert("name".into(), json!(name));
    if let Some(c) = comment {
        t.insert("comment".into(), json!(c));
    }
    if !canonical {
        t.insert("op".into(), json!("decode"));
    }
    t.insert("hex".into(), json!(hex(bytes)));
    t.insert("value".into(), value);
    t.insert("result".into(), json!("valid"));
    if !canonical {
        t.insert("canonical".into(), json!(false));
    }
    if let Some(o) = options {
        t.insert("options".into(), o);
    }
    f.raw(t);
}

fn request_frame(code: u32, request_id: u64, payload: &[u8]) -> Vec<u8> {
    let mut out = BytesMut::new();
    RequestFrame::encode(code, request_id, payload, &mut out).unwrap();
    out.to_vec()
}

fn response_ok(request_id: u64, payload: &[u8]) -> Vec<u8> {
    let mut out = BytesMut::new();
    ResponseFrame::encode_ok(request_id, payload, &mut out).unwrap();
    out.to_vec()
}

/// A request frame test; `body` is the command payload's JSON form when the frame carries a
/// known command (the test's `options.commandCode` then names it).
fn req(f: &mut VectorFile, name: &str, bytes: &[u8], body: Option<Value>, comment: Option<&str>) {
    let (fr, consumed) = RequestFrame::decode(bytes).expect("crate decodes its frame");
    let mut v = json!({ "code": fr.code, "requestId": j::big(fr.request_id), "payload": j::hex(fr.payload) });
    let options = body.map(|b| {
        v.as_object_mut().unwrap().insert("body".into(), b);
        json!({ "commandCode": fr.code })
    });
    let canonical = consumed == bytes.len() && request_frame(fr.code, fr.request_id, fr.payload) == bytes;
    raw_test(f, name, bytes, v, options, canonical, comment);
}

fn res(f: &mut VectorFile, name: &str, bytes: &[u8], command: Option<(u32, Value)>, comment: Option<&str>) {
    let (fr, consumed) = ResponseFrame::decode(bytes).expect("crate decodes its frame");
    let mut v = json!({ "status": fr.status, "requestId": j::big(fr.request_id), "payload": j::hex(fr.payload) });
    let options = command.map(|(code, b)| {
        v.as_object_mut().unwrap().insert("body".into(), b);
        json!({ "commandCode": code })
    });
    raw_test(f, name, bytes, v, options, consumed == bytes.len(), comment);
}

fn frame_invalid(f: &mut VectorFile, name: &str, bytes: &[u8], response: bool, comment: &str) {
    let e = if response { ResponseFrame::decode(bytes).map(|_| ()) } else { RequestFrame::decode(bytes).map(|_| ()) };
    let e = e.expect_err("crate rejects");
    f.invalid(name, bytes, error_json(&e), Some(comment));
}

fn framing(dir: &Path) {
    let mut f = VectorFile::new("Frame", None);
    f.header("Request frames [length:u32][code:u32][request_id:u64][payload], length = 12 + payload;");
    f.header("response frames [status:u32][length:u32][request_id:u64][payload], length = 8 + payload.");
    f.header("Tests with options.commandCode carry a command payload whose JSON form is value.body.");

    f.group("request", "frame");
    req(&mut f, "req.crate-example", &request_frame(42, 7, b"hello world"), None, Some("the crate's round-trip example"));
    req(&mut f, "req.crate-length-16", &request_frame(99, 1, b"test"), None, None);
    req(&mut f, "req.unknown-code-empty", &request_frame(9999, 0, &[]), None, Some("frames do not check the code"));
    req(&mut f, "req.code-max", &request_frame(u32::MAX, u64::MAX, &[0xff; 3]), None, None);
    req(&mut f, "req.ping", &request_frame(1, 99, &[]), Some(j::empty(&())), Some("Ping: the crate's empty-payload example"));
    req(&mut f, "req.ping-id0", &request_frame(1, 0, &[]), Some(j::empty(&())), None);
    req(&mut f, "req.ping-idmax", &request_frame(1, u64::MAX, &[]), Some(j::empty(&())), None);
    let streams: Vec<(&str, CreateStreamRequest)> = vec![
        ("orders", CreateStreamRequest { name: wname("orders"), options: option_samples()[0].1.clone() }),
        ("name1", CreateStreamRequest { name: wname("s"), options: option_samples()[1].1.clone() }),
        ("utf8-options", CreateStreamRequest { name: wname(MULTI), options: option_samples()[2].1.clone() }),
        ("name255", CreateStreamRequest { name: wname(&long_name()), options: option_samples()[4].1.clone() }),
    ];
    let mut create_frame = vec![];
    for (i, (n, cs)) in streams.iter().enumerate() {
        let payload = cs.to_bytes();
        let decoded = CreateStreamRequest::decode_from(&payload).unwrap();
        let bytes = request_frame(202, 1000 + i as u64, &payload);
        req(&mut f, &format!("req.create-stream-{n}"), &bytes, Some(j::create_stream(&decoded)), None);
        if i == 2 {
            create_frame = bytes;
        }
    }
    let mut two = create_frame.clone();
    two.extend_from_slice(&request_frame(1, 5, &[]));
    req(&mut f, "req.followed-by-next-frame", &two, Some(j::create_stream(&CreateStreamRequest::decode_from(&create_frame[16..]).unwrap())),
        Some("a second frame follows; decoding returns the first and its size"));
    frame_invalid(&mut f, "req.length-11", &[&11u32.to_le_bytes()[..], &1u32.to_le_bytes(), &1u64.to_le_bytes()].concat(), false, "length must count code and request id");
    frame_invalid(&mut f, "req.fifteen-zero-bytes", &[0u8; 15], false, "length 0 is rejected before the header is complete");
    frame_invalid(&mut f, "req.payload-short", &[&112u32.to_le_bytes()[..], &1u32.to_le_bytes(), &1u64.to_le_bytes(), &[0u8; 50]].concat(), false, "100-byte payload announced, 50 present");
    truncations(&mut f, "req.create-stream", &create_frame, |b| RequestFrame::decode(b).map(|_| ()));

    f.group("response", "frame");
    res(&mut f, "res.crate-example", &response_ok(7, b"response data"), None, Some("the crate's round-trip example"));
    res(&mut f, "res.ok-empty", &response_ok(42, &[]), None, None);
    res(&mut f, "res.ok-one-byte", &response_ok(0, &[0xff]), None, None);
    res(&mut f, "res.ok-id-max", &response_ok(u64::MAX, b"x"), None, None);
    res(&mut f, "res.ok-256", &response_ok(1 << 40, &[0xa5; 256]), None, None);
    let mut err = BytesMut::new();
    ResponseFrame::encode_error(NonZeroU32::new(1001).unwrap(), 55, &mut err);
    res(&mut f, "res.error-1001", &err, None, Some("error responses carry no payload"));
    let mut err2 = BytesMut::new();
    ResponseFrame::encode_error(NonZeroU32::new(u32::MAX).unwrap(), u64::MAX, &mut err2);
    res(&mut f, "res.error-max", &err2, None, None);
    res(&mut f, "res.ping", &response_ok(99, &[]), Some((1, j::empty(&()))), Some("Ping response: empty payload"));
    let stream = StreamResponse {
        id: 1,
        created_at: 1_700_000_000_000_000,
        topics_count: 0,
        size_bytes: 0,
        messages_count: 0,
        name: wname("orders"),
        options: option_samples()[1].1.clone(),
        derived_options: option_samples()[2].1.clone(),
    };
    let sp = stream.to_bytes();
    let s2 = StreamResponse::decode_from(&sp).unwrap();
    let create_res = response_ok(1000, &sp);
    res(&mut f, "res.create-stream", &create_res, Some((202, j::stream_response(&s2))), None);
    let big = StreamResponse { id: u32::MAX, created_at: u64::MAX, topics_count: u32::MAX, size_bytes: u64::MAX, messages_count: u64::MAX, name: wname(MULTI), options: option_samples()[0].1.clone(), derived_options: option_samples()[0].1.clone() };
    let bp = big.to_bytes();
    res(&mut f, "res.create-stream-max", &response_ok(u64::MAX, &bp), Some((202, j::stream_response(&StreamResponse::decode_from(&bp).unwrap()))), None);
    frame_invalid(&mut f, "res.length-7", &[&0u32.to_le_bytes()[..], &7u32.to_le_bytes(), &1u64.to_le_bytes()].concat(), true, "length must count the request id");
    frame_invalid(&mut f, "res.length-0", &[0u8; 16], true, "length 0");
    truncations(&mut f, "res.create-stream", &create_res, |b| ResponseFrame::decode(b).map(|_| ()));
    f.write(dir, "framing.json");
}

fn client_version_info(dir: &Path) {
    let mut f = VectorFile::new("ClientVersionInfo", None);
    f.header("[protocol_version:u32][sdk_name:WireName][sdk_version:WireName], the prefix of every login-register body.");
    f.group("data", "body");
    let cases: Vec<(&str, u32, String, String)> = vec![
        ("rust-sdk", IGGY_PROTOCOL_VERSION, "rust-sdk".into(), "0.10.1".into()),
        ("v0.11.0", pack_protocol_version(0, 11, 0), "rust-sdk".into(), "0.10.1".into()),
        ("v0.11.1", pack_protocol_version(0, 11, 1), "node-sdk".into(), "1.0.0".into()),
        ("version0", 0, "a".into(), "b".into()),
        ("versionmax", u32::MAX, "ts".into(), "0".into()),
        ("names1", IGGY_PROTOCOL_VERSION, "x".into(), "y".into()),
        ("names255", IGGY_PROTOCOL_VERSION, long_name(), long_name()),
        ("utf8", IGGY_PROTOCOL_VERSION, MULTI.into(), long_multi()),
        ("streamwire", IGGY_PROTOCOL_VERSION, "streamwire".into(), "0.1.0".into()),
        ("go", pack_protocol_version(1, 2, 3), "go-sdk".into(), "0.7.0-edge.1".into()),
    ];
    let mut sample = vec![];
    for (n, v, a, b) in cases {
        let info = ClientVersionInfo { protocol_version: v, sdk_name: wname(&a), sdk_version: wname(&b) };
        let bytes = valid(&mut f, &format!("data.{n}"), &info, j::version_info);
        if n == "rust-sdk" {
            sample = bytes;
        }
    }
    trailing::<ClientVersionInfo>(&mut f, "data.rust-sdk", &sample, j::version_info);
    patched::<ClientVersionInfo>(&mut f, "data.sdk-name-empty", &[&sample[..4], &[0u8][..]].concat(), 4, &[0], "zero-length sdk name");
    patched::<ClientVersionInfo>(&mut f, "data.sdk-version-empty", &sample[..14], 13, &[0], "zero-length sdk version");
    patched::<ClientVersionInfo>(&mut f, "data.sdk-name-bad-utf8", &sample, 5, &[0xff], "sdk name is not UTF-8");
    patched::<ClientVersionInfo>(&mut f, "data.sdk-version-bad-utf8", &sample, 14, &[0xc3, 0x28], "sdk version is not UTF-8");
    truncs::<ClientVersionInfo>(&mut f, "data.rust-sdk", &sample);
    f.write(dir, "client_version_info.json");
}

fn protocol_version(dir: &Path) {
    let mut f = VectorFile::new("ProtocolVersion", None);
    // The crate has no encoder or field accessors for the packed u32: bytes and fields are the oracle's.
    f.all_oracle_layout();
    f.header("A packed protocol version (u32 LE: major << 20 | minor << 10 | patch) with its display and the");
    f.header(&format!(
        "crate's login gate is_protocol_compatible (accepts {}..={}).",
        ProtocolVersion(IGGY_PROTOCOL_VERSION_MIN),
        ProtocolVersion(IGGY_PROTOCOL_VERSION)
    ));
    f.group("data", "body");
    let mut vs: Vec<(String, u32)> = vec![
        ("current".into(), IGGY_PROTOCOL_VERSION),
        ("min".into(), IGGY_PROTOCOL_VERSION_MIN),
        ("min-minus-1".into(), IGGY_PROTOCOL_VERSION_MIN - 1),
        ("current-plus-1".into(), IGGY_PROTOCOL_VERSION + 1),
        ("zero".into(), 0),
        ("u32max".into(), u32::MAX),
    ];
    for (ma, mi, pa) in [(0, 10, 1), (0, 11, 0), (0, 11, 1), (0, 12, 0), (0, 12, 1), (0, 13, 0), (1, 0, 0), (1023, 1023, 1023)] {
        vs.push((format!("{ma}.{mi}.{pa}"), pack_protocol_version(ma, mi, pa)));
    }
    for (n, v) in vs {
        let value = json!({
            "major": v >> 20, "minor": (v >> 10) & 1023, "patch": v & 1023,
            "display": ProtocolVersion(v).to_string(), "compatible": is_protocol_compatible(v),
        });
        if v >> 30 != 0 {
            // Bits 31..30 are reserved: such a number decodes but no version packs to it.
            let mut t = Map::new();
            t.insert("name".into(), json!(format!("data.{n}")));
            t.insert("comment".into(), json!("reserved bits set: decodes, but no major.minor.patch packs to it"));
            t.insert("op".into(), json!("decode"));
            t.insert("hex".into(), json!(hex(&v.to_le_bytes())));
            t.insert("value".into(), value);
            t.insert("result".into(), json!("valid"));
            f.raw(t);
        } else {
            f.valid(&format!("data.{n}"), &v.to_le_bytes(), value);
        }
    }
    f.write(dir, "protocol_version.json");
}

fn command_table(dir: &Path) {
    let mut f = VectorFile::new("CommandTable", None);
    // The bytes are a bare u32 code the oracle wrote; the entries and rejections are the crate's.
    f.all_oracle_layout();
    f.header("A command code (u32 LE) and its COMMAND_TABLE entry: name, VSR operation (null when not");
    f.header("replicated) and whether it is replicated. Retired and unknown codes are UNKNOWN_COMMAND.");
    f.group("data", "body");
    for (i, m) in COMMAND_TABLE.iter().enumerate() {
        let found = lookup_command(m.code).expect("table entry");
        assert_eq!(found.code, m.code);
        let value = json!({
            "code": m.code, "name": m.name, "operation": m.operation.map(|o| o as u8),
            "replicated": m.is_replicated(), "index": i,
        });
        f.valid(&format!("data.code-{}", m.code), &m.code.to_le_bytes(), value);
    }
    #[allow(unused_mut)]
    let mut retired = vec![14u32, 35, 102, 103, 104, 123, 124, 204, 205, 304, 305];
    #[allow(unused_mut)]
    let mut unknown = vec![0u32, 2, 9, 18, 19, 23, 30, 46, 99, 106, 125, 206, 306, 401, 404, 502, 504, 607, 1000, 9999, u32::MAX];
    // edge.8 assigns 106, 108 and 109 (deferred poll, its cancel, fetch) and retires 107.
    #[cfg(feature = "edge8")]
    {
        retired.insert(5, 107);
        unknown.retain(|&c| c != 106);
        unknown.insert(9, 110);
    }
    for c in retired.iter().chain(unknown.iter()) {
        let e: WireError = iggy_binary_protocol::codes::command_name(*c).expect_err("unknown");
        let comment = if retired.contains(c) { "retired code (codes.rs): never reused" } else { "not a command code" };
        f.invalid(&format!("data.code-{c}"), &c.to_le_bytes(), error_json(&e), Some(comment));
    }
    f.write(dir, "command_table.json");
}
