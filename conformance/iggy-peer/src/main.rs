//! The official Iggy Rust SDK (crate `iggy` 0.11.1-edge.4) running a scripted session over TCP
//! against the address given as the only argument (streamwire's loopback endpoint, endpoint.ts).
//! Every step prints one line, `ok <name>` or `FAIL <name>: <why>`; the last line is
//! `N passed, N failed`, and the exit status is non-zero when a step failed.

use iggy::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

struct Script {
    passed: u32,
    failed: u32,
}

impl Script {
    fn check(&mut self, name: &str, outcome: Result<(), String>) {
        match outcome {
            Ok(()) => {
                self.passed += 1;
                println!("ok {name}");
            }
            Err(why) => {
                self.failed += 1;
                println!("FAIL {name}: {why}");
            }
        }
    }
}

fn expect(cond: bool, what: &str) -> Result<(), String> {
    if cond { Ok(()) } else { Err(what.to_owned()) }
}

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// A step that must fail with exactly `code` (the IggyError code the SDK maps the reply to).
fn expect_error<T: std::fmt::Debug>(result: Result<T, IggyError>, code: u32) -> Result<(), String> {
    match result {
        Ok(v) => Err(format!("expected error {code}, got Ok({v:?})")),
        Err(e) if e.as_code() == code => Ok(()),
        Err(e) => Err(format!("expected error {code}, got {e:?} ({})", e.as_code())),
    }
}

fn message(id: u128, payload: &str, headers: Option<BTreeMap<HeaderKey, HeaderValue>>) -> IggyMessage {
    IggyMessage::builder()
        .id(id)
        .payload(payload.to_owned().into())
        .maybe_user_headers(headers)
        .build()
        .expect("message")
}

/// One poll of a partition, in the shape of the SDK's API: up to edge.4 `poll_messages` takes the
/// count and an auto-commit flag; from edge.9 on it takes `PollOptions`, where the flag is the
/// `OnRead` commit policy (the server stores the offset as part of the read, as before).
trait Poll {
    #[allow(clippy::too_many_arguments)]
    async fn poll(
        &self,
        stream: &Identifier,
        topic: &Identifier,
        partition: u32,
        consumer: &Consumer,
        strategy: &PollingStrategy,
        count: u32,
        auto_commit: bool,
    ) -> Result<PolledMessages, IggyError>;
}

impl Poll for IggyClient {
    async fn poll(
        &self,
        stream: &Identifier,
        topic: &Identifier,
        partition: u32,
        consumer: &Consumer,
        strategy: &PollingStrategy,
        count: u32,
        auto_commit: bool,
    ) -> Result<PolledMessages, IggyError> {
        #[cfg(not(feature = "poll-options"))]
        return self.poll_messages(stream, topic, Some(partition), consumer, strategy, count, auto_commit).await;
        #[cfg(feature = "poll-options")]
        {
            let commit = if auto_commit { CommitPolicy::OnRead } else { CommitPolicy::Manual };
            let options = PollOptions { count, commit, ..PollOptions::default() };
            self.poll_messages(stream, topic, partition, consumer, strategy, options).await
        }
    }
}

fn client(address: &str, auto_login: AutoLogin) -> IggyClient {
    let config = TcpClientConfig {
        server_address: address.to_owned(),
        auto_login,
        ..Default::default()
    };
    let tcp = TcpClient::create(Arc::new(config)).expect("tcp client");
    IggyClient::create(ClientWrapper::Tcp(tcp), None, None)
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let address = std::env::args().nth(1).expect("usage: iggy-peer <host:port> [<host:port of a server with another protocol window>]");
    let newer_server = std::env::args().nth(2);
    let mut s = Script { passed: 0, failed: 0 };
    let c = client(&address, AutoLogin::Disabled);
    let sid = Identifier::named("peer-stream").unwrap();
    let tid = Identifier::named("peer-topic").unwrap();

    s.check("connect", c.connect().await.map_err(err));
    s.check("ping before login", c.ping().await.map_err(err));
    s.check(
        "login with a wrong password is refused",
        expect_error(c.login_user("iggy", "wrong").await, IggyError::InvalidCredentials.as_code()),
    );
    s.check(
        "login (username/password)",
        match c.login_user("iggy", "iggy").await {
            Ok(identity) => expect(identity.user_id == 0, "root user id 0"),
            Err(e) => Err(err(e)),
        },
    );
    s.check("ping", c.ping().await.map_err(err));

    // Streams.
    s.check(
        "create stream",
        match c.create_stream("peer-stream", &StreamCreateOptions::default()).await {
            Ok(stream) => expect(stream.name == "peer-stream" && stream.topics_count == 0, "stream details"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "create stream that exists",
        expect_error(
            c.create_stream("peer-stream", &StreamCreateOptions::default()).await,
            IggyError::StreamNameAlreadyExists(String::new()).as_code(),
        ),
    );
    s.check(
        "get stream",
        match c.get_stream(&sid).await {
            Ok(Some(stream)) => expect(stream.name == "peer-stream", "name"),
            other => Err(err(other)),
        },
    );
    s.check(
        "get missing stream",
        match c.get_stream(&Identifier::named("nope").unwrap()).await {
            Ok(None) => Ok(()),
            other => Err(err(other)),
        },
    );
    s.check(
        "update stream",
        c.update_stream(
            &sid,
            &StreamUpdateOptions { name: Some("peer-stream-2".to_owned()), ..Default::default() },
        )
        .await
        .map_err(err),
    );
    let sid = Identifier::named("peer-stream-2").unwrap();
    s.check(
        "list streams",
        match c.get_streams().await {
            Ok(list) => expect(list.len() == 1 && list[0].name == "peer-stream-2", "one renamed stream"),
            Err(e) => Err(err(e)),
        },
    );

    // Topics.
    s.check(
        "create topic (3 partitions)",
        match c
            .create_topic(
                &sid,
                "peer-topic",
                &TopicCreateOptions { partitions_count: Some(3), ..Default::default() },
            )
            .await
        {
            Ok(topic) => expect(topic.partitions_count == 3, "3 partitions"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "get topic",
        match c.get_topic(&sid, &tid).await {
            Ok(Some(topic)) => expect(topic.partitions.len() == 3, "3 partitions"),
            other => Err(err(other)),
        },
    );

    // Messages.
    let mut headers = BTreeMap::new();
    headers.insert(HeaderKey::try_from("kind").unwrap(), HeaderValue::try_from("greeting").unwrap());
    headers.insert(HeaderKey::try_from("n").unwrap(), HeaderValue::from(42u64));
    let mut one = vec![message(1, "hello", Some(headers))];
    s.check(
        "send 1 message with user headers to partition 0",
        c.send_messages(&sid, &tid, &Partitioning::partition_id(0), &mut one).await.map(|_| ()).map_err(err),
    );
    let consumer = Consumer::new(Identifier::numeric(7).unwrap());
    s.check(
        "poll partition 0 from offset 0",
        match c
            .poll(&sid, &tid, 0, &consumer, &PollingStrategy::offset(0), 10, false)
            .await
        {
            Ok(polled) => expect(
                polled.messages.len() == 1
                    && polled.messages[0].payload.as_ref() == b"hello"
                    && polled.messages[0].header.id == 1
                    && polled.messages[0]
                        .user_headers_map()
                        .ok()
                        .flatten()
                        .is_some_and(|h| h.len() == 2),
                "the message that was sent",
            ),
            Err(e) => Err(err(e)),
        },
    );

    s.check(
        "delete stream",
        c.delete_stream(&sid).await.map_err(err),
    );
    s.check(
        "delete missing stream (by name)",
        expect_error(c.delete_stream(&sid).await, IggyError::StreamNameNotFound(String::new()).as_code()),
    );
    s.check(
        "delete missing stream (by id)",
        expect_error(
            c.delete_stream(&Identifier::numeric(999).unwrap()).await,
            IggyError::StreamIdNotFound(Default::default()).as_code(),
        ),
    );


    // ---- The endpoint drops the connection after creating "peer-reconnect": the SDK redials
    // and carries its session over to the new connection (BindSession), numbering continuing.
    s.check(
        "create stream peer-reconnect (the server drops the connection after the reply)",
        c.create_stream("peer-reconnect", &StreamCreateOptions::default()).await.map(|_| ()).map_err(err),
    );
    s.check(
        "after the drop: get stream peer-reconnect on a new connection, same session",
        match c.get_stream(&Identifier::named("peer-reconnect").unwrap()).await {
            Ok(Some(stream)) => expect(stream.name == "peer-reconnect", "name"),
            other => Err(err(other)),
        },
    );
    s.check(
        "delete stream peer-reconnect",
        c.delete_stream(&Identifier::named("peer-reconnect").unwrap()).await.map_err(err),
    );

    // ---- Topics, partitions and segments on a second stream.
    let s2 = Identifier::named("peer-data").unwrap();
    let t2 = Identifier::named("events").unwrap();
    s.check(
        "create stream peer-data",
        c.create_stream("peer-data", &StreamCreateOptions::default()).await.map(|_| ()).map_err(err),
    );
    s.check(
        "create topic events (2 partitions)",
        c.create_topic(&s2, "events", &TopicCreateOptions { partitions_count: Some(2), ..Default::default() })
            .await
            .map(|_| ())
            .map_err(err),
    );
    s.check(
        "create topic that exists",
        expect_error(
            c.create_topic(&s2, "events", &TopicCreateOptions { partitions_count: Some(1), ..Default::default() })
                .await,
            IggyError::TopicNameAlreadyExists(String::new(), Identifier::default()).as_code(),
        ),
    );
    s.check(
        "create topic in a missing stream",
        expect_error(
            c.create_topic(&Identifier::named("nope").unwrap(), "x", &TopicCreateOptions::default()).await,
            IggyError::StreamNameNotFound(String::new()).as_code(),
        ),
    );
    s.check(
        "create topic scratch, rename it, list topics, delete it",
        async {
            c.create_topic(&s2, "scratch", &TopicCreateOptions { partitions_count: Some(1), ..Default::default() })
                .await
                .map_err(err)?;
            c.update_topic(
                &s2,
                &Identifier::named("scratch").unwrap(),
                &TopicUpdateOptions { name: Some("scratch-2".to_owned()), ..Default::default() },
            )
            .await
            .map_err(err)?;
            let topics = c.get_topics(&s2).await.map_err(err)?;
            expect(topics.len() == 2 && topics.iter().any(|t| t.name == "scratch-2"), "renamed topic listed")?;
            c.delete_topic(&s2, &Identifier::named("scratch-2").unwrap()).await.map_err(err)
        }
        .await,
    );
    s.check(
        "update a topic's message expiry and size cap (every field of the patch applies)",
        async {
            c.create_topic(&s2, "expiring", &TopicCreateOptions { partitions_count: Some(1), ..Default::default() })
                .await
                .map_err(err)?;
            let tid = Identifier::named("expiring").unwrap();
            c.update_topic(
                &s2,
                &tid,
                &TopicUpdateOptions {
                    message_expiry: Some(IggyExpiry::ExpireDuration(IggyDuration::from(60_000_000u64))),
                    max_topic_size: Some(MaxTopicSize::Custom(IggyByteSize::from(1_000_000_000u64))),
                    ..Default::default()
                },
            )
            .await
            .map_err(err)?;
            let t = c.get_topic(&s2, &tid).await.map_err(err)?.ok_or("topic gone")?;
            let has = |key: &str| t.options.keys().any(|k| k.as_str().is_ok_and(|s| s == key));
            expect(t.name == "expiring" && has("message_expiry") && has("max_topic_size"), "both options kept")?;
            c.delete_topic(&s2, &tid).await.map_err(err)
        }
        .await,
    );
    s.check(
        "get missing topic",
        match c.get_topic(&s2, &Identifier::named("nope").unwrap()).await {
            Ok(None) => Ok(()),
            other => Err(err(other)),
        },
    );
    s.check(
        "create 2 partitions (4 in all)",
        async {
            c.create_partitions(&s2, &t2, 2).await.map_err(err)?;
            let topic = c.get_topic(&s2, &t2).await.map_err(err)?.ok_or("topic")?;
            expect(topic.partitions_count == 4 && topic.partitions.len() == 4, "4 partitions")
        }
        .await,
    );
    s.check(
        "delete 1 partition (3 left)",
        async {
            c.delete_partitions(&s2, &t2, 1).await.map_err(err)?;
            let topic = c.get_topic(&s2, &t2).await.map_err(err)?.ok_or("topic")?;
            expect(topic.partitions_count == 3, "3 partitions")
        }
        .await,
    );

    // ---- Sending: several batch sizes, user headers, every partitioning kind.
    for (size, partition) in [(1usize, 0u32), (10, 1), (100, 2)] {
        let mut batch: Vec<IggyMessage> = (0..size)
            .map(|i| {
                let mut h = BTreeMap::new();
                h.insert(HeaderKey::try_from("seq").unwrap(), HeaderValue::from(i as u32));
                message(1000 + i as u128, &format!("batch-{size}-{i}"), if i % 2 == 0 { Some(h) } else { None })
            })
            .collect();
        s.check(
            &format!("send a batch of {size} to partition {partition}"),
            c.send_messages(&s2, &t2, &Partitioning::partition_id(partition), &mut batch)
                .await
                .map(|_| ())
                .map_err(err),
        );
    }
    s.check(
        "send to a missing topic",
        expect_error(
            c.send_messages(&s2, &Identifier::named("nope").unwrap(), &Partitioning::partition_id(0), &mut [
                message(1, "x", None),
            ])
            .await,
            IggyError::TopicNameNotFound(String::new(), String::new()).as_code(),
        ),
    );

    // ---- Polling: every strategy, auto-commit.
    let c7 = Consumer::new(Identifier::numeric(7).unwrap());
    let poll = |strategy: PollingStrategy, count: u32, auto_commit: bool| {
        let c = &c;
        let s2 = s2.clone();
        let t2 = t2.clone();
        let c7 = c7.clone();
        async move { c.poll(&s2, &t2, 2, &c7, &strategy, count, auto_commit).await }
    };
    let mut first_timestamp = 0u64;
    s.check(
        "poll offset 0, count 100 (the whole batch of 100, in order)",
        match poll(PollingStrategy::offset(0), 100, false).await {
            Ok(p) => {
                first_timestamp = p.messages.first().map_or(0, |m| m.header.timestamp);
                expect(
                    p.messages.len() == 100
                        && p.messages.iter().enumerate().all(|(i, m)| {
                            m.header.offset == i as u64
                                && m.header.id == 1000 + i as u128
                                && m.payload.as_ref() == format!("batch-100-{i}").as_bytes()
                        })
                        && p.messages[0].user_headers_map().ok().flatten().is_some_and(|h| h.len() == 1)
                        && p.messages[1].user_headers.is_none(),
                    "the 100 messages as sent",
                )
            }
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "poll offset 95, count 10 (5 left)",
        match poll(PollingStrategy::offset(95), 10, false).await {
            Ok(p) => expect(
                p.messages.len() == 5 && p.messages[0].header.offset == 95,
                &format!("offsets 95..99, got {:?}", p.messages.iter().map(|m| m.header.offset).collect::<Vec<_>>()),
            ),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "poll first, count 3",
        match poll(PollingStrategy::first(), 3, false).await {
            Ok(p) => expect(p.messages.len() == 3 && p.messages[0].header.offset == 0, "offsets 0..2"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "poll last, count 2",
        match poll(PollingStrategy::last(), 2, false).await {
            Ok(p) => expect(
                p.messages.len() == 2 && p.messages[1].header.offset == 99,
                &format!("offsets 98..99, got {:?}", p.messages.iter().map(|m| m.header.offset).collect::<Vec<_>>()),
            ),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "poll timestamp (from the first message's)",
        match poll(PollingStrategy::timestamp(first_timestamp.into()), 100, false).await {
            Ok(p) => expect(p.messages.len() == 100, "every message at or after it"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "poll next with auto-commit, twice (0..9 then 10..19)",
        async {
            let a = poll(PollingStrategy::next(), 10, true).await.map_err(err)?;
            let b = poll(PollingStrategy::next(), 10, true).await.map_err(err)?;
            expect(
                a.messages.first().map(|m| m.header.offset) == Some(0)
                    && b.messages.first().map(|m| m.header.offset) == Some(10),
                "next resumes after the committed offset",
            )
        }
        .await,
    );

    // ---- Consumer offsets.
    let c8 = Consumer::new(Identifier::numeric(8).unwrap());
    s.check(
        "get a consumer offset never stored",
        match c.get_consumer_offset(&c8, &s2, &t2, Some(2)).await {
            Ok(None) => Ok(()),
            other => Err(err(other)),
        },
    );
    s.check(
        "store consumer offset 42, get it back",
        async {
            c.store_consumer_offset(&c8, &s2, &t2, Some(2), 42).await.map_err(err)?;
            let info = c.get_consumer_offset(&c8, &s2, &t2, Some(2)).await.map_err(err)?.ok_or("no offset")?;
            expect(info.stored_offset == 42 && info.current_offset == 99, &format!("stored 42, current 99: {info:?}"))
        }
        .await,
    );
    s.check(
        "the auto-committed offset of consumer 7 is 19",
        match c.get_consumer_offset(&c7, &s2, &t2, Some(2)).await {
            Ok(Some(info)) => expect(info.stored_offset == 19, "19"),
            other => Err(err(other)),
        },
    );
    s.check(
        "delete consumer offset, then it is gone",
        async {
            c.delete_consumer_offset(&c8, &s2, &t2, Some(2)).await.map_err(err)?;
            match c.get_consumer_offset(&c8, &s2, &t2, Some(2)).await.map_err(err)? {
                None => Ok(()),
                Some(o) => Err(format!("still there: {o:?}")),
            }
        }
        .await,
    );
    s.check(
        "an external group with consumer 7's id keeps its own offset",
        async {
            let x7 = Consumer::external_group(Identifier::numeric(7).unwrap());
            c.store_consumer_offset(&x7, &s2, &t2, Some(2), 3).await.map_err(err)?;
            let group = c.get_consumer_offset(&x7, &s2, &t2, Some(2)).await.map_err(err)?.ok_or("no group offset")?;
            let plain = c.get_consumer_offset(&c7, &s2, &t2, Some(2)).await.map_err(err)?.ok_or("no offset")?;
            expect(group.stored_offset == 3 && plain.stored_offset == 19, &format!("3 and 19: {group:?} {plain:?}"))?;
            c.delete_consumer_offset(&x7, &s2, &t2, Some(2)).await.map_err(err)
        }
        .await,
    );
    s.check(
        "delete a consumer offset that does not exist",
        expect_error(
            c.delete_consumer_offset(&c8, &s2, &t2, Some(2)).await,
            IggyError::ConsumerOffsetNotFound(0).as_code(),
        ),
    );

    // ---- The other partitioning kinds (the partition is chosen by the SDK).
    let mut balanced = vec![message(2001, "balanced-1", None), message(2002, "balanced-2", None)];
    s.check(
        "send with balanced partitioning",
        c.send_messages(&s2, &t2, &Partitioning::balanced(), &mut balanced).await.map(|_| ()).map_err(err),
    );
    let mut keyed = vec![message(2003, "keyed-str", None)];
    s.check(
        "send with a string messages key",
        c.send_messages(&s2, &t2, &Partitioning::messages_key_str("customer-7").unwrap(), &mut keyed)
            .await
            .map(|_| ())
            .map_err(err),
    );
    let mut keyed_u64 = vec![message(2004, "keyed-u64", None)];
    s.check(
        "send with a u64 messages key",
        c.send_messages(&s2, &t2, &Partitioning::messages_key_u64(42), &mut keyed_u64)
            .await
            .map(|_| ())
            .map_err(err),
    );
    // ---- Consumer groups.
    let gid = Identifier::named("workers").unwrap();
    s.check(
        "create consumer group",
        c.create_consumer_group(&s2, &t2, "workers").await.map(|_| ()).map_err(err),
    );
    s.check(
        "create consumer group that exists",
        expect_error(
            c.create_consumer_group(&s2, &t2, "workers").await,
            IggyError::ConsumerGroupNameAlreadyExists(String::new(), Identifier::default()).as_code(),
        ),
    );
    s.check(
        "join consumer group",
        c.join_consumer_group(&s2, &t2, &gid).await.map_err(err),
    );
    s.check(
        "get consumer group (1 member owning 3 partitions)",
        match c.get_consumer_group(&s2, &t2, &gid).await {
            Ok(Some(g)) => expect(g.members_count == 1 && g.members[0].partitions.len() == 3, "one member"),
            other => Err(err(other)),
        },
    );
    s.check(
        "list consumer groups",
        match c.get_consumer_groups(&s2, &t2).await {
            Ok(list) => expect(list.len() == 1 && list[0].name == "workers", "workers"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "poll as a group member (partition 0, offset 0)",
        match c
            .poll(&s2, &t2, 0, &Consumer::group(gid.clone()), &PollingStrategy::offset(0), 10, true)
            .await
        {
            Ok(p) => expect(
                p.messages.first().is_some_and(|m| m.payload.as_ref() == b"batch-1-0"),
                "partition 0 starts with batch-1-0",
            ),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "get me (a member of one group)",
        match c.get_me().await {
            Ok(me) => expect(me.consumer_groups_count == 1 && me.user_id == Some(0), "root, one group"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "leave consumer group",
        c.leave_consumer_group(&s2, &t2, &gid).await.map_err(err),
    );
    s.check(
        "leave a group one is not a member of",
        expect_error(
            c.leave_consumer_group(&s2, &t2, &gid).await,
            IggyError::ConsumerGroupMemberNotFound(0, Identifier::default(), Identifier::default()).as_code(),
        ),
    );
    s.check(
        "delete consumer group",
        c.delete_consumer_group(&s2, &t2, &gid).await.map_err(err),
    );
    s.check(
        "get deleted consumer group",
        match c.get_consumer_group(&s2, &t2, &gid).await {
            Ok(None) => Ok(()),
            other => Err(err(other)),
        },
    );

    // ---- Segments.
    s.check(
        "delete 1 segment of partition 1",
        c.delete_segments(&s2, &t2, 1, 1).await.map_err(err),
    );

    // ---- Users and permissions.
    s.check(
        "create user reader (no permissions)",
        c.create_user("reader", "secret", UserStatus::Active, None, &UserCreateOptions::default())
            .await
            .map(|_| ())
            .map_err(err),
    );
    s.check(
        "create user that exists",
        expect_error(
            c.create_user("reader", "another-secret", UserStatus::Active, None, &UserCreateOptions::default())
                .await,
            IggyError::UserAlreadyExists.as_code(),
        ),
    );
    let reader = Identifier::named("reader").unwrap();
    s.check(
        "get user reader",
        match c.get_user(&reader).await {
            Ok(Some(u)) => expect(u.username == "reader" && u.permissions.is_none(), "reader"),
            other => Err(err(other)),
        },
    );
    s.check(
        "list users",
        match c.get_users().await {
            Ok(list) => expect(list.len() == 2, "iggy and reader"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "change reader's password",
        c.change_password(&reader, "secret", "secret-2").await.map_err(err),
    );
    let rc = client(&address, AutoLogin::Disabled);
    s.check(
        "reader logs in on a second connection",
        async {
            rc.connect().await.map_err(err)?;
            rc.login_user("reader", "secret-2").await.map(|_| ()).map_err(err)
        }
        .await,
    );
    s.check(
        "reader may not create a stream (unauthorized)",
        expect_error(
            rc.create_stream("forbidden", &StreamCreateOptions::default()).await,
            IggyError::Unauthorized.as_code(),
        ),
    );
    s.check(
        "reader may not send messages (unauthorized)",
        expect_error(
            rc.send_messages(&s2, &t2, &Partitioning::partition_id(0), &mut [message(3000, "no", None)]).await,
            IggyError::Unauthorized.as_code(),
        ),
    );
    let mut permissions = Permissions::default();
    permissions.global.send_messages = true;
    s.check(
        "grant reader send_messages",
        c.update_permissions(&reader, Some(permissions)).await.map_err(err),
    );
    s.check(
        "reader may send messages now",
        rc.send_messages(&s2, &t2, &Partitioning::partition_id(0), &mut [message(3001, "yes", None)])
            .await
            .map(|_| ())
            .map_err(err),
    );

    // ---- Personal access tokens.
    let mut token = String::new();
    s.check(
        "create personal access token",
        match c.create_personal_access_token("ci", PersonalAccessTokenExpiry::NeverExpire).await {
            Ok(raw) => {
                token = raw.token;
                expect(!token.is_empty(), "a token")
            }
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "create personal access token that exists",
        expect_error(
            c.create_personal_access_token("ci", PersonalAccessTokenExpiry::NeverExpire).await,
            IggyError::PersonalAccessTokenAlreadyExists(String::new(), 0).as_code(),
        ),
    );
    s.check(
        "list personal access tokens",
        match c.get_personal_access_tokens().await {
            Ok(list) => expect(list.len() == 1 && list[0].name == "ci", "ci"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "a token that expires in an hour lists its expiry instant (creation + duration)",
        async {
            let before = IggyTimestamp::now().as_micros();
            c.create_personal_access_token("ttl", PersonalAccessTokenExpiry::ExpireDuration(IggyDuration::from(3_600_000_000u64)))
                .await
                .map_err(err)?;
            let after = IggyTimestamp::now().as_micros();
            let list = c.get_personal_access_tokens().await.map_err(err)?;
            let at = list.iter().find(|t| t.name == "ttl").and_then(|t| t.expiry_at).ok_or("no expiry")?.as_micros();
            let never = list.iter().find(|t| t.name == "ci").ok_or("no ci")?.expiry_at;
            // The endpoint's clock is its own: a second of slack either way.
            let (low, high) = (before + 3_600_000_000 - 1_000_000, after + 3_600_000_000 + 1_000_000);
            expect(
                at >= low && at <= high && never.is_none(),
                &format!("expiry {at} within [{low}, {high}] (creation + 1 h), ci never expires"),
            )?;
            c.delete_personal_access_token("ttl").await.map_err(err)
        }
        .await,
    );
    let pc = client(&address, AutoLogin::Disabled);
    s.check(
        "login with the personal access token on a third connection",
        async {
            pc.connect().await.map_err(err)?;
            let identity = pc.login_with_personal_access_token(&token).await.map_err(err)?;
            expect(identity.user_id == 0, "root")?;
            let streams = pc.get_streams().await.map_err(err)?;
            expect(streams.len() == 1, "sees peer-data")
        }
        .await,
    );
    s.check(
        "get clients (3 connected)",
        match c.get_clients().await {
            Ok(list) => expect(list.len() >= 3, "three clients"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "delete personal access token",
        c.delete_personal_access_token("ci").await.map_err(err),
    );

    // ---- System.
    s.check(
        "get stats",
        match c.get_stats().await {
            Ok(stats) => expect(
                stats.streams_count == 1 && stats.topics_count == 1 && stats.partitions_count == 3
                    && stats.messages_count >= 100,
                &format!("1 stream, 1 topic, 3 partitions, the messages: {stats:?}"),
            ),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "get cluster metadata",
        match c.get_cluster_metadata().await {
            Ok(m) => expect(m.nodes.len() == 1, "one node"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "describe the topic options (DescribeOptions)",
        match c.describe_options(OptionsScope::Topic).await {
            Ok(specs) => expect(
                specs.iter().any(|o| o.key == "message_expiry" && o.updatable && o.resettable),
                &format!("message_expiry is updatable: {specs:?}"),
            ),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "take a snapshot (the model's is an empty archive)",
        match c.snapshot(SnapshotCompression::Stored, vec![SystemSnapshotType::Test]).await {
            Ok(snapshot) => expect(snapshot.0.starts_with(b"PK\x05\x06"), "an empty ZIP archive"),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "read the metadata change log (the model keeps none: an empty page at its head)",
        match c.get_metadata_changes(&MetadataChangesQuery::default()).await {
            Ok(page) => expect(
                page.status == MetadataChangeStatus::Ok && page.head_op > 0 && !page.has_more,
                &format!("empty page at the head: {page:?}"),
            ),
            Err(e) => Err(err(e)),
        },
    );
    s.check(
        "get client (this connection, by id)",
        async {
            let me = c.get_me().await.map_err(err)?;
            match c.get_client(me.client_id).await.map_err(err)? {
                Some(info) => expect(info.client_id == me.client_id && info.user_id == Some(0), "this client"),
                None => Err("no such client".to_owned()),
            }
        }
        .await,
    );
    s.check(
        "deactivate user reader",
        c.update_user(&reader, &UserUpdateOptions { status: Some(UserStatus::Inactive), ..Default::default() })
            .await
            .map_err(err),
    );
    let ic = client(&address, AutoLogin::Disabled);
    s.check(
        "an inactive user cannot log in",
        async {
            ic.connect().await.map_err(err)?;
            expect_error(ic.login_user("reader", "secret-2").await, IggyError::Unauthenticated.as_code())
        }
        .await,
    );
    let _ = ic.disconnect().await;
    s.check(
        "delete user reader",
        c.delete_user(&reader).await.map_err(err),
    );
    s.check(
        "delete stream peer-data",
        c.delete_stream(&s2).await.map_err(err),
    );
    let _ = pc.disconnect().await;
    let _ = rc.disconnect().await;
    s.check("logout", c.logout_user().await.map_err(err));

    // ---- Login failures that end in an eviction.
    let bad = client(&address, AutoLogin::Disabled);
    s.check(
        "login with an unknown personal access token is refused",
        async {
            bad.connect().await.map_err(err)?;
            expect_error(
                bad.login_with_personal_access_token("not-a-token").await,
                IggyError::InvalidPersonalAccessToken.as_code(),
            )
        }
        .await,
    );
    let _ = bad.disconnect().await;
    // The version handshake: a server whose accepted protocol window lies above this SDK's
    // version evicts the login with the window; the SDK reports IncompatibleProtocolVersion.
    if let Some(newer) = newer_server {
        let old = client(&newer, AutoLogin::Disabled);
        s.check(
            "login to a server with a newer protocol window is refused (version handshake)",
            async {
                old.connect().await.map_err(err)?;
                match old.login_user("iggy", "iggy").await {
                    Err(IggyError::IncompatibleProtocolVersion(client, min, max)) => {
                        expect(min > client && max >= min, &format!("window {min}..{max} above {client}"))
                    }
                    other => Err(format!("expected IncompatibleProtocolVersion, got {other:?}")),
                }
            }
            .await,
        );
        let _ = old.disconnect().await;
    }
    let _ = c.disconnect().await;
    println!("{} passed, {} failed", s.passed, s.failed);
    std::process::exit(if s.failed == 0 { 0 } else { 1 });
}
