//! Registry of the differential testee (`src/bin/testee.rs`): for each (type name, direction)
//! a handler that decodes bytes with the crate, re-encodes the decoded value with the crate,
//! and renders the value in the vectors' JSON form.
//!
//! Each area keeps its handlers in its own file `src/testee/<area>.rs` exporting
//! `pub fn entries() -> Vec<Entry>`; adding an area is one line in the `areas!` list below.

#![allow(dead_code)]

use iggy_binary_protocol::{WireDecode, WireEncode, WireError};
use serde_json::Value;

/// What a handler returns for bytes the crate accepts.
pub struct Outcome {
    /// The crate's re-encoding of the decoded value.
    pub bytes: Vec<u8>,
    /// The decoded value in JSON form.
    pub value: Value,
    /// Bytes the value occupies (the crate's `WireDecode::decode`), which may be fewer than
    /// the input where the crate ignores trailing bytes.
    pub consumed: usize,
}

/// Decodes, re-encodes and renders one payload.
pub type Handler = fn(&[u8]) -> Result<Outcome, WireError>;

/// One registered type.
pub struct Entry {
    /// The crate's type name without `Request`/`Response` (`"CreateStream"`), or the
    /// primitive's own name (`"WireIdentifier"`).
    pub ty: &'static str,
    /// `"request"`, `"response"` or `"data"`.
    pub direction: &'static str,
    pub run: Handler,
}

/// The common handler: accept what `decode_from` accepts (the crate's whole-payload decode,
/// which some types override to reject trailing bytes), report `decode`'s consumed length.
pub fn codec<T: WireDecode + WireEncode>(
    bytes: &[u8],
    json: fn(&T) -> Value,
) -> Result<Outcome, WireError> {
    let value = T::decode_from(bytes)?;
    let (_, consumed) = T::decode(bytes)?;
    Ok(Outcome { bytes: value.to_bytes().to_vec(), value: json(&value), consumed })
}

/// `entry!("CreateStream", "request", CreateStreamRequest, j::create_stream)`.
macro_rules! entry {
    ($ty:expr, $dir:expr, $t:ty, $json:expr) => {
        $crate::testee::Entry { ty: $ty, direction: $dir, run: |b| $crate::testee::codec::<$t>(b, $json) }
    };
}

macro_rules! areas {
    ($($area:ident),* $(,)?) => {
        $(pub mod $area;)*
        /// Every area's entry list.
        pub const AREAS: &[fn() -> Vec<Entry>] = &[$($area::entries),*];
    };
}

// One line per area module (src/testee/<area>.rs).
areas! {
    core, // IGGY-CORE: primitives, framing, version, system, streams, topics
    batch, // IGGY-BATCH: batch records, messages commands, consensus headers
    cmds, // IGGY-CMDS: users, tokens, partitions, segments, consumer groups/offsets, clients
    metadata, // IGGY-META: metadata change-log bodies (change kinds, current-state items)
}
