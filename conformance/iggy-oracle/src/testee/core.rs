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
use iggy_binary_protocol::requests::streams::*;
use iggy_binary_protocol::requests::system::*;
use iggy_binary_protocol::requests::topics::*;
use iggy_binary_protocol::responses::EmptyResponse;
use iggy_binary_protocol::responses::streams::{GetStreamResponse, GetStreamsResponse, StreamResponse};
use iggy_binary_protocol::primitives::metadata_changes::{WireMetadataChangeCursor, WireMetadataCurrentPageToken};
use iggy_binary_protocol::responses::system::{
    ClusterMetadataResponse, DescribeOptionsResponse, GetMetadataChangesResponse, GetSnapshotResponse, StatsResponse,
};
use iggy_binary_protocol::responses::topics::{GetTopicResponse, GetTopicsResponse};
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
        // system
        entry!("Ping", "request", PingRequest, j::empty),
        entry!("Ping", "response", EmptyResponse, j::empty),
        entry!("GetStats", "request", GetStatsRequest, j::empty),
        entry!("GetStats", "response", StatsResponse, j::stats),
        entry!("GetSnapshot", "request", GetSnapshotRequest, j::get_snapshot),
        entry!("GetSnapshot", "response", GetSnapshotResponse, j::get_snapshot_response),
        entry!("GetClusterMetadata", "request", GetClusterMetadataRequest, j::empty),
        entry!("GetClusterMetadata", "response", ClusterMetadataResponse, j::cluster_metadata),
        entry!("GetMe", "request", GetMeRequest, j::empty),
        entry!("GetClient", "request", GetClientRequest, j::get_client),
        entry!("GetClients", "request", GetClientsRequest, j::empty),
        entry!("DescribeOptions", "request", DescribeOptionsRequest, j::describe_options),
        entry!("DescribeOptions", "response", DescribeOptionsResponse, j::describe_options_response),
        entry!("UpdateResource", "request", UpdateResourceRequest, j::update_resource),
        entry!("UpdateResource", "response", EmptyResponse, j::empty),
        entry!("BindSession", "request", BindSessionRequest, j::bind_session),
        entry!("FinalizeSession", "request", FinalizeSessionRequest, j::finalize_session),
        entry!("RetireSessions", "request", RetireSessionsRequest, j::retire_sessions),
        entry!("GetMetadataChanges", "request", GetMetadataChangesRequest, j::get_metadata_changes),
        entry!("GetMetadataChanges", "response", GetMetadataChangesResponse, j::get_metadata_changes_response),
        entry!("WireMetadataChangeCursor", "data", WireMetadataChangeCursor, j::cursor),
        entry!("WireMetadataCurrentPageToken", "data", WireMetadataCurrentPageToken, j::page_token),
        // streams
        entry!("CreateStream", "request", CreateStreamRequest, j::create_stream),
        entry!("CreateStream", "response", StreamResponse, j::stream_response),
        entry!("DeleteStream", "request", DeleteStreamRequest, |r| j::stream_id_req(&r.stream_id)),
        entry!("DeleteStream", "response", EmptyResponse, j::empty),
        entry!("GetStream", "request", GetStreamRequest, |r| j::stream_id_req(&r.stream_id)),
        entry!("GetStream", "response", GetStreamResponse, j::get_stream_response),
        entry!("GetStreams", "request", GetStreamsRequest, j::empty),
        entry!("GetStreams", "response", GetStreamsResponse, j::get_streams_response),
        entry!("UpdateStreamResolved", "request", UpdateStreamResolvedRequest, j::update_stream_resolved),
        entry!("RewrapStreamKeys", "request", RewrapStreamKeysRequest, j::rewrap_stream_keys),
        // topics
        entry!("CreateTopic", "request", CreateTopicRequest, j::create_topic),
        entry!("CreateTopic", "response", GetTopicResponse, j::get_topic_response),
        entry!("DeleteTopic", "request", DeleteTopicRequest, |r| j::topic_id_req(&r.stream_id, &r.topic_id)),
        entry!("DeleteTopic", "response", EmptyResponse, j::empty),
        entry!("GetTopic", "request", GetTopicRequest, |r| j::topic_id_req(&r.stream_id, &r.topic_id)),
        entry!("GetTopic", "response", GetTopicResponse, j::get_topic_response),
        entry!("GetTopics", "request", GetTopicsRequest, |r| j::stream_id_req(&r.stream_id)),
        entry!("GetTopics", "response", GetTopicsResponse, j::get_topics_response),
        entry!("CreateTopicWithAssignments", "request", CreateTopicWithAssignmentsRequest, j::create_topic_with_assignments),
        entry!("UpdateTopicResolved", "request", UpdateTopicResolvedRequest, j::update_topic_resolved),
    ]
}
