//! VSR consensus vectors: every header type the crate re-exports, the Command and Operation
//! discriminants, the frame seal / prepare identity checksums, and the reply result section.
//!
//! A typed header is parsed the way the crate documents it (`ConsensusHeader`): the bytes are
//! cast with the crate's own `CheckedBitPattern` impls (command byte first, through
//! `GenericHeader`, then the typed cast, where an unknown byte at `OPERATION_OFFSET` is
//! `UnsupportedOperation` and any other bad enum byte `InvalidBitPattern`), then
//! `verify_frame`, then `validate`. The first failure is the vector's error.

#[path = "../iggy_batch/mod.rs"]
mod iggy_batch;

use bytemuck::checked::try_from_bytes;
use iggy_batch::consensus::*;
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
use iggy_oracle::{VectorFile, error_json, hex, oracle_code, out_dir};
use serde_json::json;

const U64: u64 = u64::MAX;
const U128: u128 = u128::MAX;

/// Stamps whatever the header's `checksum` means: the frame seal, or a prepare's identity.
fn stamp<H: ConsensusHeader>(mut h: H) -> H {
    if H::FRAME_SEALED {
        h.seal();
    } else if H::IDENTITY_CHECKSUMMED {
        let mut frame = Aligned([0; HEADER_SIZE]);
        frame.0.copy_from_slice(bytemuck::bytes_of(&h));
        h.set_checksum(prepare_identity_checksum_bytes(&frame.0));
    }
    h
}

/// Restamps raw bytes the same way (after a byte-level edit the typed view could not make).
fn stamp_bytes<H: ConsensusHeader>(mut b: Vec<u8>) -> Vec<u8> {
    let mut frame = Aligned([0; HEADER_SIZE]);
    frame.0.copy_from_slice(&b[..HEADER_SIZE]);
    let sum = if H::FRAME_SEALED {
        frame_checksum_bytes(&frame.0)
    } else if H::IDENTITY_CHECKSUMMED {
        prepare_identity_checksum_bytes(&frame.0)
    } else {
        return b;
    };
    b[0..16].copy_from_slice(&sum.to_le_bytes());
    b
}

fn size(n: usize) -> u32 {
    u32::try_from(n).unwrap()
}

const HS: u32 = HEADER_SIZE as u32;

/// One header type's vectors.
struct Cases<H: HeaderJson> {
    valid: Vec<(String, H)>,
    /// Header values that break a rule; stamped (sealed/identity) before writing unless `raw`.
    invalid: Vec<(String, H, bool)>,
    /// Byte-level invalids (enum bytes the typed view cannot hold).
    invalid_bytes: Vec<(String, Vec<u8>)>,
}

impl<H: HeaderJson + Copy> Cases<H> {
    fn new() -> Self {
        Self { valid: vec![], invalid: vec![], invalid_bytes: vec![] }
    }
    fn ok(&mut self, n: &str, h: H) -> &mut Self {
        self.valid.push((n.into(), stamp(h)));
        self
    }
    fn ok_raw(&mut self, n: &str, h: H) -> &mut Self {
        self.valid.push((n.into(), h));
        self
    }
    fn bad(&mut self, n: &str, h: H) -> &mut Self {
        self.invalid.push((n.into(), h, false));
        self
    }
    fn bad_raw(&mut self, n: &str, h: H) -> &mut Self {
        self.invalid.push((n.into(), h, true));
        self
    }
    fn bad_byte(&mut self, n: &str, base: &H, at: usize, v: u8) -> &mut Self {
        let mut b = bytes_of(base);
        b[at] = v;
        self.invalid_bytes.push((n.into(), stamp_bytes::<H>(b)));
        self
    }

    /// Writes the file; adds the checks every type gets (short input, unknown command byte,
    /// a wrong known command, a broken and a zeroed seal).
    fn write(mut self, dir: &std::path::Path, wrong_command: Command) {
        let base = self.valid[0].1;
        let mut f = VectorFile::new(H::NAME, None);
        f.header(&format!(
            "{} (256 bytes), as the crate casts, verifies (frame seal: {}) and validates it.",
            H::NAME,
            if H::FRAME_SEALED { "yes" } else { "no" }
        ));
        f.header("Typed parse order: length, command byte (UNKNOWN_COMMAND), other enum bytes \
                  (UNKNOWN_DISCRIMINANT; an unknown operation byte is UnsupportedOperation), \
                  verify_frame (CHECKSUM_MISMATCH), validate (INVALID_VALUE).");
        f.group("data", "body");
        for (n, h) in &self.valid {
            let b = bytes_of(h);
            let decoded: H = match parse::<H>(&b) {
                Ok(d) => d,
                Err(e) => panic!("{} {n}: valid case rejected: {}", H::NAME, parse_error_json(&e)),
            };
            f.valid(n, &b, decoded.json());
        }
        for n in [0usize, 1, 16, 60, 128, 255] {
            let b = &bytes_of(&base)[..n];
            let e = parse::<H>(b).err().unwrap();
            f.invalid(&format!("truncated-at-{n}"), b, parse_error_json(&e), None);
        }
        for v in [35u8, 0xff] {
            let mut b = bytes_of(&base);
            b[60] = v;
            let b = stamp_bytes::<H>(b);
            let e = parse::<H>(&b).err().unwrap();
            f.invalid(&format!("unknown-command-{v}"), &b, parse_error_json(&e), Some("command byte outside the Command enum"));
        }
        let mut w = base;
        let mut b = bytes_of(&w);
        b[60] = wrong_command as u8;
        w = *try_from_bytes::<H>(&aligned(&b).0).unwrap();
        self.invalid.insert(0, ("wrong-command".into(), w, false));
        if H::FRAME_SEALED {
            let mut b = bytes_of(&base);
            b[200] ^= 0x01;
            self.invalid_bytes.push(("seal-flipped-byte-200".into(), b));
            let mut b = bytes_of(&base);
            b[16] ^= 0x80;
            self.invalid_bytes.push(("seal-flipped-checksum-body".into(), b));
            let mut b = bytes_of(&base);
            b[0..16].fill(0);
            self.invalid_bytes.push(("seal-zeroed".into(), b));
            let mut b = bytes_of(&base);
            b[8] = 1;
            self.invalid_bytes.push(("seal-upper-half-nonzero".into(), b));
        }
        for (n, h, raw) in &self.invalid {
            let h = if *raw { *h } else { stamp(*h) };
            let b = bytes_of(&h);
            match parse::<H>(&b) {
                Ok(_) => panic!("{} {n}: invalid case accepted", H::NAME),
                Err(e) => {
                    f.invalid(n, &b, parse_error_json(&e), None);
                }
            }
        }
        for (n, b) in &self.invalid_bytes {
            match parse::<H>(b) {
                Ok(_) => panic!("{} {n}: invalid bytes accepted", H::NAME),
                Err(e) => {
                    f.invalid(n, b, parse_error_json(&e), None);
                }
            }
        }
        f.write(dir, H::FILE);
    }
}

fn aligned(b: &[u8]) -> Aligned {
    let mut a = Aligned([0; HEADER_SIZE]);
    a.0.copy_from_slice(&b[..HEADER_SIZE]);
    a
}

/// A zeroed header of type H with its own command and the given size.
fn zeroed<H: ConsensusHeader + Copy>(command: Command, size: u32) -> H {
    let mut a = Aligned([0; HEADER_SIZE]);
    a.0[60] = command as u8;
    a.0[48..52].copy_from_slice(&size.to_le_bytes());
    // Zeroed bytes make every operation `Reserved` (0), a known discriminant.
    *try_from_bytes::<H>(&a.0).unwrap()
}

fn pattern(n: usize, seed: u8) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed)).collect()
}

fn arr<const N: usize>(seed: u8) -> [u8; N] {
    pattern(N, seed).try_into().unwrap()
}

fn main() {
    let dir = out_dir();
    generic(&dir);
    request(&dir);
    routed_request(&dir);
    reply(&dir);
    eviction(&dir);
    prepare(&dir);
    repair_prepare(&dir);
    prepare_ok(&dir);
    commit(&dir);
    start_view_change(&dir);
    do_view_change(&dir);
    start_view(&dir);
    request_start_view(&dir);
    request_prepares(&dir);
    repair_range_reply(&dir);
    request_state_transfer(&dir);
    state_transfer_target(&dir);
    request_state_chunk(&dir);
    state_chunk(&dir);
    forward_register(&dir);
    forward_register_result(&dir);
    forward_logout(&dir);
    forward_logout_result(&dir);
    forward_completion(&dir);
    consumer_session_heartbeat(&dir);
    primary_rebalance(&dir);
    segment_delete(&dir);
    commands(&dir);
    operations(&dir);
    frame_checksums(&dir);
    reply_result(&dir);
    constants(&dir);
}

fn generic(dir: &std::path::Path) {
    let mut c = Cases::<GenericHeader>::new();
    let mut cmds = vec![];
    for v in 0u8..=34 {
        cmds.push(v);
    }
    for v in cmds {
        let mut h: GenericHeader = zeroed(Command::Reserved, HS);
        let mut a = aligned(&bytes_of(&h));
        a.0[60] = v;
        h = *try_from_bytes::<GenericHeader>(&a.0).unwrap();
        h.checksum = u128::from(v) * 0x0101_0101_0101_0101_0101_0101_0101_0101;
        h.size = HS + u32::from(v) * 7;
        h.view = u32::from(v);
        h.replica = v;
        c.ok_raw(&format!("command-{v}"), h);
    }
    let mut h: GenericHeader = zeroed(Command::Ping, HS);
    h.checksum = U128;
    h.checksum_body = U128;
    h.cluster = U128;
    h.size = u32::MAX;
    h.view = u32::MAX;
    h.release = u32::MAX;
    h.replica = 255;
    h.reserved_frame = [0xff; 66];
    h.reserved_command = [0xff; RESERVED_COMMAND_LEN];
    c.ok_raw("all-max", h);
    let mut h: GenericHeader = zeroed(Command::ReplicaHello, 1000);
    h.reserved_frame = arr(3);
    h.reserved_command = arr(9);
    h.cluster = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210;
    c.ok_raw("replica-hello-scratch", h);
    let base = c.valid[0].1;
    // The generic view carries no seal and no rules, so only short input and the command byte fail.
    let mut file = VectorFile::new("GenericHeader", None);
    file.header("GenericHeader: the type-erased 256-byte view every frame is first read through.");
    file.header("Only the command byte is checked (UNKNOWN_COMMAND above 34); no seal, no validate.");
    file.group("data", "body");
    for (n, h) in &c.valid {
        let b = bytes_of(h);
        let d: GenericHeader = parse(&b).ok().unwrap();
        file.valid(n, &b, d.json());
    }
    for n in 0..HEADER_SIZE {
        let b = &bytes_of(&base)[..n];
        let e = parse::<GenericHeader>(b).err().unwrap();
        file.invalid(&format!("truncated-at-{n}"), b, parse_error_json(&e), None);
    }
    for v in [35u8, 36, 99, 128, 0xff] {
        let mut b = bytes_of(&base);
        b[60] = v;
        let e = parse::<GenericHeader>(&b).err().unwrap();
        file.invalid(&format!("unknown-command-{v}"), &b, parse_error_json(&e), None);
    }
    file.write(dir, GenericHeader::FILE);
}

fn request_base(op: Operation) -> RequestHeader {
    RequestHeader {
        command: Command::Request,
        size: HS + 3,
        cluster: 0xC1,
        client: 0xCAFE,
        request: 2,
        session: 3,
        operation: op,
        ..Default::default()
    }
}

fn request(dir: &std::path::Path) {
    let mut c = Cases::<RequestHeader>::new();
    c.ok("send-messages", request_base(Operation::SendMessages));
    c.ok("register", RequestHeader { request: 0, session: 0, ..request_base(Operation::Register) });
    c.ok("non-replicated-session-zero", RequestHeader {
        session: 0,
        request: 0,
        reserved: 1u32.to_le_bytes(),
        ..request_base(Operation::NonReplicated)
    });
    c.ok("logout", request_base(Operation::Logout));
    c.ok("create-stream-with-request-checksum", RequestHeader {
        request_checksum: 0xEBCE_9B76_32AE_733B,
        size: HS + 3,
        ..request_base(Operation::CreateStream)
    });
    c.ok("all-fields-max", RequestHeader {
        checksum: U128,
        checksum_body: U128,
        cluster: U128,
        size: u32::MAX,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        client: U128,
        request_checksum: U128,
        timestamp: U64,
        request: U64,
        operation_padding: [0xff; 7],
        session: U64,
        user_id: u32::MAX,
        reserved: [0xff; 4],
        partition_incarnation: U64,
        owner_generation: U64,
        minimum_metadata_op: U64,
        reserved_tail: [0xff; 32],
        ..request_base(Operation::RetireConsumerGroupOwners)
    });
    c.ok("partition-context", RequestHeader {
        partition_incarnation: 0x0102_0304_0506_0708,
        owner_generation: 0x1112_1314_1516_1718,
        minimum_metadata_op: 0x2122_2324_2526_2728,
        user_id: 7,
        timestamp: 1_700_000_000_000_000,
        ..request_base(Operation::StoreConsumerOffset)
    });
    c.ok("varied-1", RequestHeader {
        checksum: 0x1111,
        checksum_body: 0x2222,
        view: 5,
        replica: 2,
        reserved_frame: arr(1),
        operation_padding: arr(2),
        reserved_tail: arr(3),
        ..request_base(Operation::UpdateResource)
    });
    c.ok("delete-consumer-offset", request_base(Operation::DeleteConsumerOffset));
    c.ok("internal-operation", request_base(Operation::TruncatePartition));
    c.bad("client-zero", RequestHeader { client: 0, ..request_base(Operation::SendMessages) });
    c.bad("operation-reserved", request_base(Operation::Reserved));
    c.bad("register-session-nonzero", RequestHeader { request: 0, ..request_base(Operation::Register) });
    c.bad("register-request-nonzero", RequestHeader { session: 0, ..request_base(Operation::Register) });
    c.bad("session-zero", RequestHeader { session: 0, ..request_base(Operation::SendMessages) });
    c.bad("request-zero", RequestHeader { request: 0, ..request_base(Operation::SendMessages) });
    c.bad("client-zero-and-operation-reserved", RequestHeader { client: 0, ..request_base(Operation::Reserved) });
    let base = request_base(Operation::SendMessages);
    for v in [4u8, 63, 69, 76, 127, 129, 131, 133, 135, 142, 151, 159, 163, 164, 165, 170, 255] {
        c.bad_byte(&format!("unknown-operation-{v}"), &base, 176, v);
    }
    c.write(dir, Command::Reply);
}

fn routed_request(dir: &std::path::Path) {
    let base = RoutedRequestHeader {
        command: Command::Request,
        size: HS,
        client: 0xCAFE,
        request: 1,
        session: 10,
        operation: Operation::SendMessages,
        group: 7,
        ..Default::default()
    };
    let mut c = Cases::<RoutedRequestHeader>::new();
    c.ok("send-messages", base);
    c.ok("metadata-group", RoutedRequestHeader {
        group: 1 << 63,
        metadata_watermark: 99,
        operation: Operation::CreateTopic,
        ..base
    });
    c.ok("register", RoutedRequestHeader { operation: Operation::Register, session: 0, request: 0, ..base });
    c.ok("non-replicated", RoutedRequestHeader {
        operation: Operation::NonReplicated,
        session: 0,
        request: 0,
        reserved: 105u32.to_le_bytes(),
        ..base
    });
    c.ok("max", RoutedRequestHeader {
        checksum: U128,
        checksum_body: U128,
        cluster: U128,
        client: U128,
        request_checksum: U128,
        timestamp: U64,
        request: U64,
        session: U64,
        user_id: u32::MAX,
        partition_incarnation: U64,
        owner_generation: U64,
        minimum_metadata_op: U64,
        reserved_tail: [0xff; 16],
        metadata_watermark: U64,
        group: U64,
        reserved_frame: [0xff; 66],
        operation_padding: [0xff; 7],
        reserved: [0xff; 4],
        ..base
    });
    c.ok("varied", RoutedRequestHeader {
        view: 3,
        replica: 1,
        partition_incarnation: 12,
        owner_generation: 13,
        minimum_metadata_op: 14,
        reserved_tail: arr(5),
        ..base
    });
    c.bad("client-zero", RoutedRequestHeader { client: 0, ..base });
    c.bad("operation-reserved", RoutedRequestHeader { operation: Operation::Reserved, ..base });
    c.bad("register-session-nonzero", RoutedRequestHeader { operation: Operation::Register, request: 0, ..base });
    c.bad("session-zero", RoutedRequestHeader { session: 0, ..base });
    c.bad("request-zero", RoutedRequestHeader { request: 0, ..base });
    c.bad_byte("unknown-operation-69", &base, 176, 69);
    c.bad_byte("unknown-operation-200", &base, 176, 200);
    c.write(dir, Command::Prepare);
}

fn reply(dir: &std::path::Path) {
    let prepare = PrepareHeader {
        cluster: 3,
        view: 5,
        release: 6,
        replica: 7,
        client: 9,
        request_checksum: 11,
        op: 12,
        commit: 10,
        timestamp: 14,
        request: 15,
        operation: Operation::CreateStream,
        partition_incarnation: 19,
        command: Command::Prepare,
        ..Default::default()
    };
    let mut c = Cases::<ReplyHeader>::new();
    c.ok("from-prepare", ReplyHeader::from_prepare(&prepare, HS + 4));
    let mut cleared = ReplyHeader::from_prepare(&prepare, HS + 4);
    cleared.clear_committed_result();
    c.ok("from-prepare-cleared", cleared);
    c.ok("status-nonzero", ReplyHeader { command: Command::Reply, status: 1009, size: HS, ..ReplyHeader::default() });
    c.ok("minimal", ReplyHeader { command: Command::Reply, ..ReplyHeader::default() });
    c.ok("max", ReplyHeader {
        checksum: U128,
        checksum_body: U128,
        cluster: U128,
        size: u32::MAX,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        request_checksum: U128,
        context: U128,
        client: U128,
        op: U64,
        commit: U64,
        timestamp: U64,
        request: U64,
        operation: Operation::RetireConsumerGroupOwners,
        operation_padding: [0xff; 7],
        status: u32::MAX,
        reserved: [0xff; 4],
        partition_incarnation: U64,
        reserved_tail: [0xff; 24],
        command: Command::Reply,
    });
    c.ok("varied", ReplyHeader {
        command: Command::Reply,
        context: 0x1234_5678_9abc_def0_0fed_cba9_8765_4321,
        operation: Operation::SendMessages,
        reserved_frame: arr(4),
        operation_padding: arr(5),
        reserved_tail: arr(6),
        ..ReplyHeader::from_prepare(&prepare, HS + 40)
    });
    c.ok("operation-reserved-allowed", ReplyHeader { command: Command::Reply, operation: Operation::Reserved, client: 1, ..ReplyHeader::default() });
    let base = c.valid[0].1;
    c.bad_byte("unknown-operation-69", &base, 208, 69);
    c.bad_byte("unknown-operation-255", &base, 208, 255);
    c.write(dir, Command::Request);
}

fn eviction(dir: &std::path::Path) {
    let mut c = Cases::<EvictionHeader>::new();
    c.ok("no-session", EvictionHeader::new(7, 3, 1, 0xCAFE, EvictionReason::NoSession));
    c.ok("incompatible-protocol", EvictionHeader::incompatible_protocol(0, 0, 0, 0xCAFE, 2, 1));
    c.ok("incompatible-protocol-equal", EvictionHeader::incompatible_protocol(U128, u32::MAX, 31, U128, 7, 7));
    let reasons = [
        EvictionReason::NoSession,
        EvictionReason::ClientReleaseTooLow,
        EvictionReason::ClientReleaseTooHigh,
        EvictionReason::InvalidRequestOperation,
        EvictionReason::InvalidRequestBody,
        EvictionReason::InvalidRequestBodySize,
        EvictionReason::SessionTooLow,
        EvictionReason::SessionReleaseMismatch,
        EvictionReason::InvalidCredentials,
        EvictionReason::InvalidToken,
        EvictionReason::UserInactive,
        EvictionReason::SessionError,
        EvictionReason::StaleClient,
        EvictionReason::MalformedLogin,
    ];
    for (i, r) in reasons.iter().enumerate() {
        let mut h = EvictionHeader::new(i as u128, i as u32, 0, 0xC0DE + i as u128, EvictionReason::NoSession);
        h.reason = *r;
        h.checksum = i as u128;
        h.checksum_body = 0xB0D1;
        h.release = i as u32;
        c.ok(&format!("reason-{}", lower_camel(&format!("{r:?}"))), h);
    }
    let base = EvictionHeader::new(7, 3, 1, 0xCAFE, EvictionReason::NoSession);
    c.bad("size-not-256", EvictionHeader { size: HS + 1, ..base });
    c.bad("client-zero", EvictionHeader { client: 0, ..base });
    let mut h = base;
    h.reserved_frame[65] = 1;
    c.bad("reserved-frame-nonzero", h);
    let mut h = base;
    h.reserved[102] = 1;
    c.bad("reserved-nonzero", h);
    c.bad("reason-reserved", EvictionHeader { reason: EvictionReason::Reserved, ..base });
    c.bad("incompatible-min-zero", EvictionHeader::incompatible_protocol(0, 0, 0, 0xCAFE, 2, 0));
    c.bad("incompatible-min-above-max", EvictionHeader::incompatible_protocol(0, 0, 0, 0xCAFE, 1, 2));
    c.bad("window-on-other-reason", EvictionHeader { server_protocol_version: 1, ..base });
    c.bad("window-min-on-other-reason", EvictionHeader { server_protocol_version_min: 1, ..base });
    c.bad("size-and-client-wrong", EvictionHeader { size: 0, client: 0, ..base });
    c.bad_byte("unknown-reason-16", &base, 255, 16);
    c.bad_byte("unknown-reason-255", &base, 255, 255);
    c.write(dir, Command::Reply);
}

fn prepare_base() -> PrepareHeader {
    PrepareHeader {
        command: Command::Prepare,
        size: HS + 100,
        view: 42,
        cluster: 0xC1,
        client: 0xCAFE,
        parent: 0xDEAD_BEEF,
        op: 7,
        commit: 6,
        request: 3,
        session: 11,
        operation: Operation::CreateStream,
        group: 1 << 63,
        ..Default::default()
    }
}

fn prepare_cases<H: HeaderJson + Copy>(c: &mut Cases<H>, wrap: impl Fn(PrepareHeader) -> H) {
    let base = prepare_base();
    c.ok("metadata-op", wrap(base));
    c.ok("first-op-parent-zero", wrap(PrepareHeader { op: 1, parent: 0, commit: 0, ..base }));
    c.ok("partition-send", wrap(PrepareHeader {
        operation: Operation::SendMessages,
        group: 0x0000_0001_0020_0003,
        checksum_body: 0,
        partition_incarnation: 5,
        retry_capacity: 64,
        user_id: 9,
        ..base
    }));
    c.ok("max", wrap(PrepareHeader {
        checksum_body: U128,
        cluster: U128,
        size: u32::MAX,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        client: U128,
        parent: U128,
        request_checksum: U128,
        op: U64,
        commit: U64,
        timestamp: U64,
        request: U64,
        operation: Operation::RetireConsumerGroupOwners,
        operation_padding: [0xff; 7],
        group: U64,
        user_id: u32::MAX,
        retry_capacity: u32::MAX,
        partition_incarnation: U64,
        session: U64,
        ..base
    }));
    c.ok("zero", wrap(PrepareHeader { command: Command::Prepare, ..Default::default() }));
    c.ok("register", wrap(PrepareHeader { operation: Operation::Register, session: 0, ..base }));
    c.ok("varied", wrap(PrepareHeader {
        view: 0,
        timestamp: 1_700_000_000_000_000,
        request_checksum: 0x55,
        operation_padding: arr(8),
        ..base
    }));
    // The identity excludes `view`: the same prepare re-stamped in another view keeps it.
    let mut h = stamp(wrap(base));
    let mut b = bytes_of(&h);
    b[52..56].copy_from_slice(&99u32.to_le_bytes());
    h = *try_from_bytes::<H>(&aligned(&b).0).unwrap();
    c.ok_raw("restamped-view-keeps-identity", h);
    // Not sealed: the typed parse does not check the identity, so any checksum passes.
    let mut h = wrap(base);
    h.set_checksum(0x1234);
    c.ok_raw("checksum-not-verified", h);
    let mut h = wrap(base);
    h.set_checksum(CHECKSUM_UNSEALED);
    c.ok_raw("checksum-unsealed", h);
    let mut p = base;
    p.reserved_frame[0] = 1;
    c.bad("reserved-frame-nonzero", wrap(p));
    let mut p = base;
    p.reserved[7] = 1;
    c.bad("reserved-nonzero", wrap(p));
    let base_h = wrap(base);
    for v in [4u8, 69, 129, 163, 170, 255] {
        c.bad_byte(&format!("unknown-operation-{v}"), &base_h, 208, v);
    }
}

fn prepare(dir: &std::path::Path) {
    let mut c = Cases::<PrepareHeader>::new();
    prepare_cases(&mut c, |p| p);
    c.write(dir, Command::RepairPrepare);
}

fn repair_prepare(dir: &std::path::Path) {
    let mut c = Cases::<RepairPrepareHeader>::new();
    prepare_cases(&mut c, |p| RepairPrepareHeader(PrepareHeader { command: Command::RepairPrepare, ..p }));
    c.write(dir, Command::Prepare);
}

fn prepare_ok(dir: &std::path::Path) {
    let base = PrepareOkHeader {
        command: Command::PrepareOk,
        size: HS,
        cluster: 0xC1,
        view: 4,
        replica: 2,
        parent: 0xAA,
        prepare_checksum: 0xBB,
        op: 8,
        commit: 7,
        timestamp: 1000,
        request: 5,
        operation: Operation::SendMessages,
        group: 33,
        ..Default::default()
    };
    let mut c = Cases::<PrepareOkHeader>::new();
    c.ok("typical", base);
    c.ok("zero", PrepareOkHeader { command: Command::PrepareOk, ..Default::default() });
    c.ok("max", PrepareOkHeader {
        checksum_body: U128,
        cluster: U128,
        size: u32::MAX,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        parent: U128,
        prepare_checksum: U128,
        op: U64,
        commit: U64,
        timestamp: U64,
        request: U64,
        operation: Operation::DeleteConsumerOffset,
        operation_padding: [0xff; 7],
        group: U64,
        reserved: [0xff; 48],
        ..base
    });
    c.ok("register", PrepareOkHeader { operation: Operation::Register, ..base });
    c.ok("varied", PrepareOkHeader { reserved: arr(7), reserved_frame: arr(8), ..base });
    c.bad_byte("unknown-operation-69", &base, 192, 69);
    c.bad_byte("unknown-operation-255", &base, 192, 255);
    c.write(dir, Command::Prepare);
}

fn commit(dir: &std::path::Path) {
    let base = CommitHeader {
        checksum: 0,
        checksum_body: 0,
        cluster: 0xC1,
        size: HS,
        view: 9,
        release: 0,
        command: Command::Commit,
        replica: 1,
        reserved_frame: [0; 66],
        commit_checksum: 0xFACE,
        timestamp_monotonic: 123_456_789,
        commit: 77,
        checkpoint_op: 64,
        group: 1 << 63,
        partition_incarnation: 0,
        reserved: [0; 72],
    };
    let mut c = Cases::<CommitHeader>::new();
    c.ok("typical", base);
    c.ok("zero-fields", zeroed::<CommitHeader>(Command::Commit, HS));
    c.ok("max", CommitHeader {
        checksum_body: U128,
        cluster: U128,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        commit_checksum: U128,
        timestamp_monotonic: U64,
        commit: U64,
        checkpoint_op: U64,
        group: U64,
        partition_incarnation: U64,
        reserved: [0xff; 72],
        ..base
    });
    c.ok("partition", CommitHeader { group: 0x0000_0001_0020_0003, partition_incarnation: 0x0123_4567_89AB_CDEF, ..base });
    c.ok("varied", CommitHeader { reserved: arr(2), ..base });
    c.bad("size-not-256", CommitHeader { size: HS + 1, ..base });
    c.bad("size-zero", CommitHeader { size: 0, ..base });
    c.write(dir, Command::Prepare);
}

fn start_view_change(dir: &std::path::Path) {
    let base = StartViewChangeHeader { view: 7, group: 9, ..zeroed(Command::StartViewChange, HS) };
    let mut c = Cases::<StartViewChangeHeader>::new();
    c.ok("typical", base);
    c.ok("zero-fields", zeroed(Command::StartViewChange, HS));
    c.ok("max", StartViewChangeHeader {
        checksum_body: U128,
        cluster: U128,
        size: u32::MAX,
        view: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        group: U64,
        partition_incarnation: U64,
        reserved: [0xff; 112],
        ..base
    });
    c.ok("incarnation", StartViewChangeHeader { partition_incarnation: 0x0123_4567_89AB_CDEF, ..base });
    c.bad("release-nonzero", StartViewChangeHeader { release: 1, ..base });
    c.write(dir, Command::DoViewChange);
}

fn dvc_base() -> DoViewChangeHeader {
    DoViewChangeHeader {
        view: 7,
        log_view: 5,
        op: 42,
        commit: 40,
        group: 9,
        partition_incarnation: 0x0123_4567_89AB_CDEF,
        ..zeroed(Command::DoViewChange, HS)
    }
}

fn do_view_change(dir: &std::path::Path) {
    let base = dvc_base();
    let mut c = Cases::<DoViewChangeHeader>::new();
    c.ok("empty-suffix", base);
    c.ok("untrusted-log", DoViewChangeHeader { flags: DoViewChangeHeader::FLAG_UNTRUSTED_LOG, ..base });
    c.ok("suffix-3-bitsets", DoViewChangeHeader {
        size: HS * 4,
        nack_bitset: 0b101,
        present_bitset: 0b111,
        ..base
    });
    c.ok("suffix-max", DoViewChangeHeader {
        size: size(HEADER_SIZE * (DVC_HEADERS_MAX + 1)),
        nack_bitset: U128,
        present_bitset: U128,
        ..base
    });
    c.ok("suffix-127", DoViewChangeHeader {
        size: size(HEADER_SIZE * 128),
        nack_bitset: (1u128 << 127) - 1,
        present_bitset: 1u128 << 126,
        ..base
    });
    c.ok("log-view-equals-view-commit-equals-op", DoViewChangeHeader { log_view: 7, commit: 42, ..base });
    c.ok("max", DoViewChangeHeader {
        checksum_body: U128,
        cluster: U128,
        view: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        op: U64,
        commit: U64,
        group: U64,
        log_view: u32::MAX,
        reserved: [0xff; 59],
        partition_incarnation: U64,
        ..base
    });
    c.bad("release-nonzero", DoViewChangeHeader { release: 1, ..base });
    c.bad("log-view-above-view", DoViewChangeHeader { log_view: 8, ..base });
    c.bad("commit-above-op", DoViewChangeHeader { commit: 43, ..base });
    c.bad("unknown-flag-2", DoViewChangeHeader { flags: 2, ..base });
    c.bad("unknown-flag-ff", DoViewChangeHeader { flags: 0xff, ..base });
    c.bad("size-below-header", DoViewChangeHeader { size: HS - 1, ..base });
    c.bad("size-zero", DoViewChangeHeader { size: 0, ..base });
    c.bad("body-not-whole-headers", DoViewChangeHeader { size: HS * 2 + 1, ..base });
    c.bad("suffix-over-max", DoViewChangeHeader { size: size(HEADER_SIZE * (DVC_HEADERS_MAX + 2)), ..base });
    c.bad("nack-past-suffix", DoViewChangeHeader { size: HS * 3, nack_bitset: 0b100, ..base });
    c.bad("present-past-suffix", DoViewChangeHeader { size: HS * 3, present_bitset: 1u128 << 127, ..base });
    c.bad("bitset-on-empty-suffix", DoViewChangeHeader { nack_bitset: 1, ..base });
    c.bad("release-and-log-view", DoViewChangeHeader { release: 2, log_view: 99, ..base });
    let mut h = stamp(DoViewChangeHeader { commit: 50, ..base });
    h.view = 1;
    c.bad_raw("seal-checked-before-rules", h);
    c.write(dir, Command::StartView);
}

fn start_view(dir: &std::path::Path) {
    let base = StartViewHeader { view: 8, op: 42, commit: 40, group: 9, ..zeroed(Command::StartView, HS) };
    let mut c = Cases::<StartViewHeader>::new();
    c.ok("numbers-only", base);
    c.ok("suffix-2-incarnation", StartViewHeader { size: HS * 3, incarnation: 0xABCDEF, ..base });
    c.ok("suffix-max", StartViewHeader { size: size(HEADER_SIZE * (DVC_HEADERS_MAX + 1)), ..base });
    c.ok("max", StartViewHeader {
        checksum_body: U128,
        cluster: U128,
        view: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        op: U64,
        commit: U64,
        group: U64,
        partition_incarnation: U64,
        reserved: [0xff; 80],
        incarnation: U128,
        ..base
    });
    c.ok("commit-equals-op", StartViewHeader { commit: 42, partition_incarnation: 5, ..base });
    c.bad("release-nonzero", StartViewHeader { release: 1, ..base });
    c.bad("commit-above-op", StartViewHeader { commit: 43, ..base });
    c.bad("size-below-header", StartViewHeader { size: 100, ..base });
    c.bad("body-not-whole-headers", StartViewHeader { size: HS + 255, ..base });
    c.bad("suffix-over-max", StartViewHeader { size: size(HEADER_SIZE * (DVC_HEADERS_MAX + 2)), ..base });
    c.write(dir, Command::DoViewChange);
}

fn request_start_view(dir: &std::path::Path) {
    let base = RequestStartViewHeader { view: 3, group: 1, incarnation: 77, ..zeroed(Command::RequestStartView, HS) };
    let mut c = Cases::<RequestStartViewHeader>::new();
    c.ok("typical", base);
    c.ok("zero-fields", zeroed(Command::RequestStartView, HS));
    c.ok("max", RequestStartViewHeader {
        checksum_body: U128,
        cluster: U128,
        size: u32::MAX,
        view: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        group: U64,
        partition_incarnation: U64,
        reserved: [0xff; 96],
        incarnation: U128,
        ..base
    });
    c.ok("varied", RequestStartViewHeader { reserved: arr(9), partition_incarnation: 3, ..base });
    c.bad("release-nonzero", RequestStartViewHeader { release: 7, ..base });
    c.write(dir, Command::StartView);
}

fn request_prepares(dir: &std::path::Path) {
    let base = RequestPreparesHeader { nonce: 5, from_op: 10, to_op: 20, group: 3, ..zeroed(Command::RequestPrepares, HS) };
    let mut c = Cases::<RequestPreparesHeader>::new();
    c.ok("typical", base);
    c.ok("single-op", RequestPreparesHeader { from_op: 1, to_op: 1, ..base });
    c.ok("max", RequestPreparesHeader {
        checksum_body: U128,
        cluster: U128,
        size: u32::MAX,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        nonce: U128,
        from_op: U64,
        to_op: U64,
        group: U64,
        partition_incarnation: U64,
        reserved: [0xff; 80],
        ..base
    });
    c.ok("full-range", RequestPreparesHeader { from_op: 1, to_op: U64, ..base });
    c.bad("from-zero", RequestPreparesHeader { from_op: 0, ..base });
    c.bad("from-above-to", RequestPreparesHeader { from_op: 21, ..base });
    c.write(dir, Command::RepairPrepare);
}

fn repair_range_reply(dir: &std::path::Path) {
    let base = RepairRangeReplyHeader { nonce: 5, op: 20, group: 3, ..zeroed(Command::RepairDone, HS) };
    let mut c = Cases::<RepairRangeReplyHeader>::new();
    c.ok("repair-done", base);
    c.ok("range-evicted", RepairRangeReplyHeader { command: Command::RangeEvicted, op: 100, ..base });
    c.ok("max", RepairRangeReplyHeader {
        checksum_body: U128,
        cluster: U128,
        size: u32::MAX,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        nonce: U128,
        op: U64,
        group: U64,
        partition_incarnation: U64,
        reserved: [0xff; 88],
        ..base
    });
    c.ok("zero-fields", zeroed(Command::RangeEvicted, 0));
    c.write(dir, Command::RequestPrepares);
}

fn request_state_transfer(dir: &std::path::Path) {
    let base = RequestStateTransferHeader { nonce: 0xAB, group: 1 << 63, ..zeroed(Command::RequestStateTransfer, HS) };
    let mut c = Cases::<RequestStateTransferHeader>::new();
    c.ok("typical", base);
    c.ok("zero-fields", zeroed(Command::RequestStateTransfer, HS));
    c.ok("max", RequestStateTransferHeader {
        checksum_body: U128,
        cluster: U128,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        nonce: U128,
        group: U64,
        partition_incarnation: U64,
        reserved: [0xff; 96],
        ..base
    });
    c.bad("size-not-256", RequestStateTransferHeader { size: HS + 16, ..base });
    c.bad("size-zero", RequestStateTransferHeader { size: 0, ..base });
    c.write(dir, Command::StateTransferTarget);
}

fn state_transfer_target(dir: &std::path::Path) {
    let base = StateTransferTargetHeader {
        nonce: 0xAB,
        commit_op: 100,
        group: 7,
        available: 1,
        commit_max: 120,
        size: HS + 64,
        ..zeroed(Command::StateTransferTarget, HS)
    };
    let mut c = Cases::<StateTransferTargetHeader>::new();
    c.ok("available-offer", base);
    c.ok("unavailable", StateTransferTargetHeader { available: 0, size: HS, ..base });
    c.ok("unavailable-transient", StateTransferTargetHeader { available: 0, unavailable_transient: 1, size: HS, ..base });
    c.ok("available-header-only", StateTransferTargetHeader { size: HS, ..base });
    c.ok("max", StateTransferTargetHeader {
        checksum_body: U128,
        cluster: U128,
        size: u32::MAX,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        nonce: U128,
        commit_op: U64,
        group: U64,
        reserved_alignment: [0xff; 6],
        commit_max: U64,
        partition_incarnation: U64,
        reserved: [0xff; 72],
        ..base
    });
    c.bad("available-2", StateTransferTargetHeader { available: 2, ..base });
    c.bad("transient-2", StateTransferTargetHeader { unavailable_transient: 2, ..base });
    c.bad("transient-on-offer", StateTransferTargetHeader { unavailable_transient: 1, ..base });
    c.bad("unavailable-with-body", StateTransferTargetHeader { available: 0, ..base });
    c.bad("available-and-transient-2", StateTransferTargetHeader { available: 2, unavailable_transient: 2, ..base });
    c.write(dir, Command::StateChunk);
}

fn request_state_chunk(dir: &std::path::Path) {
    let base = RequestStateChunkHeader { nonce: 3, offset: 4096, group: 2, len: 65536, artifact: 1, ..zeroed(Command::RequestStateChunk, HS) };
    let mut c = Cases::<RequestStateChunkHeader>::new();
    c.ok("typical", base);
    c.ok("len-1", RequestStateChunkHeader { len: 1, offset: 0, artifact: 0, ..base });
    c.ok("max", RequestStateChunkHeader {
        checksum_body: U128,
        cluster: U128,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        nonce: U128,
        offset: U64,
        group: U64,
        len: u32::MAX,
        artifact: u32::MAX,
        partition_incarnation: U64,
        reserved: [0xff; 80],
        ..base
    });
    c.bad("len-zero", RequestStateChunkHeader { len: 0, ..base });
    c.bad("size-not-256", RequestStateChunkHeader { size: HS + 1, ..base });
    c.bad("len-zero-and-size", RequestStateChunkHeader { len: 0, size: 1, ..base });
    c.write(dir, Command::StateChunk);
}

fn state_chunk(dir: &std::path::Path) {
    let base = StateChunkHeader { nonce: 3, offset: 4096, group: 2, artifact: 1, size: HS + 4096, ..zeroed(Command::StateChunk, HS) };
    let mut c = Cases::<StateChunkHeader>::new();
    c.ok("typical", base);
    c.ok("empty-chunk", StateChunkHeader { size: HS, ..base });
    c.ok("max", StateChunkHeader {
        checksum_body: U128,
        cluster: U128,
        size: u32::MAX,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        nonce: U128,
        offset: U64,
        group: U64,
        artifact: u32::MAX,
        reserved: [0xff; 84],
        partition_incarnation: U64,
        ..base
    });
    c.bad("size-below-header", StateChunkHeader { size: HS - 1, ..base });
    c.bad("size-zero", StateChunkHeader { size: 0, ..base });
    c.write(dir, Command::StateTransferTarget);
}

const REGISTER_FRAME: u32 = HS + 40;

fn forward_register(dir: &std::path::Path) {
    let base = ForwardRegisterHeader { client: 0xCAFE, nonce: 0xF00D, user_id: 41, cluster: 7, view: 3, replica: 2, ..zeroed(Command::ForwardRegister, REGISTER_FRAME) };
    let mut c = Cases::<ForwardRegisterHeader>::new();
    c.ok("typical", base);
    c.ok("max", ForwardRegisterHeader {
        checksum_body: U128,
        cluster: U128,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        client: U128,
        nonce: U128,
        user_id: u32::MAX,
        ..base
    });
    c.ok("user-zero", ForwardRegisterHeader { user_id: 0, client: 1, nonce: 1, ..base });
    c.bad("size-header-only", ForwardRegisterHeader { size: HS, ..base });
    c.bad("size-512", ForwardRegisterHeader { size: 512, ..base });
    c.bad("client-zero", ForwardRegisterHeader { client: 0, ..base });
    c.bad("nonce-zero", ForwardRegisterHeader { nonce: 0, ..base });
    let mut h = base;
    h.reserved[91] = 1;
    c.bad("reserved-nonzero", h);
    c.write(dir, Command::ForwardRegisterResult);
}

fn forward_register_result(dir: &std::path::Path) {
    let base = ForwardRegisterResultHeader { nonce: 0xF00D, client: 0xCAFE, epoch: 91, watermark: 12, ..zeroed(Command::ForwardRegisterResult, HS) };
    let mut c = Cases::<ForwardRegisterResultHeader>::new();
    c.ok("ok", base);
    for o in [
        ForwardRegisterOutcome::NotPrimary,
        ForwardRegisterOutcome::NotCaughtUp,
        ForwardRegisterOutcome::PipelineFull,
        ForwardRegisterOutcome::InProgress,
        ForwardRegisterOutcome::Canceled,
        ForwardRegisterOutcome::ClientIdOwnedByAnotherUser,
        ForwardRegisterOutcome::Unauthenticated,
    ] {
        c.ok(&format!("outcome-{}", lower_camel(&format!("{o:?}"))), ForwardRegisterResultHeader { outcome: o, epoch: 0, watermark: 0, ..base });
    }
    c.ok("max", ForwardRegisterResultHeader {
        checksum_body: U128,
        cluster: U128,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        nonce: U128,
        client: U128,
        epoch: U64,
        watermark: U64,
        ..base
    });
    c.bad("size-not-256", ForwardRegisterResultHeader { size: REGISTER_FRAME, ..base });
    c.bad("client-zero", ForwardRegisterResultHeader { client: 0, ..base });
    c.bad("nonce-zero", ForwardRegisterResultHeader { nonce: 0, ..base });
    let mut h = base;
    h.reserved[0] = 1;
    c.bad("reserved-nonzero", h);
    c.bad("failure-with-epoch", ForwardRegisterResultHeader { outcome: ForwardRegisterOutcome::NotPrimary, watermark: 0, ..base });
    c.bad("failure-with-watermark", ForwardRegisterResultHeader { outcome: ForwardRegisterOutcome::Canceled, epoch: 0, ..base });
    c.bad_byte("unknown-outcome-8", &base, 255, 8);
    c.bad_byte("unknown-outcome-255", &base, 255, 255);
    c.write(dir, Command::ForwardRegister);
}

fn forward_logout(dir: &std::path::Path) {
    let base = ForwardLogoutHeader { client: 0xCAFE, nonce: 0xF00D, session: 91, request: 12, cluster: 7, view: 3, replica: 2, ..zeroed(Command::ForwardLogout, HS) };
    let mut c = Cases::<ForwardLogoutHeader>::new();
    c.ok("typical", base);
    c.ok("max", ForwardLogoutHeader {
        checksum_body: U128,
        cluster: U128,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        client: U128,
        nonce: U128,
        session: U64,
        request: U64,
        ..base
    });
    c.bad("size-not-256", ForwardLogoutHeader { size: HS * 2, ..base });
    c.bad("client-zero", ForwardLogoutHeader { client: 0, ..base });
    c.bad("nonce-zero", ForwardLogoutHeader { nonce: 0, ..base });
    let mut h = base;
    h.reserved[40] = 9;
    c.bad("reserved-nonzero", h);
    c.bad("session-zero", ForwardLogoutHeader { session: 0, ..base });
    c.bad("request-zero", ForwardLogoutHeader { request: 0, ..base });
    c.bad("session-and-request-zero", ForwardLogoutHeader { session: 0, request: 0, ..base });
    c.write(dir, Command::ForwardLogoutResult);
}

fn forward_logout_result(dir: &std::path::Path) {
    let base = ForwardLogoutResultHeader { nonce: 0xF00D, client: 0xCAFE, commit: 92, ..zeroed(Command::ForwardLogoutResult, HS) };
    let mut c = Cases::<ForwardLogoutResultHeader>::new();
    c.ok("ok", base);
    c.ok("ok-commit-zero", ForwardLogoutResultHeader { commit: 0, ..base });
    for o in [
        ForwardLogoutOutcome::NotPrimary,
        ForwardLogoutOutcome::PipelineFull,
        ForwardLogoutOutcome::InProgress,
        ForwardLogoutOutcome::Canceled,
        ForwardLogoutOutcome::RequestTooOld,
        ForwardLogoutOutcome::OperationMismatch,
    ] {
        c.ok(&format!("outcome-{}", lower_camel(&format!("{o:?}"))), ForwardLogoutResultHeader { outcome: o, commit: 0, ..base });
    }
    c.ok("max", ForwardLogoutResultHeader {
        checksum_body: U128,
        cluster: U128,
        view: u32::MAX,
        release: u32::MAX,
        replica: 255,
        reserved_frame: [0xff; 66],
        nonce: U128,
        client: U128,
        commit: U64,
        ..base
    });
    c.bad("size-not-256", ForwardLogoutResultHeader { size: 0, ..base });
    c.bad("client-zero", ForwardLogoutResultHeader { client: 0, ..base });
    c.bad("nonce-zero", ForwardLogoutResultHeader { nonce: 0, ..base });
    let mut h = base;
    h.reserved[86] = 1;
    c.bad("reserved-nonzero", h);
    c.bad("failure-with-commit", ForwardLogoutResultHeader { outcome: ForwardLogoutOutcome::InProgress, ..base });
    c.bad_byte("unknown-outcome-7", &base, 255, 7);
    c.bad_byte("unknown-outcome-128", &base, 255, 128);
    c.write(dir, Command::ForwardLogout);
}

const REVOCATION_BODY: usize = 80;

fn forward_completion(dir: &std::path::Path) {
    let lifecycle = |n: usize| size(HEADER_SIZE + LIFECYCLE_BATCH_HEADER_SIZE + n * LIFECYCLE_COMPLETION_SIZE);
    let base = ForwardCompletionHeader {
        checksum_body: 0xB0D7,
        cluster: 7,
        view: 3,
        replica: 2,
        reporter: 5,
        operation: Operation::CompleteLifecycle,
        ..zeroed(Command::ForwardCompletion, lifecycle(1))
    };
    let revocation = ForwardCompletionHeader {
        reporter: 0,
        operation: Operation::CompleteConsumerGroupRevocation,
        size: size(HEADER_SIZE + REVOCATION_BODY),
        ..base
    };
    let mut c = Cases::<ForwardCompletionHeader>::new();
    c.ok("lifecycle-1", base);
    c.ok("lifecycle-max", ForwardCompletionHeader { size: lifecycle(LIFECYCLE_COMPLETIONS_MAX), reporter: u16::MAX, ..base });
    c.ok("lifecycle-2", ForwardCompletionHeader { size: lifecycle(2), reporter: 0, ..base });
    c.ok("revocation", revocation);
    c.ok("max", ForwardCompletionHeader { checksum_body: U128, cluster: U128, view: u32::MAX, replica: 255, ..base });
    c.bad("operation-reserved", ForwardCompletionHeader { operation: Operation::Reserved, ..base });
    c.bad("operation-truncate-partition", ForwardCompletionHeader { operation: Operation::TruncatePartition, ..base });
    c.bad("operation-delete-topic", ForwardCompletionHeader { operation: Operation::DeleteTopic, ..base });
    c.bad("lifecycle-zero-completions", ForwardCompletionHeader { size: lifecycle(0), ..base });
    c.bad("lifecycle-partial-completion", ForwardCompletionHeader { size: lifecycle(1) + 1, ..base });
    c.bad("lifecycle-over-max", ForwardCompletionHeader { size: lifecycle(LIFECYCLE_COMPLETIONS_MAX + 1), ..base });
    c.bad("lifecycle-header-only", ForwardCompletionHeader { size: HS, ..base });
    c.bad("lifecycle-size-below-header", ForwardCompletionHeader { size: 10, ..base });
    c.bad("revocation-short", ForwardCompletionHeader { size: size(HEADER_SIZE + REVOCATION_BODY - 1), ..revocation });
    c.bad("revocation-long", ForwardCompletionHeader { size: size(HEADER_SIZE + REVOCATION_BODY + 1), ..revocation });
    c.bad("revocation-with-reporter", ForwardCompletionHeader { reporter: 5, ..revocation });
    c.bad("release-nonzero", ForwardCompletionHeader { release: 1, ..base });
    let mut h = base;
    h.reserved_frame[0] = 1;
    c.bad("reserved-frame-nonzero", h);
    let mut h = base;
    h.reserved[124] = 1;
    c.bad("reserved-nonzero", h);
    c.bad("release-and-reporter", ForwardCompletionHeader { release: 1, reporter: 5, ..revocation });
    c.bad_byte("unknown-operation-69", &base, 130, 69);
    c.bad_byte("unknown-operation-255", &base, 130, 255);
    c.write(dir, Command::ForwardLogout);
}

fn consumer_session_heartbeat(dir: &std::path::Path) {
    let sessions = |n: usize| size(HEADER_SIZE + n * 24);
    let base = ConsumerSessionHeartbeatHeader { cluster: 1, size: sessions(2), ..zeroed(Command::ConsumerSessionHeartbeat, HS) };
    let mut c = Cases::<ConsumerSessionHeartbeatHeader>::new();
    c.ok("two-sessions", base);
    c.ok("no-sessions", ConsumerSessionHeartbeatHeader { size: HS, ..base });
    c.ok("max-sessions", ConsumerSessionHeartbeatHeader { size: sessions(MAX_CONSUMER_SESSIONS_PER_HEARTBEAT), ..base });
    c.ok("incomplete", ConsumerSessionHeartbeatHeader { incomplete: 1, ..base });
    c.ok("retirement-progress", ConsumerSessionHeartbeatHeader { command: Command::SessionRetirementProgress, namespace_revision: U64, ..base });
    c.ok("max", ConsumerSessionHeartbeatHeader { checksum_body: U128, cluster: U128, view: u32::MAX, replica: 255, ..base });
    c.bad("size-below-header", ConsumerSessionHeartbeatHeader { size: 0, ..base });
    c.bad("over-limit", ConsumerSessionHeartbeatHeader { size: sessions(MAX_CONSUMER_SESSIONS_PER_HEARTBEAT + 1), ..base });
    c.bad("truncated-session", ConsumerSessionHeartbeatHeader { size: HS + 1, ..base });
    c.bad("incomplete-2", ConsumerSessionHeartbeatHeader { incomplete: 2, ..base });
    c.bad("release-nonzero", ConsumerSessionHeartbeatHeader { release: 1, ..base });
    c.bad("heartbeat-with-revision", ConsumerSessionHeartbeatHeader { namespace_revision: 1, ..base });
    let mut h = base;
    h.reserved[118] = 1;
    c.bad("reserved-nonzero", h);
    let mut h = base;
    h.reserved_frame[3] = 1;
    c.bad("reserved-frame-nonzero", h);
    c.bad("over-limit-and-truncated", ConsumerSessionHeartbeatHeader { size: sessions(MAX_CONSUMER_SESSIONS_PER_HEARTBEAT + 1) + 1, ..base });
    c.write(dir, Command::ForwardCompletion);
}

fn rebalance(kind: PrimaryRebalanceKind) -> PrimaryRebalanceHeader {
    let partition = !matches!(kind, PrimaryRebalanceKind::MetadataProbe | PrimaryRebalanceKind::MetadataReply);
    PrimaryRebalanceHeader {
        cluster: 7,
        view: 11,
        replica: 2,
        nonce: U128,
        namespace: if partition { 17 } else { 0 },
        created_revision: u64::from(partition),
        commit: if partition { 23 } else { 0 },
        quorum_age_ns: PrimaryRebalanceHeader::NO_QUORUM_EVIDENCE,
        partition_view: if partition { 5 } else { 0 },
        kind,
        ready: 0,
        target: u8::from(kind == PrimaryRebalanceKind::PrimaryTransfer),
        ..zeroed(Command::PrimaryRebalance, HS)
    }
}

fn primary_rebalance(dir: &std::path::Path) {
    use PrimaryRebalanceKind::*;
    let mut c = Cases::<PrimaryRebalanceHeader>::new();
    for k in [MetadataProbe, MetadataReply, PartitionProbe, PartitionReply, SourceProbe, SourceReply, PrimaryTransfer] {
        c.ok(&format!("kind-{}", lower_camel(&format!("{k:?}"))), rebalance(k));
    }
    c.ok("metadata-probe-quorum-age", PrimaryRebalanceHeader { quorum_age_ns: 1_000_000, commit: 9, ..rebalance(MetadataProbe) });
    c.ok("partition-reply-ready", PrimaryRebalanceHeader { ready: 1, ..rebalance(PartitionReply) });
    c.ok("source-reply-ready", PrimaryRebalanceHeader { ready: 1, ..rebalance(SourceReply) });
    c.ok("metadata-reply-ready", PrimaryRebalanceHeader { ready: 1, ..rebalance(MetadataReply) });
    c.ok("transfer-max", PrimaryRebalanceHeader { namespace: U64, created_revision: U64, commit: U64, partition_view: u32::MAX, target: 255, nonce: 1, ..rebalance(PrimaryTransfer) });
    let base = rebalance(PartitionProbe);
    c.bad("size-not-256", PrimaryRebalanceHeader { size: HS + 1, ..base });
    c.bad("checksum-body-nonzero", PrimaryRebalanceHeader { checksum_body: 1, ..base });
    c.bad("release-nonzero", PrimaryRebalanceHeader { release: 1, ..base });
    let mut h = base;
    h.reserved_frame[0] = 1;
    c.bad("reserved-frame-nonzero", h);
    let mut h = base;
    h.reserved[72] = 1;
    c.bad("reserved-nonzero", h);
    c.bad("nonce-zero", PrimaryRebalanceHeader { nonce: 0, ..base });
    c.bad("ready-2", PrimaryRebalanceHeader { ready: 2, ..rebalance(PartitionReply) });
    c.bad("probe-ready", PrimaryRebalanceHeader { ready: 1, ..base });
    c.bad("transfer-ready", PrimaryRebalanceHeader { ready: 1, ..rebalance(PrimaryTransfer) });
    c.bad("target-on-probe", PrimaryRebalanceHeader { target: 1, ..base });
    c.bad("quorum-age-on-reply", PrimaryRebalanceHeader { quorum_age_ns: 0, ..rebalance(PartitionReply) });
    c.bad("metadata-reply-commit", PrimaryRebalanceHeader { commit: 1, ..rebalance(MetadataReply) });
    c.bad("metadata-probe-namespace", PrimaryRebalanceHeader { namespace: 1, ..rebalance(MetadataProbe) });
    c.bad("metadata-reply-partition-view", PrimaryRebalanceHeader { partition_view: 1, ..rebalance(MetadataReply) });
    c.bad("metadata-probe-revision", PrimaryRebalanceHeader { created_revision: 1, ..rebalance(MetadataProbe) });
    c.bad("partition-revision-zero", PrimaryRebalanceHeader { created_revision: 0, ..base });
    c.bad("nonce-zero-and-release", PrimaryRebalanceHeader { nonce: 0, release: 1, ..base });
    c.bad_byte("unknown-kind-7", &base, 180, 7);
    c.bad_byte("unknown-kind-255", &base, 180, 255);
    c.write(dir, Command::SegmentDelete);
}

fn segment_delete(dir: &std::path::Path) {
    let base = SegmentDeleteHeader {
        cluster: 7,
        replica: 2,
        nonce: 19,
        namespace: 23,
        created_revision: 31,
        minimum_metadata_op: 41,
        up_to_offset: 0,
        segments_count: 3,
        kind: SegmentDeleteKind::Query,
        ..zeroed(Command::SegmentDelete, HS)
    };
    let mut c = Cases::<SegmentDeleteHeader>::new();
    c.ok("query", base);
    c.ok("resolved", SegmentDeleteHeader { kind: SegmentDeleteKind::Resolved, up_to_offset: 1000, ..base });
    c.ok("retry", SegmentDeleteHeader { kind: SegmentDeleteKind::Retry, ..base });
    c.ok("max", SegmentDeleteHeader {
        cluster: U128,
        view: u32::MAX,
        replica: 255,
        nonce: U128,
        namespace: U64,
        created_revision: U64,
        minimum_metadata_op: U64,
        up_to_offset: U64,
        segments_count: u32::MAX,
        kind: SegmentDeleteKind::Resolved,
        ..base
    });
    c.bad("size-not-256", SegmentDeleteHeader { size: 0, ..base });
    c.bad("checksum-body-nonzero", SegmentDeleteHeader { checksum_body: 1, ..base });
    c.bad("release-nonzero", SegmentDeleteHeader { release: 1, ..base });
    let mut h = base;
    h.reserved[74] = 1;
    c.bad("reserved-nonzero", h);
    c.bad("nonce-zero", SegmentDeleteHeader { nonce: 0, ..base });
    c.bad("revision-zero", SegmentDeleteHeader { created_revision: 0, ..base });
    c.bad("offset-on-query", SegmentDeleteHeader { up_to_offset: 1, ..base });
    c.bad("offset-on-retry", SegmentDeleteHeader { up_to_offset: 1, kind: SegmentDeleteKind::Retry, ..base });
    c.bad_byte("unknown-kind-3", &base, 180, 3);
    c.bad_byte("unknown-kind-255", &base, 180, 255);
    c.write(dir, Command::PrimaryRebalance);
}

/// Every command byte: its name, or UNKNOWN_COMMAND.
fn commands(dir: &std::path::Path) {
    let mut f = VectorFile::new("Command", None);
    // A lone byte judged by the crate's CheckedBitPattern: the layout and the code are the oracle's.
    f.all_oracle_layout();
    f.header("The Command discriminant (header byte 60): every u8, as the crate's CheckedBitPattern judges it.");
    f.group("data", "body");
    for v in 0u8..=255 {
        let mut a = Aligned([0; HEADER_SIZE]);
        a.0[60] = v;
        match try_from_bytes::<GenericHeader>(&a.0) {
            Ok(h) => {
                f.valid(&format!("byte-{v}"), &[v], json!({ "name": name(h.command) }));
            }
            Err(_) => {
                f.invalid(&format!("byte-{v}"), &[v], oracle_code(json!({ "code": "UNKNOWN_COMMAND", "detail": ConsensusError::InvalidBitPattern.to_string() })), None);
            }
        }
    }
    f.write(dir, "consensus_command.json");
}

/// Every operation byte: its name and classification, or UNKNOWN_DISCRIMINANT.
fn operations(dir: &std::path::Path) {
    let mut f = VectorFile::new("Operation", None);
    f.header("The Operation discriminant: every u8, with the crate's classification of known ones.");
    f.group("data", "body");
    for v in 0u8..=255 {
        if !Operation::is_known_code(v) {
            f.invalid(
                &format!("byte-{v}"),
                &[v],
                consensus_error_json(&ConsensusError::UnsupportedOperation { operation: v }),
                None,
            );
            continue;
        }
        let op: Operation = bytemuck::checked::cast(v);
        f.valid(
            &format!("byte-{v}"),
            &[v],
            json!({
                "name": name(op),
                "isInternal": op.is_internal(),
                "isPartitionLifecycle": op.is_partition_lifecycle(),
                "isMetadata": op.is_metadata(),
                "isVsrReserved": op.is_vsr_reserved(),
                "isResultFramed": op.is_result_framed(),
                "isPartition": op.is_partition(),
                "isMetadataPlane": op.is_metadata_plane(),
                "isPlaneRoutable": op.is_plane_routable(),
                "isClientAllowed": op.is_client_allowed(),
                "commandCode": op.to_command_code(),
                "requestOperation": name(op.request_operation()),
            }),
        );
    }
    f.write(dir, "consensus_operation.json");
    // operation_for_code over every code the dispatch table knows, and a few it does not.
    let mut f = VectorFile::new("OperationForCode", None);
    f.header("operation_for_code: the operation a client sends a command code as (u32 LE input).");
    f.group("data", "body");
    let mut codes: Vec<u32> = iggy_binary_protocol::COMMAND_TABLE.iter().map(|m| m.code).collect();
    codes.extend([0u32, 3, 104, 999, u32::MAX]);
    for code in codes {
        let op = operation_for_code(code);
        let from = Operation::from_command_code(code);
        f.valid_decode(
            &format!("code-{code}"),
            &code.to_le_bytes(),
            json!({ "operation": name(op), "fromCommandCode": from.map(name) }),
        );
    }
    f.write(dir, "consensus_operation_for_code.json");
}

/// frame_checksum_bytes, prepare_identity_checksum_bytes, read_size_field and frame_body over
/// arbitrary bytes.
fn frame_checksums(dir: &std::path::Path) {
    let mut f = VectorFile::new("FrameChecksum", None);
    f.header("Byte-level helpers over a frame: value = { frameChecksum, prepareIdentityChecksum, sizeField, frameBody }.");
    f.header("frameChecksum/prepareIdentityChecksum cover the first 256 bytes; frameBody = frame_body(frame, sizeField).");
    f.group("data", "body");
    let mut inputs: Vec<(String, Vec<u8>)> = vec![];
    inputs.push(("zeros".into(), vec![0; HEADER_SIZE]));
    let mut z = vec![0u8; HEADER_SIZE];
    z[48..52].copy_from_slice(&HS.to_le_bytes());
    for cmd in [7u8, 9, 10, 11, 17] {
        let mut b = z.clone();
        b[60] = cmd;
        inputs.push((format!("kat-command-{cmd}"), b));
    }
    let mut b = z.clone();
    b[60] = 6;
    b[128] = 0xfe;
    b[129] = 0xca;
    inputs.push(("kat-prepare-client-cafe".into(), b.clone()));
    b[52] = 7;
    inputs.push(("kat-prepare-client-cafe-view-7".into(), b));
    inputs.push(("ones".into(), vec![0xff; HEADER_SIZE]));
    inputs.push(("pattern".into(), pattern(HEADER_SIZE, 1)));
    for (body, sz) in [(10usize, 266u32), (10, 260), (10, 300), (0, 256), (4, 255), (4, 0)] {
        let mut b = pattern(HEADER_SIZE + body, 7);
        b[48..52].copy_from_slice(&sz.to_le_bytes());
        inputs.push((format!("body-{body}-size-{sz}"), b));
    }
    for (n, b) in inputs {
        let a = aligned(&b);
        let sz = read_size_field(&b).unwrap();
        f.valid_decode(&n, &b, json!({
            "frameChecksum": big(frame_checksum_bytes(&a.0)),
            "prepareIdentityChecksum": big(prepare_identity_checksum_bytes(&a.0)),
            "sizeField": sz,
            "frameBody": hex(frame_body(&b, sz)),
        }));
    }
    for n in [0usize, 51, 100, 255] {
        let b = vec![0u8; n];
        f.invalid(&format!("short-{n}"), &b, oracle_code(error_json(&WireError::UnexpectedEof { offset: 0, need: HEADER_SIZE, have: n })), Some("the checksums take a whole 256-byte header (the crate's functions take a full header; this rejection is the oracle's)"));
    }
    f.write(dir, "consensus_frame_checksum.json");
}

/// result_code / result_section_len over reply bodies, and write_rejection_section.
fn reply_result(dir: &std::path::Path) {
    let mut f = VectorFile::new("ReplyResult", None);
    f.header("The result section leading a result-framed reply body: value = { resultCode, resultSectionLen } (null = malformed).");
    f.group("data", "body");
    let mut bodies: Vec<(String, Vec<u8>)> = vec![
        ("empty".into(), vec![]),
        ("short-3".into(), vec![0, 0, 0]),
        ("success".into(), [&0u32.to_le_bytes()[..], b"payload"].concat()),
        ("success-no-payload".into(), 0u32.to_le_bytes().to_vec()),
        ("count-1-no-entry".into(), 1u32.to_le_bytes().to_vec()),
        ("count-1-result-missing".into(), vec![1, 0, 0, 0, 0, 0, 0, 0]),
        ("count-max".into(), [&u32::MAX.to_le_bytes()[..], &[0u8; 8][..]].concat()),
    ];
    let mut rej = [0u8; REJECTION_SECTION_LEN];
    write_rejection_section(&mut rej, 1009);
    bodies.push(("rejection-1009".into(), rej.to_vec()));
    let mut two = rej.to_vec();
    two[0] = 2;
    bodies.push(("count-2-one-entry".into(), two.clone()));
    two.extend_from_slice(&1u32.to_le_bytes());
    two.extend_from_slice(&1010u32.to_le_bytes());
    bodies.push(("count-2".into(), two.clone()));
    two.extend_from_slice(b"tail");
    bodies.push(("count-2-with-payload".into(), two));
    let mut r = [0u8; REJECTION_SECTION_LEN];
    write_rejection_section(&mut r, u32::MAX);
    bodies.push(("rejection-max".into(), r.to_vec()));
    for (n, b) in bodies {
        f.valid_decode(&n, &b, json!({ "resultCode": result_code(&b), "resultSectionLen": result_section_len(&b) }));
    }
    f.write(dir, "consensus_reply_result.json");
}

/// The crate's exported consensus constants, as one data vector.
fn constants(dir: &std::path::Path) {
    use iggy_binary_protocol::namespace::*;
    let mut f = VectorFile::new("ConsensusConstants", None);
    f.header("Constants the crate exports for consensus framing (empty input; the value is the table).");
    f.group("data", "body");
    f.valid_decode("constants", &[], json!({
        "HEADER_SIZE": HEADER_SIZE,
        "RESERVED_COMMAND_LEN": RESERVED_COMMAND_LEN,
        "SIZE_FIELD_OFFSET": SIZE_FIELD_OFFSET,
        "DVC_HEADERS_MAX": DVC_HEADERS_MAX,
        "CHECKSUM_UNSEALED": big(CHECKSUM_UNSEALED),
        "REJECTION_SECTION_LEN": REJECTION_SECTION_LEN,
        "RESULT_COUNT_LEN": RESULT_COUNT_LEN,
        "RESULT_ENTRY_LEN": RESULT_ENTRY_LEN,
        "LIFECYCLE_BATCH_HEADER_SIZE": LIFECYCLE_BATCH_HEADER_SIZE,
        "LIFECYCLE_COMPLETION_SIZE": LIFECYCLE_COMPLETION_SIZE,
        "LIFECYCLE_COMPLETIONS_MAX": LIFECYCLE_COMPLETIONS_MAX,
        "MAX_CONSUMER_SESSIONS_PER_HEARTBEAT": MAX_CONSUMER_SESSIONS_PER_HEARTBEAT,
        "CONSUMER_SESSION_ENCODED_SIZE": iggy_binary_protocol::ConsumerSession::ENCODED_SIZE,
        "NO_QUORUM_EVIDENCE": big(PrimaryRebalanceHeader::NO_QUORUM_EVIDENCE),
        "COMMITTED_RESULT": ReplyHeader::COMMITTED_RESULT,
        "FLAG_UNTRUSTED_LOG": DoViewChangeHeader::FLAG_UNTRUSTED_LOG,
        "MAX_STREAMS": MAX_STREAMS,
        "MAX_TOPICS": MAX_TOPICS,
        "MAX_PARTITIONS": MAX_PARTITIONS,
        "STREAM_BITS": STREAM_BITS,
        "TOPIC_BITS": TOPIC_BITS,
        "PARTITION_BITS": PARTITION_BITS,
        "PARTITION_SHIFT": PARTITION_SHIFT,
        "TOPIC_SHIFT": TOPIC_SHIFT,
        "STREAM_SHIFT": STREAM_SHIFT,
        "PARTITION_MASK": big(PARTITION_MASK),
        "TOPIC_MASK": big(TOPIC_MASK),
        "STREAM_MASK": big(STREAM_MASK),
        "PACKED_NAMESPACE_BITS": PACKED_NAMESPACE_BITS,
        "PACKED_NAMESPACE_MAX": big(PACKED_NAMESPACE_MAX),
        "METADATA_GROUP": big(METADATA_GROUP),
        "INTERNAL_START": Operation::INTERNAL_START,
        "METADATA_START": Operation::METADATA_START,
        "PARTITION_START": Operation::PARTITION_START,
    }));
    f.write(dir, "consensus_constants.json");
}
