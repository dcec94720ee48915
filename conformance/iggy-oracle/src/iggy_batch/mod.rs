//! Shared by the batch and messages-command binaries: the JSON form of a decoded batch
//! record, raw frame builders (for stamped records the producer encoder cannot make, and for
//! corrupt ones), and `.bin` files for tests over 4 KiB.

#![allow(dead_code)]

pub mod consensus;
pub mod messages;

use iggy_binary_protocol::batch::{
    BATCH_HEADER_SIZE, BATCH_MESSAGE_HEADER_SIZE, BatchHeader, BatchRef, calculate_batch_checksum,
};
use iggy_oracle::{VectorFile, hex};
use serde_json::{Map, Value, json};
use std::path::Path;
use twox_hash::XxHash3_64;

pub fn big<T: ToString>(v: T) -> Value {
    json!(v.to_string())
}

/// The crate's decoded batch record: header fields and every frame (as `BatchRef::iter` yields it).
pub fn batch_json(b: &BatchRef<'_>) -> Value {
    let h = &b.header;
    json!({
        "partitionId": big(h.partition_id),
        "baseOffset": big(h.base_offset),
        "baseTimestamp": big(h.base_timestamp),
        "originTimestamp": big(h.origin_timestamp),
        "batchLength": big(h.batch_length),
        "batchChecksum": big(h.batch_checksum),
        "messageCount": h.message_count,
        "messages": b.iter().map(|m| json!({
            "checksum": big(m.header.checksum),
            "id": big(m.header.id),
            "offsetDelta": m.header.offset_delta,
            "timestampDelta": m.header.timestamp_delta,
            "payload": hex(m.payload),
            "userHeaders": hex(m.user_headers),
        })).collect::<Vec<_>>(),
    })
}

/// One message frame as a builder input.
#[derive(Clone)]
pub struct Frame {
    pub id: u128,
    pub offset_delta: u32,
    pub timestamp_delta: u32,
    pub payload: Vec<u8>,
    pub headers: Vec<u8>,
}

impl Frame {
    pub fn new(id: u128, offset_delta: u32, timestamp_delta: u32, payload: &[u8]) -> Self {
        Self { id, offset_delta, timestamp_delta, payload: payload.to_vec(), headers: vec![] }
    }
    pub fn with_headers(mut self, h: &[u8]) -> Self {
        self.headers = h.to_vec();
        self
    }
    /// `[48-byte header][payload][user headers]` with its XXH3-64 checksum stamped.
    pub fn bytes(&self) -> Vec<u8> {
        let mut b = vec![0u8; BATCH_MESSAGE_HEADER_SIZE];
        b[8..24].copy_from_slice(&self.id.to_le_bytes());
        b[24..28].copy_from_slice(&self.offset_delta.to_le_bytes());
        b[28..32].copy_from_slice(&self.timestamp_delta.to_le_bytes());
        b[32..36].copy_from_slice(&(self.headers.len() as u32).to_le_bytes());
        b[36..40].copy_from_slice(&(self.payload.len() as u32).to_le_bytes());
        b.extend_from_slice(&self.payload);
        b.extend_from_slice(&self.headers);
        let sum = XxHash3_64::oneshot(&b[8..]);
        b[0..8].copy_from_slice(&sum.to_le_bytes());
        // The crate's producer encoder cannot stamp ids, deltas or corrupt frames: this layout is ours.
        iggy_oracle::laid_out_by_oracle(b)
    }
}

/// A batch record header as a builder input (the checksum is computed).
#[derive(Clone, Copy, Default)]
pub struct Stamp {
    pub partition_id: u64,
    pub base_offset: u64,
    pub base_timestamp: u64,
    pub origin_timestamp: u64,
}

/// `[256-byte header][frames]` with the batch checksum the crate computes.
pub fn record(stamp: Stamp, frames: &[Frame]) -> Vec<u8> {
    let blob: Vec<u8> = frames.iter().flat_map(Frame::bytes).collect();
    record_from_blob(stamp, &blob, frames.len() as u32)
}

pub fn record_from_blob(stamp: Stamp, blob: &[u8], count: u32) -> Vec<u8> {
    let mut header = BatchHeader::new(
        stamp.partition_id,
        stamp.origin_timestamp,
        (BATCH_HEADER_SIZE + blob.len()) as u64,
        count,
    );
    header.base_offset = stamp.base_offset;
    header.base_timestamp = stamp.base_timestamp;
    header.batch_checksum = calculate_batch_checksum(&header, blob);
    let mut bytes = vec![0u8; BATCH_HEADER_SIZE];
    header.encode_into(&mut bytes);
    bytes.extend_from_slice(blob);
    bytes
}

/// Deterministic filler.
pub fn filler(n: usize, seed: u32) -> Vec<u8> {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

/// Adds a test whose bytes go to `bin/<dir>/<name>.bin` when over 4 KiB (inline hex otherwise).
/// `out` is the vectors/iggy directory; the reference path is relative to vectors/.
pub fn push_test(
    f: &mut VectorFile,
    out: &Path,
    bin_dir: &str,
    mut test: Map<String, Value>,
    bytes: &[u8],
) {
    iggy_oracle::stamp_provenance(&mut test, Some(bytes));
    if bytes.len() > 4096 {
        let name = test["name"].as_str().unwrap().to_string();
        test.insert("file".into(), iggy_oracle::bin_file(out, bin_dir, &name, bytes));
    } else {
        test.insert("hex".into(), json!(hex(bytes)));
    }
    f.raw(test);
}

/// A test object with the usual fields (bytes are attached by [`push_test`]).
pub fn test_obj(name: &str, result: &str, op: Option<&str>) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("name".into(), json!(name));
    if let Some(op) = op {
        m.insert("op".into(), json!(op));
    }
    m.insert("result".into(), json!(result));
    m
}
