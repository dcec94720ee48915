//! Message batch vectors (`batch.json`): the one record layout a SendMessages body, a
//! replicated prepare, a segment record and a poll reply share, decoded by the crate's
//! `decode_batch_slice` (every checksum verified) or, for tests with
//! `options.integrity == "layoutOnly"`, `decode_batch_slice_with(.., LayoutOnly)`.
//!
//! Valid records are built with the crate's producer encoder (`SendMessagesEncoder`) or, for
//! server-stamped fields the producer leaves zero, with the crate's `BatchHeader` and
//! `calculate_batch_checksum` over XXH3-64-stamped frames; every value printed is the crate's
//! decode of the bytes.

#[path = "../iggy_batch/mod.rs"]
mod iggy_batch;

use bytes::BytesMut;
use iggy_batch::{Frame, Stamp, batch_json, filler, push_test, record, record_from_blob, test_obj};
use iggy_binary_protocol::batch::{
    BATCH_CHECKSUM_OFFSET, BATCH_HEADER_SIZE, BATCH_MESSAGE_COUNT_OFFSET, BATCH_RESERVED_OFFSET,
    BatchIntegrity, decode_batch_slice, decode_batch_slice_with,
};
use iggy_binary_protocol::requests::messages::send_messages::{RawMessage, SendMessagesEncoder};
use iggy_binary_protocol::{WireIdentifier, WirePartitioning, encode_user_headers};
use iggy_oracle::{VectorFile, error_json, out_dir};
use serde_json::json;

/// The batch part of a SendMessages body the crate's producer encoder writes.
pub fn producer_batch(messages: &[RawMessage<'_>]) -> Vec<u8> {
    let mut buf = BytesMut::new();
    SendMessagesEncoder::encode(
        &mut buf,
        &WireIdentifier::numeric(1),
        &WireIdentifier::numeric(1),
        &WirePartitioning::Balanced,
        messages,
    )
    .expect("encodes");
    let meta = u32::from_le_bytes(buf[0..4].try_into().unwrap()) as usize;
    buf[4 + meta..].to_vec()
}

/// User headers with one key/value pair per kind code 1..=15, plus an unknown kind (200):
/// the batch carries them opaquely.
fn every_header_kind() -> Vec<u8> {
    let values: Vec<Vec<u8>> = vec![
        b"raw-bytes".to_vec(),
        "string \u{00e9}\u{4e2d}".as_bytes().to_vec(),
        vec![1],
        vec![0x80],
        (-2i16).to_le_bytes().to_vec(),
        (-3i32).to_le_bytes().to_vec(),
        (-4i64).to_le_bytes().to_vec(),
        (-5i128).to_le_bytes().to_vec(),
        vec![0xff],
        0xfffeu16.to_le_bytes().to_vec(),
        0xffff_fffdu32.to_le_bytes().to_vec(),
        u64::MAX.to_le_bytes().to_vec(),
        u128::MAX.to_le_bytes().to_vec(),
        1.5f32.to_le_bytes().to_vec(),
        (-2.25f64).to_le_bytes().to_vec(),
    ];
    let keys: Vec<Vec<u8>> = (1..=15).map(|k| format!("key-{k}").into_bytes()).collect();
    let mut entries: Vec<(u8, &[u8], u8, &[u8])> = vec![];
    for (i, v) in values.iter().enumerate() {
        entries.push((2, &keys[i], (i + 1) as u8, v));
    }
    entries.push((200, b"future-kind", 201, b"?"));
    let mut buf = BytesMut::new();
    encode_user_headers(&entries, &mut buf);
    buf.to_vec()
}

fn main() {
    let out = out_dir();
    let mut f = VectorFile::new("Batch", None);
    f.header("A message batch record: [256-byte header][frames], frame = [48-byte header][payload][user headers].");
    f.header("Decoded with decode_batch_slice (per-message checksums, then tiling, then the batch checksum); \
              tests with options.integrity = \"layoutOnly\" use decode_batch_slice_with(LayoutOnly).");
    f.header("Bytes after batch_length are allowed (readers step by batch_length): such tests are canonical: false.");
    f.note("EveryHeaderKind", "EDGE_CASE", "user headers of every kind code 1..15 and an unknown kind, carried opaquely");
    f.note("ServerStamped", "BASIC", "partition_id, base_offset and base_timestamp stamped as the server does");
    f.group("data", "body");

    let hdrs = every_header_kind();
    let big_payload = filler(5000, 1);
    let mut valid: Vec<(&str, Vec<u8>, Option<&str>)> = vec![];

    valid.push(("one-message", producer_batch(&[RawMessage { id: 1, origin_timestamp: 1_000, headers: None, payload: b"payload" }]), None));
    valid.push(("two-messages", producer_batch(&[
        RawMessage { id: 100, origin_timestamp: 1_000, headers: None, payload: b"first" },
        RawMessage { id: 200, origin_timestamp: 2_000, headers: Some(b"\x01\x01\x00\x00\x00k\x02\x01\x00\x00\x00v"), payload: b"second" },
    ]), None));
    let payloads: Vec<Vec<u8>> = (0..100).map(|i| filler(i * 7 % 300, i as u32)).collect();
    let many: Vec<RawMessage> = payloads
        .iter()
        .enumerate()
        .map(|(i, p)| RawMessage { id: (i as u128) << 64 | 0xabc, origin_timestamp: 1_700_000_000_000_000 + (i as u64) * 1_000, headers: None, payload: p })
        .collect();
    valid.push(("many-messages", producer_batch(&many), None));
    valid.push(("empty-payload", producer_batch(&[RawMessage { id: 7, origin_timestamp: 0, headers: None, payload: b"" }]), None));
    valid.push(("empty-payloads-and-headers", producer_batch(&[
        RawMessage { id: 0, origin_timestamp: 5, headers: None, payload: b"" },
        RawMessage { id: 0, origin_timestamp: 5, headers: Some(b""), payload: b"" },
    ]), None));
    valid.push(("large-payload", producer_batch(&[RawMessage { id: 9, origin_timestamp: 42, headers: None, payload: &big_payload }]), None));
    valid.push(("every-header-kind", producer_batch(&[
        RawMessage { id: 3, origin_timestamp: 10, headers: Some(&hdrs), payload: b"with headers" },
        RawMessage { id: 4, origin_timestamp: 11, headers: Some(&hdrs), payload: b"" },
    ]), Some("EveryHeaderKind")));
    valid.push(("id-extremes", producer_batch(&[
        RawMessage { id: 0, origin_timestamp: u64::MAX - 5, headers: None, payload: b"a" },
        RawMessage { id: u128::MAX, origin_timestamp: u64::MAX, headers: None, payload: b"b" },
    ]), None));
    valid.push(("max-timestamp-delta", producer_batch(&[
        RawMessage { id: 1, origin_timestamp: 1, headers: None, payload: b"early" },
        RawMessage { id: 2, origin_timestamp: 1 + u64::from(u32::MAX), headers: None, payload: b"late" },
    ]), None));
    valid.push(("unordered-timestamps", producer_batch(&[
        RawMessage { id: 1, origin_timestamp: 900, headers: None, payload: b"x" },
        RawMessage { id: 2, origin_timestamp: 100, headers: None, payload: b"y" },
        RawMessage { id: 3, origin_timestamp: 500, headers: None, payload: b"z" },
    ]), None));
    let stamp = Stamp { partition_id: 7, base_offset: 1_000_000, base_timestamp: 1_700_000_000_123_456, origin_timestamp: 1_700_000_000_000_000 };
    valid.push(("server-stamped", record(stamp, &[Frame::new(11, 0, 0, b"a"), Frame::new(12, 1, 10, b"b").with_headers(&hdrs)]), Some("ServerStamped")));
    valid.push(("server-stamped-max", record(
        Stamp { partition_id: u64::MAX, base_offset: u64::MAX - 10, base_timestamp: u64::MAX, origin_timestamp: u64::MAX - u64::from(u32::MAX) },
        &[Frame::new(u128::MAX, 0, u32::MAX, b"m"), Frame::new(1, 10, 0, b"n")],
    ), Some("ServerStamped")));
    valid.push(("sliced-record", record(Stamp { partition_id: 1, base_offset: 50, base_timestamp: 9_000, origin_timestamp: 0 }, &[Frame::new(1, 3, 0, b"tail"), Frame::new(2, 4, 1, b"more")]), Some("ServerStamped")));
    valid.push(("empty-record", record(Stamp { partition_id: 3, ..Stamp::default() }, &[]), None));
    valid.push(("large-user-headers", record(Stamp::default(), &[Frame::new(5, 0, 0, b"p").with_headers(&filler(4500, 9))]), None));
    valid.push(("kat-crate-fixture", record(Stamp { partition_id: 7, origin_timestamp: 1_000, ..Stamp::default() }, &[Frame::new(1, 0, 0, b"first"), Frame::new(2, 1, 5, b"second")]), None));

    for (name, bytes, flag) in &valid {
        let batch = decode_batch_slice(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(batch.header.total_size(), bytes.len());
        let mut t = test_obj(name, "valid", None);
        t.insert("value".into(), batch_json(&batch));
        if let Some(flag) = flag {
            t.insert("flags".into(), json!([flag]));
        }
        push_test(&mut f, &out, "batch", t, bytes);
    }

    // Surplus after batch_length: the crate hands back the record and leaves the rest.
    let one = valid[0].1.clone();
    for extra in [vec![0u8], filler(300, 5), valid[1].1.clone()] {
        let mut b = one.clone();
        b.extend_from_slice(&extra);
        let batch = decode_batch_slice(&b).unwrap();
        let mut t = test_obj(&format!("trailing-{}-bytes", extra.len()), "valid", Some("decode"));
        t.insert("value".into(), batch_json(&batch));
        t.insert("canonical".into(), json!(false));
        t.insert("comment".into(), json!("bytes past batch_length are the caller's (the next record)"));
        push_test(&mut f, &out, "batch", t, &b);
    }

    let invalid = |f: &mut VectorFile, name: &str, bytes: &[u8], comment: &str, layout_only: bool| {
        let r = if layout_only {
            decode_batch_slice_with(bytes, BatchIntegrity::LayoutOnly)
        } else {
            decode_batch_slice(bytes)
        };
        let e = match r {
            Ok(_) => panic!("{name}: accepted"),
            Err(e) => e,
        };
        let mut t = test_obj(name, "invalid", Some("decode"));
        if !comment.is_empty() {
            t.insert("comment".into(), json!(comment));
        }
        if layout_only {
            t.insert("options".into(), json!({ "integrity": "layoutOnly" }));
        }
        t.insert("error".into(), error_json(&e));
        push_test(f, &out, "batch", t, bytes);
    };

    // Every truncation of the one-message record.
    for n in 0..one.len() {
        invalid(&mut f, &format!("truncated-at-{n}"), &one[..n], "", false);
    }
    let two = valid[1].1.clone();
    let u64_at = |b: &mut Vec<u8>, at: usize, v: u64| b[at..at + 8].copy_from_slice(&v.to_le_bytes());
    let mut b = one.clone();
    u64_at(&mut b, 32, 255);
    invalid(&mut f, "batch-length-below-header", &b, "batch_length 255", false);
    let mut b = one.clone();
    u64_at(&mut b, 32, 0);
    invalid(&mut f, "batch-length-zero", &b, "", false);
    let mut b = one.clone();
    u64_at(&mut b, 32, one.len() as u64 + 1);
    invalid(&mut f, "batch-length-past-input", &b, "", false);
    let mut b = one.clone();
    u64_at(&mut b, 32, u64::MAX);
    invalid(&mut f, "batch-length-max", &b, "", false);
    for at in [BATCH_RESERVED_OFFSET, 100, BATCH_HEADER_SIZE - 1] {
        let mut b = one.clone();
        b[at] = 1;
        invalid(&mut f, &format!("header-reserved-byte-{at}"), &b, "", false);
    }
    let mut b = one.clone();
    u64_at(&mut b, 32, 255);
    b[BATCH_RESERVED_OFFSET] = 1;
    invalid(&mut f, "length-checked-before-reserved", &b, "", false);

    // Integrity: per-message checksums, then tiling, then the batch checksum.
    let m0 = BATCH_HEADER_SIZE;
    let mut b = one.clone();
    b[m0] ^= 1;
    invalid(&mut f, "message-checksum-field-corrupt", &b, "", false);
    let mut b = one.clone();
    let last = b.len() - 1;
    b[last] ^= 0xff;
    invalid(&mut f, "message-payload-corrupt", &b, "", false);
    let mut b = one.clone();
    b[m0 + 8] ^= 1;
    invalid(&mut f, "message-id-corrupt", &b, "", false);
    let mut b = two.clone();
    let second = m0 + 48 + 5;
    b[second + 48] ^= 1;
    invalid(&mut f, "second-message-payload-corrupt", &b, "error offset = base_offset + offset_delta of the bad frame", false);
    let mut b = two.clone();
    let hdr_last = b.len() - 1;
    b[hdr_last] ^= 1;
    invalid(&mut f, "user-headers-corrupt", &b, "", false);
    let mut b = one.clone();
    b[BATCH_CHECKSUM_OFFSET] ^= 1;
    invalid(&mut f, "batch-checksum-corrupt", &b, "", false);
    let mut b = one.clone();
    u64_at(&mut b, 0, 9);
    invalid(&mut f, "partition-id-changed-after-stamping", &b, "header fields are covered by the batch checksum", false);
    let mut b = one.clone();
    u64_at(&mut b, 8, 1);
    invalid(&mut f, "base-offset-changed-after-stamping", &b, "", false);
    let mut b = one.clone();
    b[BATCH_CHECKSUM_OFFSET..BATCH_CHECKSUM_OFFSET + 8].fill(0);
    invalid(&mut f, "batch-checksum-zero", &b, "", false);

    let set_count = |b: &mut Vec<u8>, n: u32| b[BATCH_MESSAGE_COUNT_OFFSET..BATCH_MESSAGE_COUNT_OFFSET + 4].copy_from_slice(&n.to_le_bytes());
    for (name, n) in [("count-too-high", 2u32), ("count-zero", 0), ("count-max", u32::MAX)] {
        let mut b = one.clone();
        set_count(&mut b, n);
        invalid(&mut f, name, &b, "frames must tile message_count exactly", false);
        invalid(&mut f, &format!("{name}-layout-only"), &b, "", true);
    }
    let mut b = two.clone();
    set_count(&mut b, 1);
    invalid(&mut f, "count-too-low", &b, "", false);
    let mut b = one.clone();
    b[m0] ^= 1;
    set_count(&mut b, 5);
    invalid(&mut f, "message-checksum-before-tiling", &b, "a bad frame checksum is reported before the count", false);
    let mut b = one.clone();
    b[BATCH_CHECKSUM_OFFSET] ^= 1;
    set_count(&mut b, 5);
    invalid(&mut f, "tiling-before-batch-checksum", &b, "", false);
    let mut b = one.clone();
    b[m0 + 40] = 1;
    invalid(&mut f, "frame-reserved-nonzero", &b, "the walk stops at the frame, so tiling fails", false);
    invalid(&mut f, "frame-reserved-nonzero-layout-only", &b, "", true);
    let mut b = one.clone();
    b[m0 + 36..m0 + 40].copy_from_slice(&1000u32.to_le_bytes());
    invalid(&mut f, "payload-length-past-blob", &b, "", false);
    let mut b = one.clone();
    b[m0 + 32..m0 + 36].copy_from_slice(&u32::MAX.to_le_bytes());
    invalid(&mut f, "user-headers-length-max", &b, "", false);
    let mut b = one.clone();
    b[m0 + 36..m0 + 40].copy_from_slice(&6u32.to_le_bytes());
    invalid(&mut f, "payload-length-short-by-one", &b, "", false);
    // A blob with garbage after the last frame, inside batch_length.
    let frames = Frame::new(1, 0, 0, b"x").bytes();
    let mut blob = frames.clone();
    blob.extend_from_slice(&[0u8; 10]);
    let b = record_from_blob(Stamp::default(), &blob, 1);
    invalid(&mut f, "blob-tail-past-last-frame", &b, "", false);
    invalid(&mut f, "blob-tail-past-last-frame-layout-only", &b, "", true);
    let b = record_from_blob(Stamp::default(), &frames[..47], 1);
    invalid(&mut f, "blob-shorter-than-frame-header", &b, "", false);

    // LayoutOnly accepts what only the checksums reject.
    for (name, mutate) in [
        ("layout-only-corrupt-payload", 0usize),
        ("layout-only-corrupt-batch-checksum", 1),
        ("layout-only-zero-checksums", 2),
    ] {
        let mut b = two.clone();
        match mutate {
            0 => {
                let l = b.len() - 1;
                b[l] ^= 0xff;
            }
            1 => b[BATCH_CHECKSUM_OFFSET] ^= 1,
            _ => {
                b[BATCH_CHECKSUM_OFFSET..BATCH_CHECKSUM_OFFSET + 8].fill(0);
                b[m0..m0 + 8].fill(0);
            }
        }
        assert!(decode_batch_slice(&b).is_err());
        let batch = decode_batch_slice_with(&b, BatchIntegrity::LayoutOnly).unwrap();
        let mut t = test_obj(name, "valid", Some("decode"));
        t.insert("options".into(), json!({ "integrity": "layoutOnly" }));
        t.insert("value".into(), batch_json(&batch));
        push_test(&mut f, &out, "batch", t, &b);
    }
    f.write(&out, "batch.json");
}
