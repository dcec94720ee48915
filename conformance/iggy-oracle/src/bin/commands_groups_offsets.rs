//! Vectors for the consumer-group, consumer-offset and client commands (`requests/` and
//! `responses/consumer_groups`, `consumer_offsets`, `responses/clients` with the GetClient and
//! GetClients requests). Every value is encoded and decoded by the crate.

#[path = "../iggy_cmds/cases.rs"]
mod cases;
#[path = "../iggy_cmds/json.rs"]
mod j;

use cases::*;
use iggy_binary_protocol::codes::*;
use iggy_binary_protocol::requests::consumer_groups::*;
use iggy_binary_protocol::requests::consumer_offsets::*;
use iggy_binary_protocol::requests::system::get_client::GetClientRequest;
use iggy_binary_protocol::requests::system::get_clients::GetClientsRequest;
use iggy_binary_protocol::responses::EmptyResponse;
use iggy_binary_protocol::responses::clients::*;
use iggy_binary_protocol::responses::consumer_groups::*;
use iggy_binary_protocol::responses::consumer_offsets::*;
use iggy_binary_protocol::{AckLevel, WireConsumer, WireDecode, WireEncode, WireIdentifier};
use iggy_oracle::{VectorFile, out_dir};
use serde_json::Value;
use std::path::Path;

fn main() {
    let dir = out_dir();
    create_group(&dir);
    group_ref_file::<DeleteConsumerGroupRequest>(&dir, "DeleteConsumerGroup", DELETE_CONSUMER_GROUP_CODE, "delete_consumer_group.json", |s, t, g| DeleteConsumerGroupRequest { stream_id: s, topic_id: t, group_id: g }, j::delete_group, None);
    group_ref_file::<GetConsumerGroupRequest>(&dir, "GetConsumerGroup", GET_CONSUMER_GROUP_CODE, "get_consumer_group.json", |s, t, g| GetConsumerGroupRequest { stream_id: s, topic_id: t, group_id: g }, j::get_group, Some(group_details_responses));
    group_ref_file::<JoinConsumerGroupRequest>(&dir, "JoinConsumerGroup", JOIN_CONSUMER_GROUP_CODE, "join_consumer_group.json", |s, t, g| JoinConsumerGroupRequest { stream_id: s, topic_id: t, group_id: g }, j::join_group, None);
    group_ref_file::<LeaveConsumerGroupRequest>(&dir, "LeaveConsumerGroup", LEAVE_CONSUMER_GROUP_CODE, "leave_consumer_group.json", |s, t, g| LeaveConsumerGroupRequest { stream_id: s, topic_id: t, group_id: g }, j::leave_group, None);
    group_ref_file::<SyncConsumerGroupRequest>(&dir, "SyncConsumerGroup", SYNC_CONSUMER_GROUP_CODE, "sync_consumer_group.json", |s, t, g| SyncConsumerGroupRequest { stream_id: s, topic_id: t, group_id: g }, j::sync_group, Some(sync_responses));
    get_groups(&dir);
    get_offset(&dir);
    store_offset(&dir);
    delete_offset(&dir);
    get_client(&dir);
    get_clients(&dir);
}

fn empty_response(f: &mut VectorFile) {
    f.group("response", "body");
    valid(f, "res.empty", &EmptyResponse, j::empty);
    trailing::<EmptyResponse>(f, "res.empty", &[], j::empty);
}

/// Triples of identifiers covering every sample in every position.
fn triples() -> Vec<(String, WireIdentifier, WireIdentifier, WireIdentifier)> {
    let ids = idents();
    let n = ids.len();
    (0..n)
        .map(|i| {
            let (a, x) = &ids[i];
            let (b, y) = &ids[(i + 2) % n];
            let (c, z) = &ids[(i + 5) % n];
            (format!("{a}-{b}-{c}"), x.clone(), y.clone(), z.clone())
        })
        .collect()
}

/// Identifier byte sequences the crate rejects, placed first, second and third.
fn bad_ident_positions<T: WireDecode>(f: &mut VectorFile, slots: usize, tail: &[u8]) {
    let good = [1u8, 4, 1, 0, 0, 0];
    for (n, b, c) in bad_idents() {
        for slot in 0..slots {
            let mut x = vec![];
            for k in 0..slots {
                if k == slot {
                    x.extend_from_slice(&b);
                } else {
                    x.extend_from_slice(&good);
                }
            }
            x.extend_from_slice(tail);
            invalid::<T>(f, &format!("req.id{slot}-{n}"), &x, c);
        }
    }
}

fn create_group(dir: &Path) {
    let mut f = VectorFile::new("CreateConsumerGroup", Some(CREATE_CONSUMER_GROUP_CODE));
    f.header("CreateConsumerGroup request and response payloads.");
    f.group("request", "body");
    let mk = |s: WireIdentifier, t: WireIdentifier, n: &str| CreateConsumerGroupRequest { stream_id: s, topic_id: t, name: wname(n) };
    let typical = valid(&mut f, "req.typical", &mk(id_num(1), id_num(2), "workers"), j::create_group);
    valid(&mut f, "req.name-1", &mk(id_num(0), id_num(0), "g"), j::create_group);
    valid(&mut f, "req.name-255", &mk(id_num(u32::MAX), id_num(u32::MAX), &long_name()), j::create_group);
    valid(&mut f, "req.multibyte", &mk(id_str(MULTI), id_str("t"), MULTI), j::create_group);
    valid(&mut f, "req.long-multi", &mk(id_str("s"), id_str(&long_multi()), &long_multi()), j::create_group);
    for (n, s, t, _) in triples() {
        valid(&mut f, &format!("req.ids-{n}"), &mk(s, t, "grp"), j::create_group);
    }
    bad_ident_positions::<CreateConsumerGroupRequest>(&mut f, 2, &[1, b'g']);
    invalid::<CreateConsumerGroupRequest>(&mut f, "req.name-empty", &[1, 4, 1, 0, 0, 0, 1, 4, 1, 0, 0, 0, 0], "name length 0");
    invalid::<CreateConsumerGroupRequest>(&mut f, "req.name-bad-utf8", &[1, 4, 1, 0, 0, 0, 1, 4, 1, 0, 0, 0, 2, 0xc3, 0x28], "name is not UTF-8");
    truncs::<CreateConsumerGroupRequest>(&mut f, "req.typical", &typical);
    trailing::<CreateConsumerGroupRequest>(&mut f, "req.typical", &typical, j::create_group);
    empty_response(&mut f);
    f.write(dir, "create_consumer_group.json");
}

#[allow(clippy::too_many_arguments)]
fn group_ref_file<T: WireEncode + WireDecode>(
    dir: &Path,
    message: &str,
    code: u32,
    file: &str,
    mk: impl Fn(WireIdentifier, WireIdentifier, WireIdentifier) -> T,
    json: fn(&T) -> Value,
    responses: Option<fn(&mut VectorFile)>,
) {
    let mut f = VectorFile::new(message, Some(code));
    f.header(&format!("{message} request and response payloads."));
    f.group("request", "body");
    let typical = valid(&mut f, "req.typical", &mk(id_num(1), id_num(2), id_num(3)), json);
    valid(&mut f, "req.zeros", &mk(id_num(0), id_num(0), id_num(0)), json);
    valid(&mut f, "req.max", &mk(id_num(u32::MAX), id_num(u32::MAX), id_num(u32::MAX)), json);
    valid(&mut f, "req.names-255", &mk(id_str(&long_name()), id_str(&long_multi()), id_str(&long_name())), json);
    for (n, s, t, g) in triples() {
        valid(&mut f, &format!("req.ids-{n}"), &mk(s, t, g), json);
    }
    bad_ident_positions::<T>(&mut f, 3, &[]);
    truncs::<T>(&mut f, "req.typical", &typical);
    truncs::<T>(&mut f, "req.named", &mk(id_str("s"), id_str("tt"), id_str("€")).to_bytes());
    trailing::<T>(&mut f, "req.typical", &typical, json);
    match responses {
        Some(r) => r(&mut f),
        None => empty_response(&mut f),
    }
    f.write(dir, file);
}

fn cg(id: u32, p: u32, m: u32, n: &str) -> ConsumerGroupResponse {
    ConsumerGroupResponse { id, partitions_count: p, members_count: m, name: wname(n) }
}

fn member(id: u32, parts: Vec<u32>) -> ConsumerGroupMemberResponse {
    ConsumerGroupMemberResponse { id, partitions_count: parts.len() as u32, partitions: parts }
}

fn details(g: ConsumerGroupResponse, members: Vec<ConsumerGroupMemberResponse>) -> ConsumerGroupDetailsResponse {
    let group = ConsumerGroupResponse { members_count: members.len() as u32, ..g };
    ConsumerGroupDetailsResponse { group, members }
}

fn group_details_responses(f: &mut VectorFile) {
    f.group("response", "body");
    let typical = valid(f, "res.typical", &details(cg(1, 3, 0, "workers"), vec![member(10, vec![1, 2]), member(11, vec![3])]), j::group_details);
    valid(f, "res.no-members", &details(cg(0, 0, 0, "g"), vec![]), j::group_details);
    valid(f, "res.member-no-partitions", &details(cg(2, 1, 0, "idle"), vec![member(1, vec![])]), j::group_details);
    valid(f, "res.max", &details(cg(u32::MAX, u32::MAX, 0, &long_name()), vec![member(u32::MAX, vec![u32::MAX, 0])]), j::group_details);
    valid(f, "res.multibyte", &details(cg(3, 2, 0, MULTI), vec![member(1, vec![1]), member(2, vec![2])]), j::group_details);
    valid(f, "res.many", &details(cg(4, 64, 0, "big"), (0..16).map(|i| member(i, (i * 4..i * 4 + 4).collect())).collect()), j::group_details);
    valid(f, "res.one-member-many-partitions", &details(cg(5, 100, 0, "solo"), vec![member(7, (1..=100).collect())]), j::group_details);
    valid(f, "res.long-multi", &details(cg(6, 1, 0, &long_multi()), vec![member(1, vec![1])]), j::group_details);
    valid(f, "res.mixed", &details(cg(7, 5, 0, "m"), vec![member(1, vec![]), member(2, vec![5, 4, 3]), member(3, vec![])]), j::group_details);
    valid(f, "res.partitions-count-independent", &details(cg(8, 999, 0, "p"), vec![member(1, vec![1])]), j::group_details);
    // members_count larger than the members present
    let mut b = typical.clone();
    b[8] = 3;
    invalid::<ConsumerGroupDetailsResponse>(f, "res.members-count-exceeds", &b, "members_count 3 with two members present");
    let mut b = cg(1, 1, 1, "g").to_bytes().to_vec();
    b.extend_from_slice(&1u32.to_le_bytes());
    b.extend_from_slice(&u32::MAX.to_le_bytes());
    b.extend_from_slice(&5u32.to_le_bytes());
    invalid::<ConsumerGroupDetailsResponse>(f, "res.partitions-count-u32-max", &b, "member partitions_count u32::MAX with one id present");
    let mut b = vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    invalid::<ConsumerGroupDetailsResponse>(f, "res.name-empty", &b, "group name length 0");
    b[12] = 1;
    b.push(0xff);
    invalid::<ConsumerGroupDetailsResponse>(f, "res.name-bad-utf8", &b, "group name is not UTF-8");
    truncs::<ConsumerGroupDetailsResponse>(f, "res.typical", &typical);
    trailing::<ConsumerGroupDetailsResponse>(f, "res.typical", &typical, j::group_details);
}

fn sync_responses(f: &mut VectorFile) {
    f.group("response", "body");
    let mk = |g: u64, p: Vec<u32>| SyncConsumerGroupResponse { generation: g, partitions: p };
    let typical = valid(f, "res.typical", &mk(3, vec![1, 2, 3]), j::sync_group_response);
    valid(f, "res.none", &mk(0, vec![]), j::sync_group_response);
    valid(f, "res.one", &mk(1, vec![0]), j::sync_group_response);
    valid(f, "res.max", &mk(u64::MAX, vec![u32::MAX]), j::sync_group_response);
    valid(f, "res.2-53-plus-1", &mk((1 << 53) + 1, vec![7, 7]), j::sync_group_response);
    valid(f, "res.many", &mk(99, (0..200).collect()), j::sync_group_response);
    valid(f, "res.hi-bit", &mk(1 << 63, vec![1 << 31]), j::sync_group_response);
    valid(f, "res.unordered", &mk(5, vec![9, 1, 5]), j::sync_group_response);
    valid(f, "res.u32-max-plus-1", &mk(u64::from(u32::MAX) + 1, vec![]), j::sync_group_response);
    valid(f, "res.two", &mk(2, vec![10, 20]), j::sync_group_response);
    let mut b = 1u64.to_le_bytes().to_vec();
    b.extend_from_slice(&u32::MAX.to_le_bytes());
    b.extend_from_slice(&[1, 0, 0, 0]);
    invalid::<SyncConsumerGroupResponse>(f, "res.count-u32-max", &b, "partitions count u32::MAX with one id present");
    truncs::<SyncConsumerGroupResponse>(f, "res.typical", &typical);
    trailing::<SyncConsumerGroupResponse>(f, "res.typical", &typical, j::sync_group_response);
}

fn get_groups(dir: &Path) {
    let mut f = VectorFile::new("GetConsumerGroups", Some(GET_CONSUMER_GROUPS_CODE));
    f.header("GetConsumerGroups request and response payloads; the response is group records to the end of the payload.");
    f.group("request", "body");
    let mk = |s: WireIdentifier, t: WireIdentifier| GetConsumerGroupsRequest { stream_id: s, topic_id: t };
    let typical = valid(&mut f, "req.typical", &mk(id_num(1), id_num(2)), j::get_groups);
    valid(&mut f, "req.max", &mk(id_num(u32::MAX), id_str(&long_name())), j::get_groups);
    valid(&mut f, "req.zeros", &mk(id_num(0), id_num(0)), j::get_groups);
    for (n, s, t, _) in triples() {
        valid(&mut f, &format!("req.ids-{n}"), &mk(s, t), j::get_groups);
    }
    bad_ident_positions::<GetConsumerGroupsRequest>(&mut f, 2, &[]);
    truncs::<GetConsumerGroupsRequest>(&mut f, "req.typical", &typical);
    trailing::<GetConsumerGroupsRequest>(&mut f, "req.typical", &typical, j::get_groups);
    f.group("response", "body");
    let mk = |g: Vec<ConsumerGroupResponse>| GetConsumerGroupsResponse { groups: g };
    valid(&mut f, "res.none", &mk(vec![]), j::get_groups_response);
    let one = valid(&mut f, "res.one", &mk(vec![cg(1, 3, 2, "workers")]), j::get_groups_response);
    valid(&mut f, "res.zeros", &mk(vec![cg(0, 0, 0, "a")]), j::get_groups_response);
    valid(&mut f, "res.max", &mk(vec![cg(u32::MAX, u32::MAX, u32::MAX, &long_name())]), j::get_groups_response);
    valid(&mut f, "res.multibyte", &mk(vec![cg(2, 1, 1, MULTI)]), j::get_groups_response);
    let many = valid(&mut f, "res.many", &mk((0..25).map(|i| cg(i, i * 2, i % 3, &format!("g{i}"))).collect()), j::get_groups_response);
    valid(&mut f, "res.two", &mk(vec![cg(1, 1, 1, "x"), cg(2, 2, 2, &long_multi())]), j::get_groups_response);
    valid(&mut f, "res.same-names", &mk(vec![cg(1, 1, 1, "x"), cg(2, 2, 2, "x")]), j::get_groups_response);
    valid(&mut f, "res.members-count-not-checked", &mk(vec![cg(9, 0, 1000, "m")]), j::get_groups_response);
    valid(&mut f, "res.three", &mk(vec![cg(1, 1, 1, "a"), cg(2, 2, 2, "b"), cg(3, 3, 3, "c")]), j::get_groups_response);
    let mut b = many.clone();
    b.extend_from_slice(&one[..13]);
    invalid::<GetConsumerGroupsResponse>(&mut f, "res.partial-record", &b, "a partial record after complete ones");
    let mut b = one.clone();
    b[12] = 0;
    invalid::<GetConsumerGroupsResponse>(&mut f, "res.name-empty", &b[..13], "name length 0");
    let mut b = one.clone();
    b[13] = 0xfe;
    invalid::<GetConsumerGroupsResponse>(&mut f, "res.name-bad-utf8", &b, "name is not UTF-8");
    truncs::<GetConsumerGroupsResponse>(&mut f, "res.one", &one);
    trailing::<GetConsumerGroupsResponse>(&mut f, "res.one", &one, j::get_groups_response);
    f.write(dir, "get_consumer_groups.json");
}

fn consumers() -> Vec<(&'static str, WireConsumer)> {
    vec![
        ("consumer", WireConsumer::consumer(id_num(1))),
        ("group", WireConsumer::consumer_group(id_str("workers"))),
        ("external", WireConsumer::external_group(id_str("kafka-group"))),
        ("consumer-named", WireConsumer::consumer(id_str(MULTI))),
        ("group-max", WireConsumer::consumer_group(id_num(u32::MAX))),
        ("external-255", WireConsumer::external_group(id_str(&long_name()))),
    ]
}

/// Offset-command bytes with each fixed tail, for the shared prefix failures.
fn offset_prefix_invalids<T: WireDecode>(f: &mut VectorFile, tail: &[u8]) {
    let good_id = [1u8, 4, 1, 0, 0, 0];
    for k in [0u8, 4, 255] {
        let mut b = vec![k];
        b.extend_from_slice(&good_id);
        b.extend_from_slice(&good_id);
        b.extend_from_slice(&good_id);
        b.extend_from_slice(tail);
        invalid::<T>(f, &format!("req.consumer-kind-{k}"), &b, "unknown consumer kind");
    }
    invalid::<T>(f, "req.consumer-kind-9-alone", &[9], "the consumer kind is checked before the identifier is read");
    for (n, bi, c) in bad_idents() {
        for slot in 0..3 {
            let mut b = vec![1];
            for k in 0..3 {
                b.extend_from_slice(if k == slot { &bi } else { &good_id });
            }
            b.extend_from_slice(tail);
            invalid::<T>(f, &format!("req.id{slot}-{n}"), &b, c);
        }
    }
}

fn offset_response(f: &mut VectorFile) {
    f.group("response", "body");
    let mk = |p: u32, c: u64, s: u64| ConsumerOffsetResponse { partition_id: p, current_offset: c, stored_offset: s };
    let typical = valid(f, "res.typical", &mk(1, 100, 42), j::offset_response);
    for (n, (p, c, s)) in [("zeros", (0, 0, 0)), ("max", (u32::MAX, u64::MAX, u64::MAX)), ("2-53", (2, 1 << 53, 1 << 53)), ("2-53-plus-1", (3, (1 << 53) + 1, (1 << 53) + 1)), ("hi-bit", (4, 1 << 63, 1 << 63)), ("stored-above-current", (5, 1, 2)), ("u32-max-plus-1", (6, u64::from(u32::MAX) + 1, u64::from(u32::MAX))), ("mixed", (7, 123_456_789_012_345, 98_765)), ("bytes", (0x0102_0304, 0x1112_1314_1516_1718, 0x2122_2324_2526_2728))] {
        valid(f, &format!("res.{n}"), &mk(p, c, s), j::offset_response);
    }
    truncs::<ConsumerOffsetResponse>(f, "res.typical", &typical);
    trailing::<ConsumerOffsetResponse>(f, "res.typical", &typical, j::offset_response);
}

fn get_offset(dir: &Path) {
    let mut f = VectorFile::new("GetConsumerOffset", Some(GET_CONSUMER_OFFSET_CODE));
    f.header("GetConsumerOffset request and ConsumerOffset response payloads.");
    f.header("partitionId: [flag:u8][id:u32], always 5 bytes; flag 1 means the id is present, any other flag means null and the 4 bytes are skipped.");
    f.note("NonCanonicalFlag", "EDGE_CASE", "optional partition flag other than 1 reads as null");
    f.group("request", "body");
    let mk = |c: WireConsumer, s: WireIdentifier, t: WireIdentifier, p: Option<u32>| GetConsumerOffsetRequest { consumer: c, stream_id: s, topic_id: t, partition_id: p };
    let typical = valid(&mut f, "req.typical", &mk(WireConsumer::consumer(id_num(1)), id_num(2), id_num(3), Some(1)), j::get_offset);
    valid(&mut f, "req.no-partition", &mk(WireConsumer::consumer_group(id_num(1)), id_num(2), id_num(3), None), j::get_offset);
    valid(&mut f, "req.partition-0", &mk(WireConsumer::consumer(id_num(1)), id_num(2), id_num(3), Some(0)), j::get_offset);
    valid(&mut f, "req.partition-max", &mk(WireConsumer::external_group(id_num(1)), id_num(2), id_num(3), Some(u32::MAX)), j::get_offset);
    for (i, ((n, c), (m, s, t, _))) in consumers().into_iter().zip(triples()).enumerate() {
        valid(&mut f, &format!("req.{n}-{m}"), &mk(c, s, t, if i % 2 == 0 { Some(i as u32) } else { None }), j::get_offset);
    }
    let mut b = typical.clone();
    let n = b.len();
    b[n - 5] = 2;
    valid_decode::<GetConsumerOffsetRequest>(&mut f, "req.partition-flag-2", &b, "flag 2 is not 1: null, id bytes skipped", j::get_offset);
    let mut b = typical.clone();
    b[n - 5] = 0;
    b[n - 4..].copy_from_slice(&[9, 9, 9, 9]);
    valid_decode::<GetConsumerOffsetRequest>(&mut f, "req.partition-flag-0-with-id", &b, "flag 0 with non-zero id bytes: null", j::get_offset);
    offset_prefix_invalids::<GetConsumerOffsetRequest>(&mut f, &[1, 1, 0, 0, 0]);
    truncs::<GetConsumerOffsetRequest>(&mut f, "req.typical", &typical);
    trailing::<GetConsumerOffsetRequest>(&mut f, "req.typical", &typical, j::get_offset);
    offset_response(&mut f);
    f.write(dir, "get_consumer_offset.json");
}

fn store_offset(dir: &Path) {
    let mut f = VectorFile::new("StoreConsumerOffset", Some(STORE_CONSUMER_OFFSET_CODE));
    f.header("StoreConsumerOffset request and response payloads.");
    f.header("ack: 0 noAck, 1 quorum; any other byte is an unknown discriminant.");
    f.group("request", "body");
    let mk = |c: WireConsumer, s: WireIdentifier, t: WireIdentifier, p: Option<u32>, o: u64, a: AckLevel| StoreConsumerOffsetRequest { consumer: c, stream_id: s, topic_id: t, partition_id: p, offset: o, ack: a };
    let typical = valid(&mut f, "req.typical", &mk(WireConsumer::consumer(id_num(1)), id_num(2), id_num(3), Some(1), 42, AckLevel::Quorum), j::store_offset);
    valid(&mut f, "req.no-ack", &mk(WireConsumer::consumer(id_num(1)), id_num(2), id_num(3), Some(1), 42, AckLevel::NoAck), j::store_offset);
    valid(&mut f, "req.no-partition", &mk(WireConsumer::consumer_group(id_str("g")), id_num(2), id_num(3), None, 0, AckLevel::Quorum), j::store_offset);
    valid(&mut f, "req.offset-max", &mk(WireConsumer::external_group(id_num(1)), id_num(2), id_num(3), Some(u32::MAX), u64::MAX, AckLevel::NoAck), j::store_offset);
    valid(&mut f, "req.offset-2-53-plus-1", &mk(WireConsumer::consumer(id_num(1)), id_num(2), id_num(3), Some(2), (1 << 53) + 1, AckLevel::Quorum), j::store_offset);
    for (i, ((n, c), (m, s, t, _))) in consumers().into_iter().zip(triples()).enumerate() {
        valid(&mut f, &format!("req.{n}-{m}"), &mk(c, s, t, if i % 2 == 1 { Some(i as u32) } else { None }, (i as u64) << 40, if i % 3 == 0 { AckLevel::NoAck } else { AckLevel::Quorum }), j::store_offset);
    }
    let n = typical.len();
    let mut b = typical.clone();
    b[n - 14] = 7;
    valid_decode::<StoreConsumerOffsetRequest>(&mut f, "req.partition-flag-7", &b, "flag 7 is not 1: null, id bytes skipped", j::store_offset);
    for a in [2u8, 255] {
        let mut b = typical.clone();
        b[n - 1] = a;
        invalid::<StoreConsumerOffsetRequest>(&mut f, &format!("req.ack-{a}"), &b, "unknown ack level");
    }
    offset_prefix_invalids::<StoreConsumerOffsetRequest>(&mut f, &[1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    truncs::<StoreConsumerOffsetRequest>(&mut f, "req.typical", &typical);
    trailing::<StoreConsumerOffsetRequest>(&mut f, "req.typical", &typical, j::store_offset);
    empty_response(&mut f);
    f.write(dir, "store_consumer_offset.json");
}

fn delete_offset(dir: &Path) {
    let mut f = VectorFile::new("DeleteConsumerOffset", Some(DELETE_CONSUMER_OFFSET_CODE));
    f.header("DeleteConsumerOffset request and response payloads.");
    f.group("request", "body");
    let mk = |c: WireConsumer, s: WireIdentifier, t: WireIdentifier, p: Option<u32>, a: AckLevel| DeleteConsumerOffsetRequest { consumer: c, stream_id: s, topic_id: t, partition_id: p, ack: a };
    let typical = valid(&mut f, "req.typical", &mk(WireConsumer::consumer(id_num(1)), id_num(2), id_num(3), Some(1), AckLevel::Quorum), j::delete_offset);
    valid(&mut f, "req.no-ack", &mk(WireConsumer::consumer(id_num(1)), id_num(2), id_num(3), Some(1), AckLevel::NoAck), j::delete_offset);
    valid(&mut f, "req.no-partition", &mk(WireConsumer::consumer_group(id_str("g")), id_num(2), id_num(3), None, AckLevel::Quorum), j::delete_offset);
    valid(&mut f, "req.partition-max", &mk(WireConsumer::external_group(id_num(1)), id_num(2), id_num(3), Some(u32::MAX), AckLevel::NoAck), j::delete_offset);
    for (i, ((n, c), (m, s, t, _))) in consumers().into_iter().zip(triples()).enumerate() {
        valid(&mut f, &format!("req.{n}-{m}"), &mk(c, s, t, if i % 2 == 0 { Some(i as u32 * 7) } else { None }, if i % 2 == 0 { AckLevel::NoAck } else { AckLevel::Quorum }), j::delete_offset);
    }
    let n = typical.len();
    let mut b = typical.clone();
    b[n - 6] = 0xff;
    valid_decode::<DeleteConsumerOffsetRequest>(&mut f, "req.partition-flag-255", &b, "flag 255 is not 1: null, id bytes skipped", j::delete_offset);
    for a in [2u8, 128] {
        let mut b = typical.clone();
        b[n - 1] = a;
        invalid::<DeleteConsumerOffsetRequest>(&mut f, &format!("req.ack-{a}"), &b, "unknown ack level");
    }
    offset_prefix_invalids::<DeleteConsumerOffsetRequest>(&mut f, &[1, 1, 0, 0, 0, 1]);
    truncs::<DeleteConsumerOffsetRequest>(&mut f, "req.typical", &typical);
    trailing::<DeleteConsumerOffsetRequest>(&mut f, "req.typical", &typical, j::delete_offset);
    empty_response(&mut f);
    f.write(dir, "delete_consumer_offset.json");
}

fn client(id: u32, user: u32, transport: u8, address: &str, groups: u32) -> ClientResponse {
    ClientResponse { client_id: id, user_id: user, transport, address: address.into(), consumer_groups_count: groups }
}

fn info(s: u32, t: u32, g: u32) -> ConsumerGroupInfoResponse {
    ConsumerGroupInfoResponse { stream_id: s, topic_id: t, group_id: g }
}

fn get_client(dir: &Path) {
    let mut f = VectorFile::new("GetClient", Some(GET_CLIENT_CODE));
    f.header("GetClient request and ClientDetails response payloads.");
    f.header("The response is a client record ([client_id:u32][user_id:u32][transport:u8][address:u32-length string][consumer_groups_count:u32]) then that many 12-byte group entries.");
    f.group("request", "body");
    let mut typical = vec![];
    for (i, id) in [1u32, 0, u32::MAX, 2, 255, 256, 65_535, 65_536, 1 << 31, 123_456_789].iter().enumerate() {
        let b = valid(&mut f, &format!("req.client-{id}"), &GetClientRequest { client_id: *id }, j::get_client);
        if i == 0 {
            typical = b;
        }
    }
    truncs::<GetClientRequest>(&mut f, "req.client-1", &typical);
    trailing::<GetClientRequest>(&mut f, "req.client-1", &typical, j::get_client);
    f.group("response", "body");
    let mk = |c: ClientResponse, g: Vec<ConsumerGroupInfoResponse>| ClientDetailsResponse { client: ClientResponse { consumer_groups_count: g.len() as u32, ..c }, consumer_groups: g };
    let typical = valid(&mut f, "res.typical", &mk(client(1, 2, 1, "127.0.0.1:50000", 0), vec![info(1, 2, 3)]), j::client_details);
    valid(&mut f, "res.no-groups", &mk(client(0, 0, 0, "", 0), vec![]), j::client_details);
    valid(&mut f, "res.max", &mk(client(u32::MAX, u32::MAX, 255, &"a".repeat(300), 0), vec![info(u32::MAX, u32::MAX, u32::MAX)]), j::client_details);
    valid(&mut f, "res.ipv6", &mk(client(5, 6, 2, "[::1]:8090", 0), vec![info(1, 1, 1), info(2, 2, 2)]), j::client_details);
    valid(&mut f, "res.multibyte-address", &mk(client(7, 8, 3, MULTI, 0), vec![]), j::client_details);
    valid(&mut f, "res.many-groups", &mk(client(9, 9, 1, "10.0.0.1:1", 0), (0..30).map(|i| info(i, i + 1, i + 2)).collect()), j::client_details);
    valid(&mut f, "res.quic", &mk(client(10, 0, 2, "192.168.1.1:8080", 0), vec![info(0, 0, 0)]), j::client_details);
    valid(&mut f, "res.http", &mk(client(11, 1, 3, "host:80", 0), vec![]), j::client_details);
    valid(&mut f, "res.transport-200", &mk(client(12, 1, 200, "x", 0), vec![info(7, 7, 7)]), j::client_details);
    valid(&mut f, "res.three-groups", &mk(client(13, 13, 1, "a:1", 0), vec![info(1, 2, 3), info(4, 5, 6), info(7, 8, 9)]), j::client_details);
    let mut b = client(1, 1, 1, "a", 2).to_bytes().to_vec();
    b.extend_from_slice(&info(1, 1, 1).to_bytes());
    invalid::<ClientDetailsResponse>(&mut f, "res.groups-count-exceeds", &b, "consumer_groups_count 2 with one entry");
    let mut b = vec![1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0, 0, 0xc3, 0x28, 0, 0, 0, 0];
    invalid::<ClientDetailsResponse>(&mut f, "res.address-bad-utf8", &b, "address is not UTF-8");
    b[9..13].copy_from_slice(&u32::MAX.to_le_bytes());
    invalid::<ClientDetailsResponse>(&mut f, "res.address-length-u32-max", &b, "address length u32::MAX");
    let mut b = client(1, 1, 1, "a", u32::MAX).to_bytes().to_vec();
    b.extend_from_slice(&info(1, 1, 1).to_bytes());
    invalid::<ClientDetailsResponse>(&mut f, "res.groups-count-u32-max", &b, "consumer_groups_count u32::MAX");
    truncs::<ClientDetailsResponse>(&mut f, "res.typical", &typical);
    trailing::<ClientDetailsResponse>(&mut f, "res.typical", &typical, j::client_details);
    f.write(dir, "get_client.json");
}

fn get_clients(dir: &Path) {
    let mut f = VectorFile::new("GetClients", Some(GET_CLIENTS_CODE));
    f.header("GetClients request (empty) and response payloads; the response is client records (without group entries) to the end of the payload.");
    f.group("request", "body");
    valid(&mut f, "req.empty", &GetClientsRequest, j::empty);
    trailing::<GetClientsRequest>(&mut f, "req.empty", &[], j::empty);
    f.group("response", "body");
    let mk = |c: Vec<ClientResponse>| GetClientsResponse { clients: c };
    valid(&mut f, "res.none", &mk(vec![]), j::get_clients);
    let one = valid(&mut f, "res.one", &mk(vec![client(1, 2, 1, "127.0.0.1:50000", 3)]), j::get_clients);
    valid(&mut f, "res.empty-address", &mk(vec![client(0, 0, 0, "", 0)]), j::get_clients);
    valid(&mut f, "res.max", &mk(vec![client(u32::MAX, u32::MAX, 255, &"b".repeat(400), u32::MAX)]), j::get_clients);
    valid(&mut f, "res.multibyte", &mk(vec![client(2, 2, 2, MULTI, 1)]), j::get_clients);
    let many = valid(&mut f, "res.many", &mk((0..20).map(|i| client(i, i * 3, (i % 4) as u8, &format!("10.0.0.{i}:{}", 1000 + i), i)).collect()), j::get_clients);
    valid(&mut f, "res.two", &mk(vec![client(1, 1, 1, "a", 0), client(2, 2, 2, "[::1]:1", 5)]), j::get_clients);
    valid(&mut f, "res.count-not-followed", &mk(vec![client(3, 3, 3, "x", 1000)]), j::get_clients);
    valid(&mut f, "res.three", &mk(vec![client(1, 1, 1, "a", 0), client(2, 1, 1, "b", 0), client(3, 1, 1, "c", 0)]), j::get_clients);
    valid(&mut f, "res.long-multi", &mk(vec![client(4, 4, 4, &long_multi(), 4)]), j::get_clients);
    let mut b = many.clone();
    b.extend_from_slice(&one[..16]);
    invalid::<GetClientsResponse>(&mut f, "res.partial-record", &b, "a partial record after complete ones");
    let b = vec![1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0xff, 0, 0, 0, 0];
    invalid::<GetClientsResponse>(&mut f, "res.address-bad-utf8", &b, "address is not UTF-8");
    truncs::<GetClientsResponse>(&mut f, "res.one", &one);
    trailing::<GetClientsResponse>(&mut f, "res.one", &one, j::get_clients);
    f.write(dir, "get_clients.json");
}
