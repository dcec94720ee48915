//! The messages commands as the oracle and the testee decode them, with the crate's parts:
//!
//! - SendMessages request: `[metadata_length u32][SendMessagesHeader][batch]` — the u32, the
//!   metadata slice (read_bytes), `SendMessagesHeader::decode` on exactly that slice (bytes it
//!   does not use are ignored, as the crate's decode ignores them), then `decode_batch_slice`
//!   (every checksum verified) on the rest. The crate leaves bytes after the record to "callers
//!   whose buffer is meant to BE the batch"; a request body is, so they are rejected
//!   (`Validation`, INVALID_VALUE).
//! - PollMessages response: `PollMessagesResponse::decode`, then the whole
//!   `PolledBatchesIterator` (records validated layout-only; the first error fails the decode).
//! - PollMessages / GetPartitionRoute requests: `decode_from` (trailing bytes ignored);
//!   SendMessages / PartitionRoute responses: `decode_from` (trailing bytes rejected by the crate).

#![allow(dead_code)]

use super::{batch_json, big};
use bytes::{BufMut, BytesMut};
use iggy_binary_protocol::batch::{
    BATCH_HEADER_SIZE, BatchIntegrity, BatchRef, decode_batch_slice, decode_batch_slice_with,
};
use iggy_binary_protocol::codec::{read_bytes, read_u32_le};
use iggy_binary_protocol::primitives::partition_history::PartitionContext;
use iggy_binary_protocol::requests::messages::{
    GetPartitionRouteRequest, PollMessagesRequest, SendMessagesHeader,
};
use iggy_binary_protocol::responses::messages::{
    PartitionRouteResponse, PollMessagesResponse, SendMessagesResponse,
};
use iggy_binary_protocol::responses::messages::poll_messages::POLL_RESPONSE_HEADER_SIZE;
use iggy_binary_protocol::{
    WireConsumer, WireDecode, WireEncode, WireError, WireIdentifier, WirePartitioning,
    WirePollingStrategy,
};
use iggy_oracle::hex;
use serde_json::{Value, json};

pub fn ident(id: &WireIdentifier) -> Value {
    match id {
        WireIdentifier::Numeric(v) => json!({ "kind": "numeric", "value": v }),
        WireIdentifier::String(s) => json!({ "kind": "string", "value": s.as_str() }),
    }
}

pub fn consumer(c: &WireConsumer) -> Value {
    let kind = match c.kind {
        1 => "consumer",
        2 => "consumerGroup",
        3 => "externalGroup",
        other => panic!("the crate decoded consumer kind {other}"),
    };
    json!({ "kind": kind, "id": ident(&c.id) })
}

pub fn partitioning(p: &WirePartitioning) -> Value {
    match p {
        WirePartitioning::Balanced => json!({ "kind": "balanced" }),
        WirePartitioning::PartitionId(id) => json!({ "kind": "partitionId", "value": id }),
        WirePartitioning::MessagesKey(k) => json!({ "kind": "messagesKey", "value": hex(k) }),
    }
}

pub fn polling(p: &WirePollingStrategy) -> Value {
    let kind = match p.kind {
        1 => "offset",
        2 => "timestamp",
        3 => "first",
        4 => "last",
        5 => "next",
        other => panic!("the crate decoded polling kind {other}"),
    };
    json!({ "kind": kind, "value": big(p.value) })
}

pub fn context(c: &PartitionContext) -> Value {
    json!({ "incarnation": big(c.incarnation), "ownerGeneration": big(c.owner_generation), "metadataOp": big(c.metadata_op) })
}

/// A decoded SendMessages request: the metadata and the verified batch record.
pub struct SendMessagesDecoded<'a> {
    pub header: SendMessagesHeader,
    pub batch: BatchRef<'a>,
}

pub fn send_messages_decode(buf: &[u8]) -> Result<SendMessagesDecoded<'_>, WireError> {
    let meta_len = read_u32_le(buf, 0)? as usize;
    let meta = read_bytes(buf, 4, meta_len)?;
    let (header, _) = SendMessagesHeader::decode(meta)?;
    let rest = &buf[4 + meta_len..];
    let batch = decode_batch_slice(rest)?;
    let used = 4 + meta_len + batch.header.total_size();
    if used != buf.len() {
        return Err(WireError::Validation(
            format!("{} trailing byte(s) after SendMessages", buf.len() - used).into(),
        ));
    }
    Ok(SendMessagesDecoded { header, batch })
}

pub fn send_messages_json(d: &SendMessagesDecoded<'_>) -> Value {
    json!({
        "streamId": ident(&d.header.stream_id),
        "topicId": ident(&d.header.topic_id),
        "partitioning": partitioning(&d.header.partitioning),
        "messagesCount": d.header.messages_count,
        "batch": batch_json(&d.batch),
    })
}

/// The crate's re-encoding of a decoded request: the metadata section, then the record.
pub fn send_messages_encode(d: &SendMessagesDecoded<'_>) -> Vec<u8> {
    let mut buf = BytesMut::new();
    buf.put_u32_le(d.header.metadata_length() as u32);
    d.header.encode(&mut buf);
    let mut head = vec![0u8; BATCH_HEADER_SIZE];
    d.batch.header.encode_into(&mut head);
    buf.put_slice(&head);
    buf.put_slice(d.batch.blob());
    buf.to_vec()
}

pub fn poll_request_json(r: &PollMessagesRequest) -> Value {
    json!({
        "consumer": consumer(&r.consumer),
        "streamId": ident(&r.stream_id),
        "topicId": ident(&r.topic_id),
        "partitionId": r.partition_id,
        "strategy": polling(&r.strategy),
        "count": r.count,
        "autoCommit": r.auto_commit,
    })
}

/// A decoded poll reply: the 40-byte header, every record (layout-only) and the flattened
/// messages the crate's iterator yields.
pub struct PollDecoded<'a> {
    pub header_bytes: &'a [u8],
    pub value: Value,
    pub records: Vec<&'a [u8]>,
}

pub fn poll_response_decode(buf: &[u8]) -> Result<PollDecoded<'_>, WireError> {
    let response = PollMessagesResponse::decode(buf)?;
    let mut messages = vec![];
    for m in response.messages {
        let m = m?;
        messages.push(json!({
            "checksum": big(m.checksum),
            "id": big(m.id),
            "offset": big(m.offset),
            "timestamp": big(m.timestamp),
            "originTimestamp": big(m.origin_timestamp),
            "payload": hex(m.payload),
            "userHeaders": hex(m.user_headers),
        }));
    }
    // The same walk, record by record, for the records' own fields.
    let mut records = vec![];
    let mut batches = vec![];
    let mut pos = POLL_RESPONSE_HEADER_SIZE;
    while pos < buf.len() {
        let b = decode_batch_slice_with(&buf[pos..], BatchIntegrity::LayoutOnly)?;
        batches.push(batch_json(&b));
        records.push(&buf[pos..pos + b.header.total_size()]);
        pos += b.header.total_size();
    }
    let h = &response.header;
    Ok(PollDecoded {
        header_bytes: &buf[..POLL_RESPONSE_HEADER_SIZE],
        value: json!({
            "partitionId": h.partition_id,
            "currentOffset": big(h.current_offset),
            "messagesCount": h.messages_count,
            "context": context(&h.context),
            "batches": batches,
            "messages": messages,
        }),
        records,
    })
}

/// The crate's re-encoding of a decoded poll reply: its header, then each record as served.
pub fn poll_response_encode(buf: &[u8]) -> Result<Vec<u8>, WireError> {
    let response = PollMessagesResponse::decode(buf)?;
    let mut out = response.header.to_le_bytes().to_vec();
    let d = poll_response_decode(buf)?;
    for r in d.records {
        let b = decode_batch_slice_with(r, BatchIntegrity::LayoutOnly)?;
        let mut head = vec![0u8; BATCH_HEADER_SIZE];
        b.header.encode_into(&mut head);
        out.extend_from_slice(&head);
        out.extend_from_slice(b.blob());
    }
    Ok(out)
}

pub fn send_response_json(r: &SendMessagesResponse) -> Value {
    json!({
        "confirmations": r.confirmations.iter().map(|c| json!({
            "streamId": c.stream_id, "topicId": c.topic_id, "partitionId": c.partition_id,
            "baseOffset": big(c.base_offset),
        })).collect::<Vec<_>>(),
    })
}

pub fn route_request_json(r: &GetPartitionRouteRequest) -> Value {
    json!({ "streamId": ident(&r.stream_id), "topicId": ident(&r.topic_id), "partitionId": r.partition_id })
}

pub fn route_response_json(r: &PartitionRouteResponse) -> Value {
    json!({
        "incarnation": big(r.incarnation), "metadataOp": big(r.metadata_op), "view": r.view,
        "partitionsCount": r.partitions_count, "primaryReplica": r.primary_replica,
    })
}

/// The batch check of a bare record, for the testee.
pub fn batch_decode(buf: &[u8], layout_only: bool) -> Result<BatchRef<'_>, WireError> {
    if layout_only {
        decode_batch_slice_with(buf, BatchIntegrity::LayoutOnly)
    } else {
        decode_batch_slice(buf)
    }
}
