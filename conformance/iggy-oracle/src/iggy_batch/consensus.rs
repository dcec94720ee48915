//! Consensus headers as the oracle and the testee parse them: the crate's checked cast
//! (command byte first, then the typed cast; an unknown byte at `OPERATION_OFFSET` is
//! `UnsupportedOperation`), `verify_frame`, then `validate`; and each header's JSON form.

#![allow(dead_code, unused_imports)]

use bytemuck::checked::try_from_bytes;
use iggy_binary_protocol::consensus::{
    RESULT_COUNT_LEN, RESULT_ENTRY_LEN, operation_for_code,
};
use iggy_binary_protocol::{
    CHECKSUM_UNSEALED, Command, CommitHeader, ConsensusError, ConsensusHeader,
    ConsumerSessionHeartbeatHeader, DVC_HEADERS_MAX, DoViewChangeHeader, EvictionHeader,
    EvictionReason, ForwardCompletionHeader, ForwardLogoutHeader, ForwardLogoutOutcome,
    ForwardLogoutResultHeader, ForwardRegisterHeader, ForwardRegisterOutcome,
    ForwardRegisterResultHeader, GenericHeader, HEADER_SIZE, LIFECYCLE_BATCH_HEADER_SIZE,
    LIFECYCLE_COMPLETION_SIZE, LIFECYCLE_COMPLETIONS_MAX, MAX_CONSUMER_SESSIONS_PER_HEARTBEAT,
    Operation, PrepareHeader, PrepareOkHeader, PrimaryRebalanceHeader, PrimaryRebalanceKind,
    REJECTION_SECTION_LEN, RESERVED_COMMAND_LEN, RepairPrepareHeader, RepairRangeReplyHeader,
    ReplyHeader, RequestHeader, RequestPreparesHeader, RequestStartViewHeader,
    RequestStateChunkHeader, RequestStateTransferHeader, RoutedRequestHeader, SIZE_FIELD_OFFSET,
    SegmentDeleteHeader, SegmentDeleteKind, StartViewChangeHeader, StartViewHeader,
    StateChunkHeader, StateTransferTargetHeader, WireError, frame_body, frame_checksum_bytes,
    prepare_identity_checksum_bytes, read_size_field, result_code, result_section_len,
    write_rejection_section,
};
use iggy_oracle::{error_json, hex, oracle_code};
use serde_json::{Map, Value, json};

#[repr(C, align(16))]
pub struct Aligned(pub [u8; HEADER_SIZE]);

/// Why a typed parse failed.
pub enum ParseError {
    Short(WireError),
    UnknownCommand(ConsensusError),
    /// The typed cast failed (an unknown operation or another bit pattern the type refuses).
    Cast(ConsensusError),
    Consensus(ConsensusError),
}

/// The crate's ConsensusError as a wirevec error: unknown discriminants keep their own codes,
/// seals are checksum mismatches, every other rule is INVALID_VALUE; the text is the crate's.
pub fn consensus_error_json(e: &ConsensusError) -> Value {
    let code = match e {
        ConsensusError::InvalidChecksum | ConsensusError::FrameChecksumMismatch { .. } => {
            "CHECKSUM_MISMATCH"
        }
        ConsensusError::InvalidBitPattern | ConsensusError::UnsupportedOperation { .. } => {
            "UNKNOWN_DISCRIMINANT"
        }
        _ => "INVALID_VALUE",
    };
    json!({ "code": code, "detail": e.to_string() })
}

pub fn parse_error_json(e: &ParseError) -> Value {
    match e {
        // The crate has no typed header decode: length check, command cast and operation check
        // are this pipeline's, so their codes are the oracle's. verify_frame and validate are the crate's.
        ParseError::Short(w) => oracle_code(error_json(w)),
        ParseError::UnknownCommand(c) => oracle_code(json!({ "code": "UNKNOWN_COMMAND", "detail": c.to_string() })),
        ParseError::Cast(c) => oracle_code(consensus_error_json(c)),
        ParseError::Consensus(c) => consensus_error_json(c),
    }
}

pub fn parse<H: ConsensusHeader>(bytes: &[u8]) -> Result<H, ParseError> {
    if bytes.len() < HEADER_SIZE {
        return Err(ParseError::Short(WireError::UnexpectedEof {
            offset: 0,
            need: HEADER_SIZE,
            have: bytes.len(),
        }));
    }
    let mut frame = Aligned([0; HEADER_SIZE]);
    frame.0.copy_from_slice(&bytes[..HEADER_SIZE]);
    if try_from_bytes::<GenericHeader>(&frame.0).is_err() {
        return Err(ParseError::UnknownCommand(ConsensusError::InvalidBitPattern));
    }
    let header = match try_from_bytes::<H>(&frame.0) {
        Ok(h) => *h,
        Err(_) => {
            if let Some(at) = H::OPERATION_OFFSET
                && !Operation::is_known_code(frame.0[at])
            {
                return Err(ParseError::Cast(ConsensusError::UnsupportedOperation {
                    operation: frame.0[at],
                }));
            }
            return Err(ParseError::Cast(ConsensusError::InvalidBitPattern));
        }
    };
    header.verify_frame().map_err(ParseError::Consensus)?;
    header.validate().map_err(ParseError::Consensus)?;
    Ok(header)
}

pub fn bytes_of<H: ConsensusHeader>(h: &H) -> Vec<u8> {
    bytemuck::bytes_of(h).to_vec()
}

pub fn lower_camel(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

pub fn name<T: std::fmt::Debug>(v: T) -> Value {
    json!(lower_camel(&format!("{v:?}")))
}

pub fn big<T: ToString>(v: T) -> Value {
    json!(v.to_string())
}

/// The JSON form of a header: the crate's fields, in declaration order.
pub trait HeaderJson: ConsensusHeader {
    const NAME: &'static str;
    const FILE: &'static str;
    fn json(&self) -> Value;
}

macro_rules! prefix {
    ($m:ident, $h:expr) => {
        $m.insert("checksum".into(), big($h.checksum));
        $m.insert("checksumBody".into(), big($h.checksum_body));
        $m.insert("cluster".into(), big($h.cluster));
        $m.insert("size".into(), json!($h.size));
        $m.insert("view".into(), json!($h.view));
        $m.insert("release".into(), json!($h.release));
        $m.insert("command".into(), name($h.command));
        $m.insert("replica".into(), json!($h.replica));
        $m.insert("reservedFrame".into(), json!(hex(&$h.reserved_frame)));
    };
}

macro_rules! fields {
    ($m:ident, $h:expr, { $($key:literal : $kind:ident $field:ident),* $(,)? }) => {
        $( $m.insert($key.into(), fields!(@v $kind $h.$field)); )*
    };
    (@v n $e:expr) => { json!($e) };
    (@v b $e:expr) => { big($e) };
    (@v x $e:expr) => { json!(hex(&$e)) };
    (@v e $e:expr) => { name($e) };
}

macro_rules! header_json {
    ($ty:ty, $name:literal, $file:literal, |$h:ident| { $($key:literal : $kind:ident $field:ident),* $(,)? }) => {
        impl HeaderJson for $ty {
            const NAME: &'static str = $name;
            const FILE: &'static str = $file;
            fn json(&self) -> Value {
                let $h = self;
                let mut m = Map::new();
                prefix!(m, $h);
                fields!(m, $h, { $($key : $kind $field),* });
                Value::Object(m)
            }
        }
    };
}

header_json!(GenericHeader, "GenericHeader", "consensus_generic_header.json", |h| {
    "reservedCommand": x reserved_command,
});
header_json!(RequestHeader, "RequestHeader", "consensus_request_header.json", |h| {
    "client": b client, "requestChecksum": b request_checksum, "timestamp": b timestamp,
    "request": b request, "operation": e operation, "operationPadding": x operation_padding,
    "session": b session, "userId": n user_id, "reserved": x reserved,
    "partitionIncarnation": b partition_incarnation, "ownerGeneration": b owner_generation,
    "minimumMetadataOp": b minimum_metadata_op, "reservedTail": x reserved_tail,
});
header_json!(RoutedRequestHeader, "RoutedRequestHeader", "consensus_routed_request_header.json", |h| {
    "client": b client, "requestChecksum": b request_checksum, "timestamp": b timestamp,
    "request": b request, "operation": e operation, "operationPadding": x operation_padding,
    "session": b session, "userId": n user_id, "reserved": x reserved,
    "partitionIncarnation": b partition_incarnation, "ownerGeneration": b owner_generation,
    "minimumMetadataOp": b minimum_metadata_op, "reservedTail": x reserved_tail,
    "metadataWatermark": b metadata_watermark, "group": b group,
});
header_json!(ReplyHeader, "ReplyHeader", "consensus_reply_header.json", |h| {
    "requestChecksum": b request_checksum, "context": b context, "client": b client,
    "op": b op, "commit": b commit, "timestamp": b timestamp, "request": b request,
    "operation": e operation, "operationPadding": x operation_padding, "status": n status,
    "reserved": x reserved, "partitionIncarnation": b partition_incarnation,
    "reservedTail": x reserved_tail,
});
header_json!(EvictionHeader, "EvictionHeader", "consensus_eviction_header.json", |h| {
    "client": b client, "serverProtocolVersion": n server_protocol_version,
    "serverProtocolVersionMin": n server_protocol_version_min, "reserved": x reserved,
    "reason": e reason,
});
header_json!(PrepareHeader, "PrepareHeader", "consensus_prepare_header.json", |h| {
    "client": b client, "parent": b parent, "requestChecksum": b request_checksum, "op": b op,
    "commit": b commit, "timestamp": b timestamp, "request": b request, "operation": e operation,
    "operationPadding": x operation_padding, "group": b group, "userId": n user_id,
    "retryCapacity": n retry_capacity, "partitionIncarnation": b partition_incarnation,
    "reserved": x reserved, "session": b session,
});
impl HeaderJson for RepairPrepareHeader {
    const NAME: &'static str = "RepairPrepareHeader";
    const FILE: &'static str = "consensus_repair_prepare_header.json";
    fn json(&self) -> Value {
        self.0.json()
    }
}
header_json!(PrepareOkHeader, "PrepareOkHeader", "consensus_prepare_ok_header.json", |h| {
    "parent": b parent, "prepareChecksum": b prepare_checksum, "op": b op, "commit": b commit,
    "timestamp": b timestamp, "request": b request, "operation": e operation,
    "operationPadding": x operation_padding, "group": b group, "reserved": x reserved,
});
header_json!(CommitHeader, "CommitHeader", "consensus_commit_header.json", |h| {
    "commitChecksum": b commit_checksum, "timestampMonotonic": b timestamp_monotonic,
    "commit": b commit, "checkpointOp": b checkpoint_op, "group": b group,
    "partitionIncarnation": b partition_incarnation, "reserved": x reserved,
});
header_json!(StartViewChangeHeader, "StartViewChangeHeader", "consensus_start_view_change_header.json", |h| {
    "group": b group, "partitionIncarnation": b partition_incarnation, "reserved": x reserved,
});
header_json!(DoViewChangeHeader, "DoViewChangeHeader", "consensus_do_view_change_header.json", |h| {
    "op": b op, "commit": b commit, "group": b group, "logView": n log_view, "flags": n flags,
    "reserved": x reserved, "partitionIncarnation": b partition_incarnation,
    "nackBitset": b nack_bitset, "presentBitset": b present_bitset,
});
header_json!(StartViewHeader, "StartViewHeader", "consensus_start_view_header.json", |h| {
    "op": b op, "commit": b commit, "group": b group,
    "partitionIncarnation": b partition_incarnation, "reserved": x reserved,
    "incarnation": b incarnation,
});
header_json!(RequestStartViewHeader, "RequestStartViewHeader", "consensus_request_start_view_header.json", |h| {
    "group": b group, "partitionIncarnation": b partition_incarnation, "reserved": x reserved,
    "incarnation": b incarnation,
});
header_json!(RequestPreparesHeader, "RequestPreparesHeader", "consensus_request_prepares_header.json", |h| {
    "nonce": b nonce, "fromOp": b from_op, "toOp": b to_op, "group": b group,
    "partitionIncarnation": b partition_incarnation, "reserved": x reserved,
});
header_json!(RepairRangeReplyHeader, "RepairRangeReplyHeader", "consensus_repair_range_reply_header.json", |h| {
    "nonce": b nonce, "op": b op, "group": b group,
    "partitionIncarnation": b partition_incarnation, "reserved": x reserved,
});
header_json!(RequestStateTransferHeader, "RequestStateTransferHeader", "consensus_request_state_transfer_header.json", |h| {
    "nonce": b nonce, "group": b group, "partitionIncarnation": b partition_incarnation,
    "reserved": x reserved,
});
header_json!(StateTransferTargetHeader, "StateTransferTargetHeader", "consensus_state_transfer_target_header.json", |h| {
    "nonce": b nonce, "commitOp": b commit_op, "group": b group, "available": n available,
    "unavailableTransient": n unavailable_transient, "reservedAlignment": x reserved_alignment,
    "commitMax": b commit_max, "partitionIncarnation": b partition_incarnation,
    "reserved": x reserved,
});
header_json!(RequestStateChunkHeader, "RequestStateChunkHeader", "consensus_request_state_chunk_header.json", |h| {
    "nonce": b nonce, "offset": b offset, "group": b group, "len": n len, "artifact": n artifact,
    "partitionIncarnation": b partition_incarnation, "reserved": x reserved,
});
header_json!(StateChunkHeader, "StateChunkHeader", "consensus_state_chunk_header.json", |h| {
    "nonce": b nonce, "offset": b offset, "group": b group, "artifact": n artifact,
    "reserved": x reserved, "partitionIncarnation": b partition_incarnation,
});
header_json!(ForwardRegisterHeader, "ForwardRegisterHeader", "consensus_forward_register_header.json", |h| {
    "client": b client, "nonce": b nonce, "userId": n user_id, "reserved": x reserved,
});
header_json!(ForwardRegisterResultHeader, "ForwardRegisterResultHeader", "consensus_forward_register_result_header.json", |h| {
    "nonce": b nonce, "client": b client, "epoch": b epoch, "watermark": b watermark,
    "reserved": x reserved, "outcome": e outcome,
});
header_json!(ForwardLogoutHeader, "ForwardLogoutHeader", "consensus_forward_logout_header.json", |h| {
    "client": b client, "nonce": b nonce, "session": b session, "request": b request,
    "reserved": x reserved,
});
header_json!(ForwardLogoutResultHeader, "ForwardLogoutResultHeader", "consensus_forward_logout_result_header.json", |h| {
    "nonce": b nonce, "client": b client, "commit": b commit, "reserved": x reserved,
    "outcome": e outcome,
});
header_json!(ForwardCompletionHeader, "ForwardCompletionHeader", "consensus_forward_completion_header.json", |h| {
    "reporter": n reporter, "operation": e operation, "reserved": x reserved,
});
header_json!(ConsumerSessionHeartbeatHeader, "ConsumerSessionHeartbeatHeader", "consensus_consumer_session_heartbeat_header.json", |h| {
    "incomplete": n incomplete, "reserved": x reserved, "namespaceRevision": b namespace_revision,
});
header_json!(PrimaryRebalanceHeader, "PrimaryRebalanceHeader", "consensus_primary_rebalance_header.json", |h| {
    "nonce": b nonce, "namespace": b namespace, "createdRevision": b created_revision,
    "commit": b commit, "quorumAgeNs": b quorum_age_ns, "partitionView": n partition_view,
    "kind": e kind, "ready": n ready, "target": n target, "reserved": x reserved,
});
header_json!(SegmentDeleteHeader, "SegmentDeleteHeader", "consensus_segment_delete_header.json", |h| {
    "nonce": b nonce, "namespace": b namespace, "createdRevision": b created_revision,
    "minimumMetadataOp": b minimum_metadata_op, "upToOffset": b up_to_offset,
    "segmentsCount": n segments_count, "kind": e kind, "reserved": x reserved,
});

