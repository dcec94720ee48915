"""The librdkafka judge: confluent-kafka 2.16.1 (librdkafka bundled in its wheel) in a scripted
session against one Kafka endpoint, one line per step, ending "confluent-kafka: N passed, N failed"
(exit 1 on any failure). The session is the same as the other judges' (../README.md)."""

import argparse
import os
import random
import signal
import sys
import time

import confluent_kafka
from confluent_kafka import (
    OFFSET_BEGINNING,
    Consumer,
    ConsumerGroupTopicPartitions,
    KafkaError,
    KafkaException,
    Producer,
    TopicCollection,
    TopicPartition,
)
from confluent_kafka.admin import AdminClient, NewTopic

CODECS = ["none", "gzip", "snappy", "lz4", "zstd"]
GROUP_PARTITIONS = 4
CALL_S = 30.0

args = None
run = ""
passed = 0
failed = 0
current = "start"


class Check(Exception):
    """A failed expectation: its message is the step's result line."""


def check(ok, message):
    if not ok:
        raise Check(message)


def step(name, body):
    global passed, failed, current
    current = name
    start = time.monotonic()
    try:
        detail = body()
        ok = True
    except Check as e:
        detail, ok = str(e), False
    except Exception as e:  # noqa: BLE001 - any error is the step's failure, printed by class
        detail, ok = f"{type(e).__name__}: {e}", False
    ms = int((time.monotonic() - start) * 1000)
    if ok:
        passed += 1
    else:
        failed += 1
    print(f"{'ok  ' if ok else 'FAIL'} {name:<48} {ms:6d} ms  {detail}", flush=True)


def wait_for(what, timeout_s, cond, pump):
    """Calls pump until cond holds, at most timeout_s; says what it waited for when it gives up."""
    until = time.monotonic() + timeout_s
    while not cond():
        if time.monotonic() >= until:
            raise Check(f"gave up after {timeout_s:g} s waiting for {what()}")
        pump()


# --- the records every judge produces (../README.md) ---


def key(i):
    return None if i % 10 == 3 else f"key-{i}".encode()


def value(i):
    if i % 10 == 7:
        return None
    if i % 10 == 5:
        return b""
    return (f"value-{i}:" + "streamwire " * (i % 13)).encode()


def headers(i, codec):
    if i % 4 == 0:
        return []
    h = [("i", str(i).encode()), ("codec", codec.encode())]
    if i % 4 == 3:
        h += [("dup", b"a"), ("dup", b"b")]
    return h


def topic(what):
    return f"sw-py-{run}-{what}"


# --- clients ---


def common(bootstrap=None):
    return {
        "bootstrap.servers": bootstrap or args.bootstrap,
        "client.id": "streamwire-judge-confluent-kafka",
        "socket.timeout.ms": 15000,
        "reconnect.backoff.max.ms": 1000,
    }


def producer(**extra):
    conf = common()
    conf.update({"enable.idempotence": True, "acks": "all", "linger.ms": 5, "message.timeout.ms": 30000})
    conf.update(extra)
    return Producer(conf)


def consumer(group=None, **extra):
    conf = common()
    conf.update(
        {
            # librdkafka needs a group id even for assign(); a fresh one per consumer commits nothing.
            "group.id": group or topic(f"reader-{random.randrange(1 << 30)}"),
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            "fetch.wait.max.ms": 200,
        }
    )
    conf.update(extra)
    return Consumer(conf)


def group_conf(protocol):
    if protocol == "consumer":
        return {"group.protocol": "consumer"}
    # Heartbeats say when to rejoin; the default (3 s) would make each rebalance slow.
    return {"group.protocol": "classic", "heartbeat.interval.ms": 500, "session.timeout.ms": 10000}


def sasl_conf(password):
    conf = common(args.sasl_bootstrap)
    conf.update(
        {
            "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "PLAIN",
            "sasl.username": args.sasl_user,
            "sasl.password": password,
        }
    )
    return conf


def produce_all(p, messages):
    """Produces (topic, kwargs) messages, flushes, returns the delivered messages in order."""
    delivered = [None] * len(messages)
    errors = []

    def on_delivery(i):
        def cb(err, msg):
            if err is not None:
                errors.append((i, err))
            delivered[i] = msg

        return cb

    for i, (t, kw) in enumerate(messages):
        while True:
            try:
                p.produce(t, on_delivery=on_delivery(i), **kw)
                break
            except BufferError:
                p.poll(0.1)
    left = p.flush(CALL_S)
    check(left == 0, f"{left} messages still queued after {CALL_S:g} s")
    check(not errors, f"delivery failed: {errors[:3]}")
    return delivered


def read_partition(t, n, **extra):
    c = consumer(**extra)
    try:
        c.assign([TopicPartition(t, 0, OFFSET_BEGINNING)])
        got = []

        def pump():
            for m in c.consume(500, 0.2):
                check(m.error() is None, f"consume error: {m.error()}")
                got.append(m)

        wait_for(lambda: f"{n} records from {t}/0 (have {len(got)})", 60, lambda: len(got) >= n, pump)
        return got
    finally:
        c.close()


def compare(got, codec, base_ts):
    check(len(got) == args.records, f"expected {args.records} records, got {len(got)}")
    for i, m in enumerate(got):
        where = f"record {i}: "
        check(m.offset() == i, where + f"offset {m.offset()}")
        check(m.key() == key(i), where + f"key {m.key()!r}, expected {key(i)!r}")
        check(m.value() == value(i), where + f"value {m.value()!r}, expected {value(i)!r}")
        ts_type, ts = m.timestamp()
        check(
            ts_type == confluent_kafka.TIMESTAMP_CREATE_TIME and ts == base_ts + i,
            where + f"timestamp {ts_type}/{ts}, expected create time {base_ts + i}",
        )
        have = m.headers() or []
        check(have == headers(i, codec), where + f"headers {have}, expected {headers(i, codec)}")
    return f"{len(got)} records equal (offset, key, value, timestamp, headers)"


def main():
    global args, run
    ap = argparse.ArgumentParser()
    ap.add_argument("--bootstrap", required=True)
    ap.add_argument("--sasl-bootstrap", required=True)
    ap.add_argument("--sasl-user", required=True)
    ap.add_argument("--sasl-password", required=True)
    ap.add_argument("--deadline-s", type=int, default=240)
    ap.add_argument("--records", type=int, default=1000)
    args = ap.parse_args()
    run = format(int(time.time() * 1000) % 10**9, "x") + format(random.randrange(4096), "x")

    def on_deadline(_sig, _frame):
        print(f'FAIL session deadline: {args.deadline_s} s passed during step "{current}"', flush=True)
        print(f"confluent-kafka: {passed} passed, {failed + 1} failed", flush=True)
        os._exit(1)

    signal.signal(signal.SIGALRM, on_deadline)
    signal.alarm(args.deadline_s)
    print(
        f"confluent-kafka {confluent_kafka.version()} (librdkafka {confluent_kafka.libversion()[0]}) against "
        f"{args.bootstrap} (SASL {args.sasl_bootstrap}), run {run}, {args.records} records per codec, "
        f"deadline {args.deadline_s} s",
        flush=True,
    )
    session()
    print(f"confluent-kafka: {passed} passed, {failed} failed", flush=True)
    sys.exit(0 if failed == 0 else 1)


def session():
    base_ts = (int(time.time()) - 3600) * 1000
    group_topic, txn_topic = topic("group"), topic("txn")
    every = [topic(c) for c in CODECS] + [group_topic, txn_topic]
    admin = AdminClient(common())

    def connect():
        md = admin.list_topics(timeout=CALL_S)
        check(md.brokers, "no brokers")
        return f"cluster {md.cluster_id}, brokers {sorted(md.brokers)}, controller {md.controller_id}"

    step("connect + metadata: list_topics", connect)

    def versions():
        # librdkafka negotiates ApiVersions per connection; the cluster description goes through it.
        d = admin.describe_cluster(request_timeout=CALL_S).result(CALL_S)
        check(d.nodes, "no nodes")
        return f"cluster {d.cluster_id}, {len(d.nodes)} node(s), controller {d.controller.id if d.controller else None}"

    step("admin: describe cluster", versions)

    def create():
        new = [NewTopic(t, GROUP_PARTITIONS if t == group_topic else 1, 1) for t in every]
        for t, f in admin.create_topics(new, request_timeout=CALL_S).items():
            f.result(CALL_S)
        # The reply comes before the broker's metadata has the topics (KRaft propagates them).
        missing = list(every)

        def visible():
            md = admin.list_topics(timeout=CALL_S)
            missing[:] = [
                t
                for t in every
                if t not in md.topics
                or md.topics[t].error is not None
                or not md.topics[t].partitions
                or any(p.leader < 0 for p in md.topics[t].partitions.values())
            ]
            return not missing

        wait_for(lambda: f"the new topics with a leader in metadata (not yet: {missing})", 30, visible, lambda: time.sleep(0.1))
        return f"{len(new)} topics"

    step("admin: create topics", create)

    def describe():
        fs = admin.describe_topics(TopicCollection(every), request_timeout=CALL_S)
        d = {t: f.result(CALL_S) for t, f in fs.items()}
        check(len(d[group_topic].partitions) == GROUP_PARTITIONS, f"{group_topic}: {len(d[group_topic].partitions)} partitions")
        return f"{len(d)} described"

    step("admin: describe topics", describe)

    for codec in CODECS:

        def produce(codec=codec):
            p = producer(**{"compression.type": codec})
            msgs = [
                (topic(codec), dict(key=key(i), value=value(i), headers=headers(i, codec), partition=0, timestamp=base_ts + i))
                for i in range(args.records)
            ]
            delivered = produce_all(p, msgs)
            for i, m in enumerate(delivered):
                check(m.offset() == i, f"record {i} at offset {m.offset()}")
            return f"{len(delivered)} records at offsets 0..{len(delivered) - 1}"

        step(f"produce idempotent {codec}", produce)
        step(f"consume {codec}", lambda codec=codec: compare(read_partition(topic(codec), args.records), codec, base_ts))

    none0 = TopicPartition(topic("none"), 0)
    for protocol in ["classic", "consumer"]:
        group = topic(f"offsets-{protocol}")

        def commit(group=group, protocol=protocol):
            c = consumer(group, **group_conf(protocol))
            try:
                c.subscribe([topic("none")])
                got = []

                def pump():
                    for m in c.consume(500, 0.2):
                        check(m.error() is None, f"consume error: {m.error()}")
                        got.append(m)

                wait_for(lambda: f"the group's {args.records} records (have {len(got)})", 60, lambda: len(got) >= args.records, pump)
                check([m.offset() for m in got] == list(range(args.records)), "offsets out of order")
                c.commit(offsets=[TopicPartition(none0.topic, 0, args.records, f"streamwire {protocol}")], asynchronous=False)
                back = c.committed([TopicPartition(none0.topic, 0)], timeout=CALL_S)[0]
                check(back.offset == args.records and back.metadata == f"streamwire {protocol}", f"committed() gave {back}")
                return f'{len(got)} records, committed {back.offset} "{back.metadata}"'
            finally:
                c.close()

        step(f"group {protocol}: subscribe, consume, commit", commit)

        def fetch_offsets(group=group):
            fs = admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions(group)], request_timeout=CALL_S)
            res = fs[group].result(CALL_S)
            off = {(tp.topic, tp.partition): tp.offset for tp in res.topic_partitions}
            check(off.get((none0.topic, 0)) == args.records, f"offsets {off}")
            return f"offset {off[(none0.topic, 0)]}"

        step(f"group {protocol}: fetch offsets (admin)", fetch_offsets)

    for protocol in ["classic", "consumer"]:
        step(f"group {protocol}: rebalance two members", lambda protocol=protocol: rebalance(group_topic, protocol))

    txn_group = topic("txn-group")

    def transaction():
        p = producer(**{"transactional.id": topic("txn-id")})
        p.init_transactions(CALL_S)
        p.begin_transaction()
        produce_all(p, [(txn_topic, dict(key=f"k{i}".encode(), value=f"aborted-{i}".encode(), partition=0)) for i in range(100)])
        p.abort_transaction(CALL_S)
        p.begin_transaction()
        produce_all(p, [(txn_topic, dict(key=f"k{i}".encode(), value=f"committed-{i}".encode(), partition=0)) for i in range(100)])
        g = consumer(txn_group)
        try:
            p.send_offsets_to_transaction([TopicPartition(none0.topic, 0, 500)], g.consumer_group_metadata(), CALL_S)
        finally:
            g.close()
        p.commit_transaction(CALL_S)
        # A plain record after the transactions: what a reader sees before it is the answer.
        produce_all(producer(), [(txn_topic, dict(value=b"end", partition=0))])
        return "100 aborted, 100 committed, 1 plain after"

    step("transaction: abort then commit (offsets in it)", transaction)

    def read_committed():
        got = read_partition(txn_topic, 101, **{"isolation.level": "read_committed"})
        vals = [m.value() for m in got]
        check(vals == [f"committed-{i}".encode() for i in range(100)] + [b"end"], f"read {len(vals)}: {vals[:3]}…")
        return "100 committed records, then the plain one"

    step("transaction: read_committed sees committed only", read_committed)

    def read_uncommitted():
        got = read_partition(txn_topic, 201, **{"isolation.level": "read_uncommitted"})
        vals = [m.value() for m in got]
        check(vals[0] == b"aborted-0" and vals[100] == b"committed-0" and vals[200] == b"end", f"{vals[0]} {vals[100]} {vals[200]}")
        return "100 aborted, 100 committed, 1 plain"

    step("transaction: read_uncommitted sees both", read_uncommitted)

    def txn_offsets():
        res = admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions(txn_group)], request_timeout=CALL_S)[txn_group].result(CALL_S)
        off = {(tp.topic, tp.partition): tp.offset for tp in res.topic_partitions}
        check(off.get((none0.topic, 0)) == 500, f"offsets {off}")
        return "offset 500"

    step("transaction: offsets committed in it", txn_offsets)

    missing = topic("missing")

    def unknown_admin():
        try:
            admin.describe_topics(TopicCollection([missing]), request_timeout=CALL_S)[missing].result(CALL_S)
        except KafkaException as e:
            code = e.args[0].code()
            check(code == KafkaError.UNKNOWN_TOPIC_OR_PART, f"expected UNKNOWN_TOPIC_OR_PART, got {e}")
            return "KafkaException UNKNOWN_TOPIC_OR_PART"
        raise Check("describe_topics succeeded")

    step("error: unknown topic (admin)", unknown_admin)

    def unknown_produce():
        # librdkafka fails the message once metadata says the topic does not exist (after the
        # propagation grace period, shortened here).
        p = producer(**{"topic.metadata.propagation.max.ms": 1000})
        errs = []
        p.produce(missing, value=b"v", on_delivery=lambda err, _m: errs.append(err))
        wait_for(lambda: "the delivery report of a record to a missing topic", 30, lambda: errs, lambda: p.poll(0.2))
        check(
            errs[0] is not None and errs[0].code() == KafkaError.UNKNOWN_TOPIC_OR_PART,
            f"expected UNKNOWN_TOPIC_OR_PART, got {errs[0]}",
        )
        return f"delivery error {errs[0].name()}: {errs[0].str()}"

    step("error: unknown topic (producer)", unknown_produce)

    def sasl_ok():
        a = AdminClient(sasl_conf(args.sasl_password))
        md = a.list_topics(timeout=CALL_S)
        return f"cluster {md.cluster_id} as {args.sasl_user}"

    step("sasl: PLAIN login", sasl_ok)

    def sasl_wrong():
        errs = []
        conf = sasl_conf(args.sasl_password + "-wrong")
        conf["error_cb"] = errs.append
        p = Producer(conf)
        wait_for(lambda: "the client's error callback after a wrong password", 30, lambda: errs, lambda: p.poll(0.2))
        e = errs[0]
        check(e.code() == KafkaError._AUTHENTICATION, f"expected _AUTHENTICATION, got {e}")
        return f"{e.name()}: {e.str()}"

    step("error: wrong SASL password", sasl_wrong)

    def delete():
        for _t, f in admin.delete_topics(every, request_timeout=CALL_S).items():
            f.result(CALL_S)
        left = []

        def gone():
            md = admin.list_topics(timeout=CALL_S)
            left[:] = [t for t in every if t in md.topics and md.topics[t].error is None]
            return not left

        wait_for(lambda: f"{left} to leave metadata", 30, gone, lambda: time.sleep(0.1))
        return f"{len(every)} topics deleted"

    step("admin: delete topics", delete)


def rebalance(t, protocol):
    """a joins alone and gets every partition; b joins and the two split them; b leaves and a has
    them all again. Callbacks run inside poll(), so the members are polled in turn."""
    group = topic(f"rebalance-{protocol}")
    every = {(t, p) for p in range(GROUP_PARTITIONS)}

    def owned(c):
        return {(tp.topic, tp.partition) for tp in c.assignment()}

    a = consumer(group, **group_conf(protocol))
    try:
        a.subscribe([t])
        wait_for(lambda: f"member a to own every partition (owns {sorted(owned(a))})", 60, lambda: owned(a) == every, lambda: a.poll(0.1))
        b = consumer(group, **group_conf(protocol))
        try:
            b.subscribe([t])

            def split():
                sa, sb = owned(a), owned(b)
                return sa and sb and not (sa & sb) and sa | sb == every

            def pump():
                a.poll(0.05)
                b.poll(0.05)

            wait_for(lambda: f"a and b to split the partitions (a {sorted(owned(a))}, b {sorted(owned(b))})", 60, split, pump)
            shares = f"{len(owned(a))}+{len(owned(b))}"
        finally:
            b.close()
        wait_for(
            lambda: f"member a to own every partition after b left (owns {sorted(owned(a))})",
            60,
            lambda: owned(a) == every,
            lambda: a.poll(0.1),
        )
        return f"a alone {GROUP_PARTITIONS}, a+b {shares}, a after b left {len(owned(a))}"
    finally:
        a.close()


if __name__ == "__main__":
    main()
