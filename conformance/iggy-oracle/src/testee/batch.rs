//! Testee handlers of the batch / messages / consensus area: batch records, the messages
//! commands, and every consensus header type (`data`), decoded as the vectors decode them.
//!
//! The registry's handlers return `WireError`; a consensus rejection is carried in the
//! `WireError` variant whose wirevec code matches `consensus_error_json` (the differential
//! compares codes, not texts).

#[path = "../iggy_batch/mod.rs"]
mod ib;

use super::{Entry, Outcome};
use ib::consensus::{HeaderJson, ParseError, bytes_of, parse};
use ib::messages::*;
use iggy_binary_protocol::batch::BATCH_HEADER_SIZE;
use iggy_binary_protocol::consensus::ConsensusError;
use iggy_binary_protocol::requests::messages::{GetPartitionRouteRequest, PollMessagesRequest};
use iggy_binary_protocol::responses::messages::{PartitionRouteResponse, SendMessagesResponse};
use iggy_binary_protocol::*;

fn batch(b: &[u8], layout_only: bool) -> Result<Outcome, WireError> {
    let r = batch_decode(b, layout_only)?;
    let mut out = vec![0u8; BATCH_HEADER_SIZE];
    r.header.encode_into(&mut out);
    out.extend_from_slice(r.blob());
    Ok(Outcome { bytes: out, value: ib::batch_json(&r), consumed: r.header.total_size() })
}

fn send_request(b: &[u8]) -> Result<Outcome, WireError> {
    let d = send_messages_decode(b)?;
    Ok(Outcome { bytes: send_messages_encode(&d), value: send_messages_json(&d), consumed: b.len() })
}

fn poll_response(b: &[u8]) -> Result<Outcome, WireError> {
    let d = poll_response_decode(b)?;
    Ok(Outcome { bytes: poll_response_encode(b)?, value: d.value, consumed: b.len() })
}

/// A consensus rejection as the `WireError` whose wirevec code is the same.
fn as_wire(e: ParseError) -> WireError {
    match e {
        ParseError::Short(w) => w,
        ParseError::UnknownCommand(_) => WireError::UnknownCommand(0),
        ParseError::Cast(c) | ParseError::Consensus(c) => match c {
            ConsensusError::InvalidChecksum | ConsensusError::FrameChecksumMismatch { .. } => {
                WireError::InvalidBatchChecksum { stored: 0, computed: 0, base_offset: 0 }
            }
            ConsensusError::InvalidBitPattern => {
                WireError::UnknownDiscriminant { type_name: "consensus enum", value: 0, offset: 0 }
            }
            ConsensusError::UnsupportedOperation { operation } => {
                WireError::UnknownDiscriminant { type_name: "Operation", value: operation, offset: 0 }
            }
            other => WireError::Validation(other.to_string().into()),
        },
    }
}

fn header<H: HeaderJson + Copy>(b: &[u8]) -> Result<Outcome, WireError> {
    let h: H = parse(b).map_err(as_wire)?;
    Ok(Outcome { bytes: bytes_of(&h), value: h.json(), consumed: HEADER_SIZE })
}

macro_rules! headers {
    ($($t:ty),* $(,)?) => {
        vec![$(Entry { ty: <$t as HeaderJson>::NAME, direction: "data", run: header::<$t> }),*]
    };
}

pub fn entries() -> Vec<Entry> {
    let mut v = vec![
        Entry { ty: "Batch", direction: "data", run: |b| batch(b, false) },
        Entry { ty: "BatchLayoutOnly", direction: "data", run: |b| batch(b, true) },
        Entry { ty: "SendMessages", direction: "request", run: send_request },
        entry!("SendMessages", "response", SendMessagesResponse, send_response_json),
        entry!("PollMessages", "request", PollMessagesRequest, poll_request_json),
        Entry { ty: "PollMessages", direction: "response", run: poll_response },
        entry!("GetPartitionRoute", "request", GetPartitionRouteRequest, route_request_json),
        entry!("GetPartitionRoute", "response", PartitionRouteResponse, route_response_json),
    ];
    v.extend(headers![
        GenericHeader,
        RequestHeader,
        RoutedRequestHeader,
        ReplyHeader,
        EvictionHeader,
        PrepareHeader,
        RepairPrepareHeader,
        PrepareOkHeader,
        CommitHeader,
        StartViewChangeHeader,
        DoViewChangeHeader,
        StartViewHeader,
        RequestStartViewHeader,
        RequestPreparesHeader,
        RepairRangeReplyHeader,
        RequestStateTransferHeader,
        StateTransferTargetHeader,
        RequestStateChunkHeader,
        StateChunkHeader,
        ForwardRegisterHeader,
        ForwardRegisterResultHeader,
        ForwardLogoutHeader,
        ForwardLogoutResultHeader,
        ForwardCompletionHeader,
        ConsumerSessionHeartbeatHeader,
        PrimaryRebalanceHeader,
        SegmentDeleteHeader,
    ]);
    v
}
