"""The official Python SDK (apache-iggy 0.9.0, Rust iggy 0.11.0 inside) running a scripted
session over TCP against the address given as the only argument (streamwire's endpoint at
revision 0.11.0, see ../python.ts). Every step prints one line, `ok <name>` or
`FAIL <name>: <why>`; the last line is `N passed, N failed`, and the exit status is non-zero
when a step failed. Every call is bounded in time (STEP_SECONDS)."""

import asyncio
import datetime
import os
import sys

from apache_iggy import (
    AutoLogin,
    Consumer,
    HeaderValue,
    IggyClient,
    IggyExpiry,
    MaxTopicSize,
    Partitioning,
    PollingStrategy,
    SendMessage,
    TcpConfig,
)

STEP_SECONDS = 20
LONG_NAME = "é" * 127 + "x"  # 255 bytes of UTF-8
UNICODE = "стрим-ストリーム-🚀"


class Script:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    async def step(self, name, coro_fn):
        """Runs one step: an async function that raises, or returns a failure text, to fail."""
        try:
            result = await asyncio.wait_for(coro_fn(), STEP_SECONDS)
            why = result if isinstance(result, str) else None
        except Exception as e:  # the SDK raises RuntimeError (and subclasses) for server errors
            why = f"{type(e).__name__}: {e}"
        if why is None:
            self.passed += 1
            print(f"ok {name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL {name}: {why}", flush=True)


def expect(cond, what):
    return None if cond else what


async def refused(coro):
    """A call that must raise; returns None when it did, a failure text when it succeeded."""
    try:
        v = await coro
    except Exception:
        return None
    return f"expected an error, got {v!r}"


# The SDK's heartbeat (a background ping, by default every 5 s from connect()) is the only other
# user of a client's connection. After a drop, whichever call meets the dead socket first redials,
# paced by `reestablish_after` (5 s from the last connect, so it ends within a few ms of the 5-s
# heartbeat tick): the heartbeat's ping then meets the reconnect in progress, and once that
# reconnect is done it drops the new connection and redials once more (`send_raw_with_response`
# disconnects whatever transport it finds). Every call made meanwhile fails at the SDK's own gate
# (`fail_if_not_authenticated`: `Disconnected`, or `Not connected` for the call that was mid-
# replay) without any reconnect. So the clients here ping once, at connect, and not again within
# the session (python.ts bounds it far below this interval): the script is then the only user of
# the connection, and what the reconnect step checks is deterministic.
HEARTBEAT = datetime.timedelta(hours=1)


def client(address, auto_login=None):
    if auto_login is None:
        return IggyClient(TcpConfig(server_address=address, heartbeat_interval=HEARTBEAT))
    return IggyClient(TcpConfig(server_address=address, auto_login=auto_login, heartbeat_interval=HEARTBEAT))


def every_header_kind():
    return {
        "raw": HeaderValue.Raw(b"\x00\x01"),
        "string": HeaderValue.String("grüße"),
        "bool": HeaderValue.Bool(True),
        "i8": HeaderValue.Int8(-8),
        "i16": HeaderValue.Int16(-16),
        "i32": HeaderValue.Int32(-32),
        "i64": HeaderValue.Int64(-64),
        "i128": HeaderValue.Int128(-(2**100)),
        "u8": HeaderValue.UnsignedInt8(8),
        "u16": HeaderValue.UnsignedInt16(16),
        "u32": HeaderValue.UnsignedInt32(32),
        "u64": HeaderValue.UnsignedInt64(2**63),
        "u128": HeaderValue.UnsignedInt128(2**100),
        "f32": HeaderValue.Float32(1.5),
        "f64": HeaderValue.Float64(-2.25),
    }


async def main(address):
    s = Script()
    c = client(address)
    stream = "py-stream"
    topic = "py-topic"

    await s.step("connect", lambda: c.connect())
    await s.step("ping before login", lambda: c.ping())
    await s.step("login with a wrong password is refused", lambda: refused(c.login_user("iggy", "wrong")))
    # The refusal is an eviction: the SDK redials on its own; a fresh client logs in.
    c = client(address)
    await s.step("connect again", lambda: c.connect())
    await s.step("login (username/password)", lambda: c.login_user("iggy", "iggy"))
    await s.step("ping", lambda: c.ping())

    # ---- Streams, odd names included.
    await s.step("create stream", lambda: c.create_stream(stream))

    async def get_stream():
        d = await c.get_stream(stream)
        return expect(d is not None and d.name == stream and d.topics_count == 0, f"stream details {d!r}")

    await s.step("get stream", get_stream)

    async def missing_stream():
        return expect(await c.get_stream("nope") is None, "a missing stream is None")

    await s.step("get missing stream is None", missing_stream)

    async def odd_stream(name):
        await c.create_stream(name)
        d = await c.get_stream(name)
        if d is None or d.name != name:
            return f"got {d!r}"
        await c.delete_stream(name)
        return expect(await c.get_stream(name) is None, "deleted")

    await s.step("stream with a Unicode name: create, get, delete", lambda: odd_stream(UNICODE))
    await s.step("stream with a 255-byte name: create, get, delete", lambda: odd_stream(LONG_NAME))
    await s.step("create stream that exists is refused", lambda: refused(c.create_stream(stream)))

    async def update_stream():
        await c.update_stream(stream, "py-stream-2")
        return expect((await c.get_stream("py-stream-2")) is not None, "renamed")

    await s.step("update stream (rename)", update_stream)
    stream = "py-stream-2"

    async def list_streams():
        names = [x.name for x in await c.get_streams()]
        return expect(names == [stream], f"one renamed stream: {names}")

    await s.step("list streams", list_streams)

    # ---- Topics and partitions.
    await s.step(
        "create topic (3 partitions, expiry 1 h)",
        lambda: c.create_topic(
            stream, topic, 3, message_expiry=IggyExpiry.ExpireDuration(datetime.timedelta(hours=1))
        ),
    )

    async def get_topic():
        t = await c.get_topic(stream, topic)
        return expect(t is not None and t.partitions_count == 3 and len(t.partitions) == 3, f"topic {t!r}")

    await s.step("get topic", get_topic)

    async def update_topic():
        await c.update_topic(
            stream,
            topic,
            topic,
            message_expiry=IggyExpiry.ExpireDuration(datetime.timedelta(hours=2)),
            max_topic_size=MaxTopicSize.Custom(10**9),
        )
        t = await c.get_topic(stream, topic)
        return expect(t is not None and t.name == topic, f"topic {t!r}")

    await s.step("update topic (expiry and size cap)", update_topic)

    async def odd_topic(name):
        await c.create_topic(stream, name, 1)
        t = await c.get_topic(stream, name)
        if t is None or t.name != name:
            return f"got {t!r}"
        await c.delete_topic(stream, name)
        return expect(await c.get_topic(stream, name) is None, "deleted")

    await s.step("topic with a Unicode name: create, get, delete", lambda: odd_topic(UNICODE))
    await s.step("topic with a 255-byte name: create, get, delete", lambda: odd_topic(LONG_NAME))

    async def missing_topic():
        return expect(await c.get_topic(stream, "nope") is None, "a missing topic is None")

    await s.step("get missing topic is None", missing_topic)

    async def partitions():
        await c.create_partitions(stream, topic, 2)
        t = await c.get_topic(stream, topic)
        if t is None or t.partitions_count != 5:
            return f"5 partitions after create: {t and t.partitions_count}"
        await c.delete_partitions(stream, topic, 2)
        t = await c.get_topic(stream, topic)
        return expect(t is not None and t.partitions_count == 3, "3 partitions after delete")

    await s.step("create 2 partitions, delete 2", partitions)

    # ---- Sending.
    async def empty_message():
        # The SDK refuses a 0-byte payload itself (ValueError "Invalid message payload length"),
        # before anything is sent.
        try:
            SendMessage(b"", id=1)
            await c.send_messages(stream, topic, Partitioning.partition_id(0), [SendMessage(b"", id=1)])
        except ValueError as e:
            return expect("payload" in str(e), f"the SDK's own refusal: {e}")
        return "a 0-byte message was sent"

    await s.step("send an empty message (the SDK refuses it: Invalid message payload length)", empty_message)
    await s.step(
        "send a 1-byte message",
        lambda: c.send_messages(stream, topic, Partitioning.partition_id(0), [SendMessage(b"\x00", id=1)]),
    )
    await s.step(
        "send a 1 MiB message",
        lambda: c.send_messages(stream, topic, Partitioning.partition_id(0), [SendMessage(b"\xab" * (1 << 20), id=2)]),
    )
    await s.step(
        "send a Unicode message",
        lambda: c.send_messages(stream, topic, Partitioning.partition_id(0), [SendMessage(UNICODE, id=3)]),
    )
    await s.step(
        "send a message with every user-header kind",
        lambda: c.send_messages(
            stream, topic, Partitioning.partition_id(0), [SendMessage("headers", user_headers=every_header_kind(), id=4)]
        ),
    )
    await s.step(
        "send 100 messages to partition 1",
        lambda: c.send_messages(
            stream, topic, Partitioning.partition_id(1), [SendMessage(f"m{i}", id=100 + i) for i in range(100)]
        ),
    )

    # ---- Polling, every strategy, with and without auto-commit.
    single = Consumer.Single(7)

    async def poll(strategy, count, auto_commit, partition=1):
        return await c.poll_messages(
            stream, topic, consumer=single, polling_strategy=strategy, count=count,
            auto_commit=auto_commit, partition_id=partition,
        )

    async def poll_partition_0():
        got = await poll(PollingStrategy.Offset(0), 10, False, partition=0)
        kinds = {}
        if len(got) == 4:
            kinds = got[3].user_headers() or {}
        return expect(
            [len(m.payload()) for m in got] == [1, 1 << 20, len(UNICODE.encode()), 7] and len(kinds) == 15,
            f"1 B, 1 MiB, Unicode, 15 header kinds: {[len(m.payload()) for m in got]} {len(kinds)}",
        )

    await s.step("poll partition 0 from offset 0 (the odd messages come back whole)", poll_partition_0)

    async def poll_offset():
        got = await poll(PollingStrategy.Offset(95), 10, False)
        return expect([m.offset() for m in got] == [95, 96, 97, 98, 99], f"offsets {[m.offset() for m in got]}")

    await s.step("poll offset 95, count 10 (5 left)", poll_offset)
    first_ts = {}

    async def poll_first():
        got = await poll(PollingStrategy.First(), 3, False)
        if got:
            first_ts["t"] = got[0].timestamp()
        return expect([m.offset() for m in got] == [0, 1, 2], f"offsets {[m.offset() for m in got]}")

    await s.step("poll first, count 3", poll_first)

    async def poll_last():
        got = await poll(PollingStrategy.Last(), 2, False)
        return expect([m.offset() for m in got] == [98, 99], f"offsets {[m.offset() for m in got]}")

    await s.step("poll last, count 2", poll_last)

    async def poll_timestamp():
        got = await poll(PollingStrategy.Timestamp(first_ts.get("t", 0)), 5, False)
        return expect(len(got) == 5 and got[0].offset() == 0, f"offsets {[m.offset() for m in got]}")

    await s.step("poll timestamp (from the first message's)", poll_timestamp)

    async def poll_next_without_commit():
        a = await poll(PollingStrategy.Next(), 5, False)
        b = await poll(PollingStrategy.Next(), 5, False)
        return expect(
            [m.offset() for m in a] == [m.offset() for m in b] == [0, 1, 2, 3, 4], "without auto-commit, next repeats"
        )

    await s.step("poll next without auto-commit, twice (the same 5)", poll_next_without_commit)

    async def poll_next_with_commit():
        a = await poll(PollingStrategy.Next(), 10, True)
        b = await poll(PollingStrategy.Next(), 10, True)
        return expect(
            [m.offset() for m in a] == list(range(10)) and [m.offset() for m in b] == list(range(10, 20)),
            f"0..9 then 10..19: {[m.offset() for m in a]} {[m.offset() for m in b]}",
        )

    await s.step("poll next with auto-commit, twice (0..9 then 10..19: the offset is stored)", poll_next_with_commit)

    # ---- Consumer groups and their stored offsets.
    await s.step("create consumer group", lambda: c.create_consumer_group(stream, topic, "py-group"))
    await s.step("join consumer group", lambda: c.join_consumer_group(stream, topic, "py-group"))

    async def group_members():
        g = await c.get_consumer_group(stream, topic, "py-group")
        return expect(g is not None and g.members_count == 1, f"one member: {g!r}")

    await s.step("get consumer group (one member)", group_members)

    async def group_poll():
        got = await c.poll_messages(
            stream, topic, consumer=Consumer.Group("py-group"), polling_strategy=PollingStrategy.Next(),
            count=10, auto_commit=True,
        )
        return expect(len(got) > 0, "the member polls its partitions")

    await s.step("poll as a group member (auto-commit)", group_poll)
    await s.step("leave consumer group", lambda: c.leave_consumer_group(stream, topic, "py-group"))

    async def group_offsets():
        consumer = await c.consumer_group(
            "py-offsets", stream, topic, create_consumer_group_if_not_exists=True, auto_join_consumer_group=True
        )
        await consumer.store_offset(42, 1)
        stored = consumer.get_last_stored_offset(1)
        await consumer.delete_offset(1)
        return expect(stored == 42, f"stored 42: {stored}")

    await s.step("store a group's consumer offset, read it back, delete it", group_offsets)

    # After the polls above, which count the messages of partitions 0 and 1.
    await s.step(
        "send with balanced partitioning and by key",
        lambda: asyncio.gather(
            c.send_messages(stream, topic, Partitioning.balanced(), [SendMessage("balanced")]),
            c.send_messages(stream, topic, Partitioning.messages_key("key-1"), [SendMessage("keyed")]),
        ),
    )

    # ---- Stats.
    async def stats():
        st = await c.get_stats()
        return expect(st.streams_count == 1 and st.topics_count == 1 and st.messages_count >= 106, f"stats {st!r}")

    await s.step("get stats (1 stream, 1 topic, the messages)", stats)

    # ---- A personal access token (the SDK has no call for it: the raw binary request, code 42).
    token = {}

    async def create_token():
        name = b"py-token"
        body = bytes([len(name)]) + name + (0).to_bytes(8, "little")  # expiry 0: the server default
        reply = await c.send_binary_request(42, body)
        token["value"] = reply[1 : 1 + reply[0]].decode()
        return expect(reply[0] > 0, "a token")

    await s.step("create a personal access token (raw request 42)", create_token)

    async def token_login():
        pc = client(address, AutoLogin.personal_access_token(token.get("value", "")))
        await pc.connect()
        names = [x.name for x in await pc.get_streams()]
        return expect(names == [stream], f"sees the stream: {names}")

    await s.step("login with the personal access token (auto-login on connect)", token_login)

    async def bad_token():
        bc = client(address, AutoLogin.personal_access_token("no-such-token"))
        try:
            await bc.connect()
        except Exception:
            return None
        return await refused(bc.get_streams())

    await s.step("login with an unknown token is refused", bad_token)

    # ---- Reconnect: the endpoint drops the connection after creating stream "peer-reconnect".
    # What the SDK guarantees: the reply before the drop arrives (create succeeds); the next call
    # meets the closed socket, redials (after `reestablish_after`, 5 s from the last connect), signs
    # in again with the credentials of the last login and replays itself, since a read is safe to
    # replay under a new session. That holds when the call is the one that finds the drop; with a
    # heartbeat running it need not be (see HEARTBEAT), hence the clients' long interval.
    await s.step("create stream peer-reconnect (the server drops the connection after it)",
                 lambda: c.create_stream("peer-reconnect"))

    async def after_reconnect():
        d = await c.get_stream("peer-reconnect")
        return expect(d is not None, "the SDK reconnected and sees the stream")

    await s.step("the next call reconnects", after_reconnect)
    await s.step("delete stream peer-reconnect", lambda: c.delete_stream("peer-reconnect"))

    # ---- Cleanup.
    await s.step("delete topic", lambda: c.delete_topic(stream, topic))
    await s.step("delete stream", lambda: c.delete_stream(stream))
    await s.step("logout", lambda: c.logout_user())

    print(f"{s.passed} passed, {s.failed} failed", flush=True)
    return 1 if s.failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: session.py <host:port>", file=sys.stderr)
        sys.exit(2)
    status = asyncio.run(main(sys.argv[1]))
    # Leave without the interpreter's finalization. The SDK completes each awaitable from a Tokio
    # worker thread, which calls the loop's call_soon_threadsafe and so writes the loop's wake-up
    # byte with the GIL released; the main thread can take the GIL meanwhile, finish the script and
    # start finalizing. The worker then finds the interpreter finalizing when it takes the GIL back,
    # CPython 3.11 ends that thread with pthread_exit, and the forced unwind through the SDK's Rust
    # frames aborts the process (SIGABRT after the summary; a core showed exactly this stack). No
    # call of the Python API waits for that hand-off: IggyClient has no close/disconnect, and
    # dropping the clients first made it more frequent (the script ends sooner), not less.
    # os._exit ends every thread at once, after the output is flushed.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
