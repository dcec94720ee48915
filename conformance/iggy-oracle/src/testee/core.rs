//! Testee handlers of the Iggy-core area: primitives, frames, version info, and the system,
//! stream and topic commands.

#[path = "../iggy_core/json.rs"]
mod j;

use super::{Entry, Outcome};
use bytes::BytesMut;
use iggy_binary_protocol::primitives::options::{WireOptions, validate_options};
use iggy_binary_protocol::primitives::user_headers::validate_user_headers;
use iggy_binary_protocol::version::ClientVersionInfo;
use iggy_binary_protocol::{
    AckLevel, ConsumerGroupOwner, CreatedPartitionAssignment, PartitionContext, RequestFrame,
    ResponseFrame, WireConsumer, WireError, WireIdentifier, WireName, WirePartitioning,
    WirePermissions, WirePollingStrategy,
};
use serde_json::json;

fn user_headers(b: &[u8]) -> Result<Outcome, WireError> {
    validate_user_headers(b)?;
    Ok(Outcome { bytes: b.to_vec(), value: j::hex(b), consumed: b.len() })
}

fn options(b: &[u8]) -> Result<Outcome, WireError> {
    validate_options(b)?;
    let o = WireOptions::from_slice(b)?;
    Ok(Outcome { bytes: o.as_bytes().to_vec(), value: j::options(&o), consumed: b.len() })
}

fn ack_level(b: &[u8]) -> Result<Outcome, WireError> {
    let code = iggy_binary_protocol::codec::read_u8(b, 0)?;
    let a = AckLevel::from_code(code)?;
    Ok(Outcome { bytes: vec![a.as_u8()], value: j::ack(&a), consumed: 1 })
}

fn request_frame(b: &[u8]) -> Result<Outcome, WireError> {
    let (f, consumed) = RequestFrame::decode(b)?;
    let mut out = BytesMut::new();
    RequestFrame::encode(f.code, f.request_id, f.payload, &mut out)?;
    let value = json!({ "code": f.code, "requestId": j::big(f.request_id), "payload": j::hex(f.payload) });
    Ok(Outcome { bytes: out.to_vec(), value, consumed })
}

fn response_frame(b: &[u8]) -> Result<Outcome, WireError> {
    let (f, consumed) = ResponseFrame::decode(b)?;
    let mut out = BytesMut::new();
    match std::num::NonZeroU32::new(f.status) {
        None => ResponseFrame::encode_ok(f.request_id, f.payload, &mut out)?,
        // The crate writes error frames without a payload; any payload bytes are re-emitted
        // after the 16-byte header so the comparison stays byte for byte.
        Some(status) => {
            ResponseFrame::encode_error(status, f.request_id, &mut out);
            if !f.payload.is_empty() {
                let len = 8 + f.payload.len() as u32;
                out[4..8].copy_from_slice(&len.to_le_bytes());
                out.extend_from_slice(f.payload);
            }
        }
    }
    let value = json!({ "status": f.status, "requestId": j::big(f.request_id), "payload": j::hex(f.payload) });
    Ok(Outcome { bytes: out.to_vec(), value, consumed })
}

pub fn entries() -> Vec<Entry> {
    vec![
        entry!("WireName", "data", WireName, j::name),
        entry!("WireIdentifier", "data", WireIdentifier, j::ident),
        entry!("WireConsumer", "data", WireConsumer, j::consumer),
        entry!("WirePartitioning", "data", WirePartitioning, j::partitioning),
        entry!("WirePollingStrategy", "data", WirePollingStrategy, j::polling),
        entry!("WirePermissions", "data", WirePermissions, j::permissions),
        entry!("CreatedPartitionAssignment", "data", CreatedPartitionAssignment, j::assignment),
        entry!("PartitionContext", "data", PartitionContext, j::context),
        entry!("ConsumerGroupOwner", "data", ConsumerGroupOwner, j::owner),
        entry!("ClientVersionInfo", "data", ClientVersionInfo, j::version_info),
        Entry { ty: "AckLevel", direction: "data", run: ack_level },
        Entry { ty: "WireUserHeaders", direction: "data", run: user_headers },
        Entry { ty: "WireOptions", direction: "data", run: options },
        Entry { ty: "RequestFrame", direction: "data", run: request_frame },
        Entry { ty: "ResponseFrame", direction: "data", run: response_frame },
    ]
}
