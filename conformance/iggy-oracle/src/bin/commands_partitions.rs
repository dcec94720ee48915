//! Vectors for the partition and segment commands (`requests/partitions`,
//! `requests/segments`), including the server-internal replicated bodies that have a VSR
//! operation but no command code. Every value is encoded and decoded by the crate.

#[path = "../iggy_cmds/cases.rs"]
mod cases;
#[path = "../iggy_cmds/json.rs"]
mod j;

use cases::*;
use iggy_binary_protocol::codes::*;
use iggy_binary_protocol::requests::partitions::*;
use iggy_binary_protocol::requests::segments::*;
use iggy_binary_protocol::responses::EmptyResponse;
use iggy_binary_protocol::{ConsumerGroupOwner, WireEncode, WireIdentifier};
use iggy_oracle::{VectorFile, out_dir};
use std::path::Path;

fn main() {
    let dir = out_dir();
    create_partitions(&dir);
    delete_partitions(&dir);
    create_partitions_with_assignments(&dir);
    install_owner(&dir);
    retire_owners(&dir);
    transition_history(&dir);
    delete_segments(&dir);
}

fn empty_response(f: &mut VectorFile) {
    f.group("response", "body");
    valid(f, "res.empty", &EmptyResponse, j::empty);
    trailing::<EmptyResponse>(f, "res.empty", &[], j::empty);
}

/// (stream, topic) pairs covering every identifier sample.
fn pairs() -> Vec<(String, WireIdentifier, WireIdentifier)> {
    let ids = idents();
    let mut out = vec![];
    for (i, (n, id)) in ids.iter().enumerate() {
        let (m, other) = &ids[(i + 3) % ids.len()];
        out.push((format!("{n}-{m}"), id.clone(), other.clone()));
    }
    out
}

fn stream_topic_count<T: WireEncode + iggy_binary_protocol::WireDecode>(
    f: &mut VectorFile,
    mk: impl Fn(WireIdentifier, WireIdentifier, u32) -> T,
    json: fn(&T) -> serde_json::Value,
) {
    f.group("request", "body");
    let typical = valid(f, "req.typical", &mk(id_num(1), id_num(2), 3), json);
    valid(f, "req.count-0", &mk(id_num(1), id_num(1), 0), json);
    valid(f, "req.count-max", &mk(id_num(1), id_num(1), u32::MAX), json);
    valid(f, "req.count-1000", &mk(id_str("s"), id_str("t"), 1000), json);
    valid(f, "req.count-1001", &mk(id_str("s"), id_str("t"), 1001), json);
    for (i, (n, s, t)) in pairs().into_iter().enumerate() {
        valid(f, &format!("req.ids-{n}"), &mk(s, t, i as u32 + 1), json);
    }
    for (n, b, c) in bad_idents() {
        let mut x = b.clone();
        x.extend_from_slice(&[1, 4, 1, 0, 0, 0, 1, 0, 0, 0]);
        invalid::<T>(f, &format!("req.stream-{n}"), &x, c);
        let mut y = vec![1, 4, 1, 0, 0, 0];
        y.extend_from_slice(&b);
        y.extend_from_slice(&[1, 0, 0, 0]);
        invalid::<T>(f, &format!("req.topic-{n}"), &y, c);
    }
    truncs::<T>(f, "req.typical", &typical);
    let named = mk(id_str("orders"), id_str(MULTI), 9).to_bytes();
    truncs::<T>(f, "req.named", &named);
    trailing::<T>(f, "req.typical", &typical, json);
}

fn create_partitions(dir: &Path) {
    let mut f = VectorFile::new("CreatePartitions", Some(CREATE_PARTITIONS_CODE));
    f.header("CreatePartitions request and response payloads. The decoder does not bound partitions_count (MAX_PARTITIONS_PER_REQUEST is enforced by the server).");
    stream_topic_count(&mut f, |s, t, c| CreatePartitionsRequest { stream_id: s, topic_id: t, partitions_count: c }, j::create_partitions);
    empty_response(&mut f);
    f.write(dir, "create_partitions.json");
}

fn delete_partitions(dir: &Path) {
    let mut f = VectorFile::new("DeletePartitions", Some(DELETE_PARTITIONS_CODE));
    f.header("DeletePartitions request and response payloads.");
    stream_topic_count(&mut f, |s, t, c| DeletePartitionsRequest { stream_id: s, topic_id: t, partitions_count: c }, j::delete_partitions);
    empty_response(&mut f);
    f.write(dir, "delete_partitions.json");
}

fn assign(p: u32, g: u64, v: u32) -> CreatedPartitionAssignment {
    CreatedPartitionAssignment { partition_id: p, consensus_group_id: g, initial_view: v }
}

fn create_partitions_with_assignments(dir: &Path) {
    let mut f = VectorFile::new("CreatePartitionsWithAssignments", None);
    f.header("CreatePartitionsWithAssignments request payload: the replicated body of CreatePartitions (VSR operation 65); no command code, no response.");
    f.header("[request_len:u32][CreatePartitions request][count:u32][assignment:16]*; count must equal partitions_count; trailing bytes are rejected.");
    f.group("request", "body");
    let mk = |s: WireIdentifier, t: WireIdentifier, parts: Vec<CreatedPartitionAssignment>| CreatePartitionsWithAssignmentsRequest {
        request: CreatePartitionsRequest { stream_id: s, topic_id: t, partitions_count: parts.len() as u32 },
        partitions: parts,
    };
    let typical = valid(&mut f, "req.typical", &mk(id_num(1), id_num(2), vec![assign(1, 100, 0), assign(2, 101, 0)]), j::create_partitions_with_assignments);
    valid(&mut f, "req.none", &mk(id_num(0), id_num(0), vec![]), j::create_partitions_with_assignments);
    valid(&mut f, "req.one-max", &mk(id_num(u32::MAX), id_num(u32::MAX), vec![assign(u32::MAX, u64::MAX, u32::MAX)]), j::create_partitions_with_assignments);
    valid(&mut f, "req.named", &mk(id_str("orders"), id_str(MULTI), vec![assign(0, 0, 0)]), j::create_partitions_with_assignments);
    valid(&mut f, "req.name-255", &mk(id_str(&long_name()), id_str("t"), vec![assign(5, 1 << 53, 7)]), j::create_partitions_with_assignments);
    valid(&mut f, "req.many", &mk(id_num(3), id_str("events"), (1..=40).map(|i| assign(i, u64::from(i) << 33, i * 2)).collect()), j::create_partitions_with_assignments);
    valid(&mut f, "req.2-53-plus-1", &mk(id_num(3), id_num(4), vec![assign(1, (1 << 53) + 1, 1)]), j::create_partitions_with_assignments);
    for (n, s, t) in pairs().into_iter().take(4) {
        valid(&mut f, &format!("req.ids-{n}"), &mk(s, t, vec![assign(9, 9, 9), assign(10, 10, 10), assign(11, 11, 11)]), j::create_partitions_with_assignments);
    }
    let req = CreatePartitionsRequest { stream_id: id_num(1), topic_id: id_num(2), partitions_count: 1 }.to_bytes().to_vec();
    let cat = |parts: &[&[u8]]| parts.concat();
    let a = assign(1, 2, 3).to_bytes().to_vec();
    let len = |n: usize| (n as u32).to_le_bytes();
    invalid::<CreatePartitionsWithAssignmentsRequest>(&mut f, "req.count-mismatch", &cat(&[&len(req.len()), &req, &len(2), &a, &a]), "2 assignments for partitions_count 1");
    invalid::<CreatePartitionsWithAssignmentsRequest>(&mut f, "req.count-mismatch-0", &cat(&[&len(req.len()), &req, &len(0)]), "0 assignments for partitions_count 1");
    invalid::<CreatePartitionsWithAssignmentsRequest>(&mut f, "req.request-length-longer", &cat(&[&len(req.len() + 1), &req, &[0], &len(1), &a]), "request_len counts a byte after the inner request");
    invalid::<CreatePartitionsWithAssignmentsRequest>(&mut f, "req.request-length-shorter", &cat(&[&len(req.len() - 1), &req, &len(1), &a]), "request_len cuts the inner request");
    invalid::<CreatePartitionsWithAssignmentsRequest>(&mut f, "req.request-length-u32-max", &cat(&[&len(u32::MAX as usize), &req]), "request_len u32::MAX");
    invalid::<CreatePartitionsWithAssignmentsRequest>(&mut f, "req.trailing-byte-after", &cat(&[&len(req.len()), &req, &len(1), &a, &[0]]), "one byte after the last assignment");
    invalid::<CreatePartitionsWithAssignmentsRequest>(&mut f, "req.assignment-cut", &cat(&[&len(req.len()), &req, &len(1), &a[..15]]), "a 15-byte assignment");
    let mut bad = vec![9, 4, 1, 0, 0, 0];
    bad.extend_from_slice(&req[6..]);
    invalid::<CreatePartitionsWithAssignmentsRequest>(&mut f, "req.inner-bad-identifier", &cat(&[&len(bad.len()), &bad, &len(1), &a]), "inner stream identifier kind 9");
    truncs::<CreatePartitionsWithAssignmentsRequest>(&mut f, "req.typical", &typical);
    f.write(dir, "create_partitions_with_assignments.json");
}

fn owner(c: u128, s: u64, g: u64) -> ConsumerGroupOwner {
    ConsumerGroupOwner { client_id: c, session: s, generation: g }
}

fn install_owner(dir: &Path) {
    let mut f = VectorFile::new("InstallConsumerGroupOwner", None);
    f.header("InstallConsumerGroupOwner request payload: a server-only partition barrier (VSR operation 167); no command code, no response.");
    f.header("[incarnation:u64][group_id:u64][owner: client_id:u128, session:u64, generation:u64][metadata_op:u64]; generation and metadata_op must be non-zero, client_id and session both zero or both non-zero; trailing bytes are rejected.");
    f.group("request", "body");
    let mk = |i: u64, g: u64, o: ConsumerGroupOwner, m: u64| InstallConsumerGroupOwnerRequest { incarnation: i, group_id: g, owner: o, metadata_op: m };
    let typical = valid(&mut f, "req.typical", &mk(3, 7, owner(0xdead_beef, 12, 40), 41), j::install_owner);
    valid(&mut f, "req.unowned-fence", &mk(1, 1, owner(0, 0, 5), 5), j::install_owner);
    valid(&mut f, "req.zeros-where-allowed", &mk(0, 0, owner(0, 0, 1), 1), j::install_owner);
    valid(&mut f, "req.max", &mk(u64::MAX, u64::MAX, owner(u128::MAX, u64::MAX, u64::MAX), u64::MAX), j::install_owner);
    valid(&mut f, "req.client-u64-max-plus-1", &mk(2, 2, owner(u128::from(u64::MAX) + 1, 1, 2), 3), j::install_owner);
    valid(&mut f, "req.client-1", &mk(2, 2, owner(1, 1, 1), 1), j::install_owner);
    valid(&mut f, "req.2-53-plus-1", &mk((1 << 53) + 1, (1 << 53) + 1, owner((1 << 53) + 1, (1 << 53) + 1, (1 << 53) + 1), (1 << 53) + 1), j::install_owner);
    valid(&mut f, "req.hi-bits", &mk(1 << 63, 1 << 63, owner(1 << 127, 1 << 63, 1 << 63), 1 << 63), j::install_owner);
    valid(&mut f, "req.client-hi-word", &mk(9, 9, owner(0xffff_ffff_ffff_ffff_0000_0000_0000_0001, 9, 9), 9), j::install_owner);
    valid(&mut f, "req.mixed", &mk(100, 200, owner(300, 400, 500), 600), j::install_owner);
    let enc = |i: u64, g: u64, c: u128, s: u64, gen_: u64, m: u64| {
        let mut b = vec![];
        b.extend_from_slice(&i.to_le_bytes());
        b.extend_from_slice(&g.to_le_bytes());
        b.extend_from_slice(&c.to_le_bytes());
        b.extend_from_slice(&s.to_le_bytes());
        b.extend_from_slice(&gen_.to_le_bytes());
        b.extend_from_slice(&m.to_le_bytes());
        b
    };
    invalid::<InstallConsumerGroupOwnerRequest>(&mut f, "req.generation-0", &enc(1, 1, 1, 1, 0, 1), "owner generation 0");
    invalid::<InstallConsumerGroupOwnerRequest>(&mut f, "req.metadata-op-0", &enc(1, 1, 1, 1, 1, 0), "metadata_op 0");
    invalid::<InstallConsumerGroupOwnerRequest>(&mut f, "req.client-without-session", &enc(1, 1, 1, 0, 1, 1), "client_id set, session zero");
    invalid::<InstallConsumerGroupOwnerRequest>(&mut f, "req.session-without-client", &enc(1, 1, 0, 1, 1, 1), "session set, client_id zero");
    let mut cut = enc(1, 1, 1, 0, 1, 1);
    cut.truncate(48);
    invalid::<InstallConsumerGroupOwnerRequest>(&mut f, "req.incomplete-owner-then-cut", &cut, "the owner identity check runs before metadata_op is read");
    truncs::<InstallConsumerGroupOwnerRequest>(&mut f, "req.typical", &typical);
    trailing::<InstallConsumerGroupOwnerRequest>(&mut f, "req.typical", &typical, j::install_owner);
    f.write(dir, "install_consumer_group_owner.json");
}

fn retire_owners(dir: &Path) {
    let mut f = VectorFile::new("RetireConsumerGroupOwners", None);
    f.header("RetireConsumerGroupOwners request payload: server-only (VSR operation 169); no command code, no response.");
    f.header("[incarnation:u64][metadata_op:u64][next_group_id:u64][count:u32][live_group_id:u64]*; metadata_op non-zero, count <= 2^20, ids strictly ascending and below next_group_id; a short list is INVALID_VALUE, not TRUNCATED; trailing bytes are rejected.");
    f.group("request", "body");
    let mk = |i: u64, m: u64, n: u64, l: Vec<u64>| RetireConsumerGroupOwnersRequest { incarnation: i, metadata_op: m, next_group_id: n, live_group_ids: l };
    let typical = valid(&mut f, "req.typical", &mk(2, 10, 8, vec![1, 3, 7]), j::retire_owners);
    valid(&mut f, "req.empty-list", &mk(0, 1, 0, vec![]), j::retire_owners);
    valid(&mut f, "req.one", &mk(1, 1, 1, vec![0]), j::retire_owners);
    valid(&mut f, "req.max", &mk(u64::MAX, u64::MAX, u64::MAX, vec![u64::MAX - 1]), j::retire_owners);
    valid(&mut f, "req.extremes", &mk(5, 5, u64::MAX, vec![0, 1 << 53, (1 << 53) + 1, u64::MAX - 1]), j::retire_owners);
    valid(&mut f, "req.many", &mk(7, 7, 1000, (0..100).map(|i| i * 9).collect()), j::retire_owners);
    valid(&mut f, "req.dense", &mk(3, 3, 16, (0..16).collect()), j::retire_owners);
    valid(&mut f, "req.next-0-empty", &mk(4, 2, 0, vec![]), j::retire_owners);
    valid(&mut f, "req.hi-bit", &mk(1 << 63, 1 << 63, 1 << 63, vec![1 << 62]), j::retire_owners);
    valid(&mut f, "req.two", &mk(11, 12, 13, vec![5, 12]), j::retire_owners);
    let enc = |i: u64, m: u64, n: u64, count: u32, l: &[u64]| {
        let mut b = vec![];
        b.extend_from_slice(&i.to_le_bytes());
        b.extend_from_slice(&m.to_le_bytes());
        b.extend_from_slice(&n.to_le_bytes());
        b.extend_from_slice(&count.to_le_bytes());
        for x in l {
            b.extend_from_slice(&x.to_le_bytes());
        }
        b
    };
    invalid::<RetireConsumerGroupOwnersRequest>(&mut f, "req.metadata-op-0", &enc(1, 0, 5, 0, &[]), "metadata_op 0");
    invalid::<RetireConsumerGroupOwnersRequest>(&mut f, "req.count-over-limit", &enc(1, 1, 5, (1 << 20) + 1, &[]), "count 2^20 + 1 exceeds CONSUMER_GROUP_OWNERS_MAX");
    invalid::<RetireConsumerGroupOwnersRequest>(&mut f, "req.count-u32-max", &enc(1, 1, 5, u32::MAX, &[]), "count u32::MAX");
    invalid::<RetireConsumerGroupOwnersRequest>(&mut f, "req.count-at-limit-short", &enc(1, 1, 5, 1 << 20, &[1]), "count 2^20 (allowed) with one id present");
    invalid::<RetireConsumerGroupOwnersRequest>(&mut f, "req.list-short", &enc(1, 1, 5, 2, &[1]), "two ids announced, one present");
    invalid::<RetireConsumerGroupOwnersRequest>(&mut f, "req.unordered", &enc(1, 1, 9, 2, &[4, 3]), "ids not ascending");
    invalid::<RetireConsumerGroupOwnersRequest>(&mut f, "req.duplicate", &enc(1, 1, 9, 2, &[4, 4]), "the same id twice");
    invalid::<RetireConsumerGroupOwnersRequest>(&mut f, "req.id-equals-next", &enc(1, 1, 9, 1, &[9]), "id equal to next_group_id");
    invalid::<RetireConsumerGroupOwnersRequest>(&mut f, "req.id-above-next", &enc(1, 1, 0, 1, &[0]), "id 0 with next_group_id 0");
    truncs::<RetireConsumerGroupOwnersRequest>(&mut f, "req.typical", &typical);
    trailing::<RetireConsumerGroupOwnersRequest>(&mut f, "req.typical", &typical, j::retire_owners);
    f.write(dir, "retire_consumer_group_owners.json");
}

fn transition_history(dir: &Path) {
    let mut f = VectorFile::new("TransitionPartitionHistory", None);
    f.header("TransitionPartitionHistory request payload: the terminal fence of a partition incarnation (VSR operation 168); no command code, no response.");
    f.header("[incarnation:u64][metadata_op:u64]; metadata_op must be non-zero; trailing bytes are rejected.");
    f.group("request", "body");
    let mk = |i: u64, m: u64| TransitionPartitionHistoryRequest { incarnation: i, metadata_op: m };
    let typical = valid(&mut f, "req.typical", &mk(3, 17), j::transition_history);
    for (n, (i, m)) in [("zero-incarnation", (0, 1)), ("max", (u64::MAX, u64::MAX)), ("2-53", (1 << 53, 1 << 53)), ("2-53-plus-1", ((1 << 53) + 1, (1 << 53) + 1)), ("hi-bit", (1 << 63, 1)), ("u32-max", (u64::from(u32::MAX), u64::from(u32::MAX) + 1)), ("one", (1, 1)), ("mixed", (123_456_789_012, 987_654_321)), ("bytes", (0x0102_0304_0506_0708, 0x1112_1314_1516_1718))] {
        valid(&mut f, &format!("req.{n}"), &mk(i, m), j::transition_history);
    }
    let mut b = 5u64.to_le_bytes().to_vec();
    b.extend_from_slice(&0u64.to_le_bytes());
    invalid::<TransitionPartitionHistoryRequest>(&mut f, "req.metadata-op-0", &b, "metadata_op 0");
    truncs::<TransitionPartitionHistoryRequest>(&mut f, "req.typical", &typical);
    trailing::<TransitionPartitionHistoryRequest>(&mut f, "req.typical", &typical, j::transition_history);
    f.write(dir, "transition_partition_history.json");
}

fn delete_segments(dir: &Path) {
    let mut f = VectorFile::new("DeleteSegments", Some(DELETE_SEGMENTS_CODE));
    f.header("DeleteSegments request and response payloads.");
    f.group("request", "body");
    let mk = |s: WireIdentifier, t: WireIdentifier, p: u32, c: u32| DeleteSegmentsRequest { stream_id: s, topic_id: t, partition_id: p, segments_count: c };
    let typical = valid(&mut f, "req.typical", &mk(id_num(1), id_num(2), 3, 4), j::delete_segments);
    valid(&mut f, "req.zeros", &mk(id_num(0), id_num(0), 0, 0), j::delete_segments);
    valid(&mut f, "req.max", &mk(id_num(u32::MAX), id_num(u32::MAX), u32::MAX, u32::MAX), j::delete_segments);
    for (i, (n, s, t)) in pairs().into_iter().enumerate() {
        valid(&mut f, &format!("req.ids-{n}"), &mk(s, t, i as u32, 1 << i), j::delete_segments);
    }
    for (n, b, c) in bad_idents() {
        let mut x = b.clone();
        x.extend_from_slice(&[1, 4, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
        invalid::<DeleteSegmentsRequest>(&mut f, &format!("req.stream-{n}"), &x, c);
        let mut y = vec![1, 4, 1, 0, 0, 0];
        y.extend_from_slice(&b);
        y.extend_from_slice(&[1, 0, 0, 0, 1, 0, 0, 0]);
        invalid::<DeleteSegmentsRequest>(&mut f, &format!("req.topic-{n}"), &y, c);
    }
    truncs::<DeleteSegmentsRequest>(&mut f, "req.typical", &typical);
    truncs::<DeleteSegmentsRequest>(&mut f, "req.named", &mk(id_str("s"), id_str("€"), 1, 2).to_bytes());
    trailing::<DeleteSegmentsRequest>(&mut f, "req.typical", &typical, j::delete_segments);
    empty_response(&mut f);
    f.write(dir, "delete_segments.json");
}
