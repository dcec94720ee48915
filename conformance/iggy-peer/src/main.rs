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
    let address = std::env::args().nth(1).expect("usage: iggy-peer <host:port>");
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
            .poll_messages(&sid, &tid, Some(0), &consumer, &PollingStrategy::offset(0), 10, false)
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

    let _ = c.disconnect().await;
    println!("{} passed, {} failed", s.passed, s.failed);
    std::process::exit(if s.failed == 0 { 0 } else { 1 });
}
