// The kafka-clients 4.4.0 judge: a scripted session against one Kafka endpoint, one line per step,
// ending "kafka-clients: N passed, N failed" (exit 1 on any failure). Run by run.sh in Java's
// source-file mode with target/lib/* on the class path. The session is the same as the other
// judges' (../README.md): records, codecs, groups, transactions and error paths.
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

public final class Session {
  static final String[] CODECS = {"none", "gzip", "snappy", "lz4", "zstd"};
  static final int GROUP_PARTITIONS = 4;
  static final long CALL_MS = 30_000;

  static String bootstrap;
  static String saslBootstrap;
  static String saslUser;
  static String saslPassword;
  static int records = 1000;
  static long deadlineAt;
  static String run;
  static long t0;
  static int passed;
  static int failed;
  static volatile String current = "start";

  interface Body {
    String run() throws Exception;
  }

  /** A failed expectation: its message is the step's result line. */
  static final class Check extends Exception {
    private static final long serialVersionUID = 1L;

    Check(String message) {
      super(message);
    }
  }

  static void check(boolean ok, String message) throws Check {
    if (!ok) throw new Check(message);
  }

  static void step(String name, Body body) {
    current = name;
    long start = System.nanoTime();
    String detail;
    boolean ok;
    try {
      detail = body.run();
      ok = true;
    } catch (Throwable e) {
      Throwable c = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      detail = c instanceof Check ? c.getMessage() : c.getClass().getName() + ": " + c.getMessage();
      ok = false;
    }
    long ms = (System.nanoTime() - start) / 1_000_000;
    if (ok) passed++;
    else failed++;
    System.out.printf("%s %-48s %6d ms  %s%n", ok ? "ok  " : "FAIL", name, ms, detail);
    System.out.flush();
  }

  /** Pumps (e.g. polls) until cond holds; gives up at the timeout or the session deadline, saying what it waited for. */
  static void waitFor(Supplier<String> what, long timeoutMs, BooleanSupplier cond, Runnable pump) throws Check {
    long until = Math.min(System.currentTimeMillis() + timeoutMs, deadlineAt);
    while (!cond.getAsBoolean()) {
      if (System.currentTimeMillis() >= until) throw new Check("gave up after " + timeoutMs + " ms waiting for " + what.get());
      pump.run();
    }
  }

  // --- the records every judge produces (../README.md) ---

  static byte[] utf8(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  static String key(int i) {
    return i % 10 == 3 ? null : "key-" + i;
  }

  static String value(int i) {
    if (i % 10 == 7) return null;
    if (i % 10 == 5) return "";
    return "value-" + i + ":" + "streamwire ".repeat(i % 13);
  }

  static List<Header> headers(int i, String codec) {
    List<Header> h = new ArrayList<>();
    if (i % 4 == 0) return h;
    h.add(new RecordHeader("i", utf8(Integer.toString(i))));
    h.add(new RecordHeader("codec", utf8(codec)));
    if (i % 4 == 3) {
      h.add(new RecordHeader("dup", utf8("a")));
      h.add(new RecordHeader("dup", utf8("b")));
    }
    return h;
  }

  static String show(byte[] b) {
    return b == null ? "null" : '"' + new String(b, StandardCharsets.UTF_8) + '"';
  }

  static String showHeaders(Iterable<Header> hs) {
    StringBuilder s = new StringBuilder("[");
    for (Header h : hs) s.append(s.length() > 1 ? ", " : "").append(h.key()).append('=').append(show(h.value()));
    return s.append(']').toString();
  }

  // --- clients ---

  static Properties common(String bootstrapServers) {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrapServers);
    p.put("client.id", "streamwire-judge-kafka-clients");
    p.put("request.timeout.ms", "15000");
    p.put("default.api.timeout.ms", "20000");
    p.put("reconnect.backoff.max.ms", "1000");
    return p;
  }

  static Admin admin() {
    return Admin.create(common(bootstrap));
  }

  static Properties sasl(String password) {
    Properties p = common(saslBootstrap);
    p.put("security.protocol", "SASL_PLAINTEXT");
    p.put("sasl.mechanism", "PLAIN");
    p.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
        + saslUser + "\" password=\"" + password + "\";");
    return p;
  }

  static KafkaProducer<byte[], byte[]> producer(Map<String, String> extra) {
    Properties p = common(bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "15000");
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "30000");
    p.putAll(extra);
    return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
  }

  static KafkaConsumer<byte[], byte[]> consumer(Map<String, String> extra) {
    Properties p = common(bootstrap);
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "200");
    p.putAll(extra);
    return new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  static Map<String, String> groupProps(String group, String protocol) {
    Map<String, String> m = new HashMap<>();
    m.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    m.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, protocol);
    if (protocol.equals("classic")) {
      // Heartbeats say when to rejoin; the defaults (3 s) would make each rebalance slow.
      m.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "500");
      m.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "10000");
    }
    return m;
  }

  static String topic(String what) {
    return "sw-java-" + run + "-" + what;
  }

  /** Reads one partition from the start until `count` records came back (bounded). */
  static List<ConsumerRecord<byte[], byte[]>> readAll(KafkaConsumer<byte[], byte[]> c, TopicPartition tp, int count, long timeoutMs)
      throws Check {
    c.assign(List.of(tp));
    c.seekToBeginning(List.of(tp));
    List<ConsumerRecord<byte[], byte[]>> got = new ArrayList<>();
    waitFor(() -> count + " records from " + tp + " (have " + got.size() + ")", timeoutMs, () -> got.size() >= count,
        () -> c.poll(Duration.ofMillis(200)).forEach(got::add));
    return got;
  }

  static String compare(List<ConsumerRecord<byte[], byte[]>> got, String codec, long baseTs) throws Check {
    check(got.size() == records, "expected " + records + " records, got " + got.size());
    for (int i = 0; i < records; i++) {
      ConsumerRecord<byte[], byte[]> r = got.get(i);
      String where = "record " + i + ": ";
      check(r.offset() == i, where + "offset " + r.offset() + ", expected " + i);
      check(Arrays.equals(r.key(), utf8(key(i))), where + "key " + show(r.key()) + ", expected " + show(utf8(key(i))));
      check(Arrays.equals(r.value(), utf8(value(i))), where + "value " + show(r.value()) + ", expected " + show(utf8(value(i))));
      check(r.timestamp() == baseTs + i, where + "timestamp " + r.timestamp() + ", expected " + (baseTs + i));
      List<Header> want = headers(i, codec);
      List<Header> have = new ArrayList<>();
      r.headers().forEach(have::add);
      boolean same = want.size() == have.size();
      for (int j = 0; same && j < want.size(); j++) {
        same = want.get(j).key().equals(have.get(j).key()) && Arrays.equals(want.get(j).value(), have.get(j).value());
      }
      check(same, where + "headers " + showHeaders(have) + ", expected " + showHeaders(want));
    }
    return records + " records equal (offset, key, value, timestamp, headers)";
  }

  // --- the session ---

  public static void main(String[] args) throws Exception {
    long deadlineS = 240;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--bootstrap" -> bootstrap = args[++i];
        case "--sasl-bootstrap" -> saslBootstrap = args[++i];
        case "--sasl-user" -> saslUser = args[++i];
        case "--sasl-password" -> saslPassword = args[++i];
        case "--deadline-s" -> deadlineS = Long.parseLong(args[++i]);
        case "--records" -> records = Integer.parseInt(args[++i]);
        default -> {
          System.err.println("usage: Session --bootstrap H:P --sasl-bootstrap H:P --sasl-user U --sasl-password P [--deadline-s S] [--records N]");
          System.exit(2);
        }
      }
    }
    if (bootstrap == null || saslBootstrap == null || saslUser == null || saslPassword == null) {
      System.err.println("kafka-clients: --bootstrap, --sasl-bootstrap, --sasl-user and --sasl-password are required");
      System.exit(2);
    }
    t0 = System.currentTimeMillis();
    deadlineAt = t0 + deadlineS * 1000;
    run = Long.toString(t0 % 1_000_000_000L, 36) + Integer.toString((int) (Math.random() * 1296), 36);
    final long limitS = deadlineS;
    Thread watchdog = new Thread(() -> {
      try {
        Thread.sleep(Math.max(0, deadlineAt - System.currentTimeMillis()));
      } catch (InterruptedException e) {
        return;
      }
      System.out.println("FAIL session deadline: " + limitS + " s passed during step \"" + current + "\"");
      System.out.println("kafka-clients: " + passed + " passed, " + (failed + 1) + " failed");
      System.out.flush();
      Runtime.getRuntime().halt(1);
    });
    watchdog.setDaemon(true);
    watchdog.start();

    System.out.println("kafka-clients 4.4.0 against " + bootstrap + " (SASL " + saslBootstrap + "), run " + run
        + ", " + records + " records per codec, deadline " + deadlineS + " s");
    try (Admin admin = admin()) {
      session(admin);
    }
    System.out.println("kafka-clients: " + passed + " passed, " + failed + " failed");
    System.exit(failed == 0 ? 0 : 1);
  }

  static void session(Admin admin) {
    final long baseTs = (System.currentTimeMillis() / 1000) * 1000 - 3_600_000;
    final String groupTopic = topic("group");
    final String txnTopic = topic("txn");
    final List<String> all = new ArrayList<>();
    for (String c : CODECS) all.add(topic(c));
    all.add(groupTopic);
    all.add(txnTopic);

    step("connect: ApiVersions (features)", () -> {
      FeatureMetadata f = admin.describeFeatures().featureMetadata().get(CALL_MS, TimeUnit.MILLISECONDS);
      return "supported features " + f.supportedFeatures().keySet() + ", finalized " + f.finalizedFeatures().keySet();
    });

    step("metadata: describe cluster", () -> {
      DescribeClusterResult r = admin.describeCluster();
      Collection<Node> nodes = r.nodes().get(CALL_MS, TimeUnit.MILLISECONDS);
      String id = r.clusterId().get(CALL_MS, TimeUnit.MILLISECONDS);
      Node controller = r.controller().get(CALL_MS, TimeUnit.MILLISECONDS);
      check(!nodes.isEmpty(), "no brokers in metadata");
      return "cluster " + id + ", brokers " + nodes + ", controller " + controller.id();
    });

    step("admin: create topics", () -> {
      List<NewTopic> nt = new ArrayList<>();
      for (String c : CODECS) nt.add(new NewTopic(topic(c), 1, (short) 1));
      nt.add(new NewTopic(groupTopic, GROUP_PARTITIONS, (short) 1));
      nt.add(new NewTopic(txnTopic, 1, (short) 1));
      admin.createTopics(nt).all().get(CALL_MS, TimeUnit.MILLISECONDS);
      // The reply comes before every broker's metadata has the topics (KRaft propagates them).
      String[] last = {""};
      waitFor(() -> "the new topics with a leader in metadata (" + last[0] + ")", 30_000, () -> {
        try {
          Map<String, TopicDescription> d = admin.describeTopics(all).allTopicNames().get(CALL_MS, TimeUnit.MILLISECONDS);
          return d.values().stream().allMatch(t -> t.partitions().stream().allMatch(p -> p.leader() != null));
        } catch (Exception e) {
          last[0] = e.getCause() != null ? e.getCause().toString() : e.toString();
          return false;
        }
      }, () -> sleepQuietly(100));
      return nt.size() + " topics";
    });

    step("admin: describe and list topics", () -> {
      Map<String, TopicDescription> d = admin.describeTopics(all).allTopicNames().get(CALL_MS, TimeUnit.MILLISECONDS);
      check(d.get(groupTopic).partitions().size() == GROUP_PARTITIONS,
          groupTopic + " has " + d.get(groupTopic).partitions().size() + " partitions");
      Set<String> listed = admin.listTopics().names().get(CALL_MS, TimeUnit.MILLISECONDS);
      check(listed.containsAll(all), "listTopics lacks some of " + all + ": " + listed);
      return all.size() + " described, " + listed.size() + " listed";
    });

    for (String codec : CODECS) {
      step("produce idempotent " + codec, () -> {
        try (KafkaProducer<byte[], byte[]> p = producer(Map.of(ProducerConfig.COMPRESSION_TYPE_CONFIG, codec))) {
          List<Future<RecordMetadata>> sent = new ArrayList<>();
          for (int i = 0; i < records; i++) {
            sent.add(p.send(new ProducerRecord<>(topic(codec), 0, baseTs + i, utf8(key(i)), utf8(value(i)), headers(i, codec))));
          }
          p.flush();
          for (int i = 0; i < records; i++) {
            long off = sent.get(i).get(CALL_MS, TimeUnit.MILLISECONDS).offset();
            check(off == i, "record " + i + " got offset " + off);
          }
        }
        return records + " records at offsets 0.." + (records - 1);
      });
      step("consume " + codec, () -> {
        try (KafkaConsumer<byte[], byte[]> c = consumer(Map.of())) {
          return compare(readAll(c, new TopicPartition(topic(codec), 0), records, 60_000), codec, baseTs);
        }
      });
    }

    final TopicPartition none0 = new TopicPartition(topic("none"), 0);
    for (String protocol : new String[] {"classic", "consumer"}) {
      String group = "sw-java-" + run + "-offsets-" + protocol;
      step("group " + protocol + ": subscribe, consume, commit", () -> {
        try (KafkaConsumer<byte[], byte[]> c = consumer(groupProps(group, protocol))) {
          c.subscribe(List.of(topic("none")));
          List<ConsumerRecord<byte[], byte[]>> got = new ArrayList<>();
          waitFor(() -> "the group's " + records + " records (have " + got.size() + ")", 60_000, () -> got.size() >= records,
              () -> c.poll(Duration.ofMillis(200)).forEach(got::add));
          for (int i = 0; i < records; i++) check(got.get(i).offset() == i, "record " + i + " at offset " + got.get(i).offset());
          c.commitSync(Map.of(none0, new OffsetAndMetadata(records, "streamwire " + protocol)), Duration.ofMillis(CALL_MS));
          OffsetAndMetadata back = c.committed(Set.of(none0), Duration.ofMillis(CALL_MS)).get(none0);
          check(back != null && back.offset() == records, "committed() gave " + back);
          check(("streamwire " + protocol).equals(back.metadata()), "metadata " + back.metadata());
          return records + " records, committed " + back.offset() + " \"" + back.metadata() + "\"";
        }
      });
      step("group " + protocol + ": fetch offsets (admin)", () -> {
        Map<TopicPartition, OffsetAndMetadata> o =
            admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get(CALL_MS, TimeUnit.MILLISECONDS);
        check(o.get(none0) != null && o.get(none0).offset() == records, "offsets " + o);
        return "offset " + o.get(none0).offset();
      });
    }

    for (String protocol : new String[] {"classic", "consumer"}) {
      step("group " + protocol + ": rebalance two members", () -> rebalance(groupTopic, protocol));
    }

    step("transaction: abort then commit (offsets in it)", () -> {
      Map<String, String> tx = Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "sw-java-" + run + "-txn");
      try (KafkaProducer<byte[], byte[]> p = producer(tx)) {
        p.initTransactions();
        p.beginTransaction();
        for (int i = 0; i < 100; i++) p.send(new ProducerRecord<>(txnTopic, 0, utf8("k" + i), utf8("aborted-" + i)));
        p.flush();
        p.abortTransaction();
        p.beginTransaction();
        for (int i = 0; i < 100; i++) p.send(new ProducerRecord<>(txnTopic, 0, utf8("k" + i), utf8("committed-" + i)));
        try (KafkaConsumer<byte[], byte[]> g = consumer(Map.of(ConsumerConfig.GROUP_ID_CONFIG, "sw-java-" + run + "-txn-group"))) {
          p.sendOffsetsToTransaction(Map.of(none0, new OffsetAndMetadata(500)), g.groupMetadata());
        }
        p.commitTransaction();
      }
      return "100 aborted, 100 committed";
    });

    final TopicPartition txn0 = new TopicPartition(txnTopic, 0);
    step("transaction: read_committed sees committed only", () -> {
      try (KafkaConsumer<byte[], byte[]> c = consumer(Map.of(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"))) {
        c.assign(List.of(txn0));
        c.seekToBeginning(List.of(txn0));
        long lso = c.endOffsets(List.of(txn0), Duration.ofMillis(CALL_MS)).get(txn0);
        List<String> got = new ArrayList<>();
        waitFor(() -> "position " + lso + " (the last stable offset; at " + c.position(txn0) + ")", 60_000, () -> c.position(txn0) >= lso,
            () -> c.poll(Duration.ofMillis(200)).forEach(r -> got.add(new String(r.value(), StandardCharsets.UTF_8))));
        check(got.size() == 100, "read " + got.size() + " records: " + (got.size() > 3 ? got.subList(0, 3) + "…" : got));
        for (int i = 0; i < 100; i++) check(got.get(i).equals("committed-" + i), "record " + i + " is " + got.get(i));
        return "100 committed records, last stable offset " + lso;
      }
    });

    step("transaction: read_uncommitted sees both", () -> {
      try (KafkaConsumer<byte[], byte[]> c = consumer(Map.of())) {
        List<ConsumerRecord<byte[], byte[]>> got = new ArrayList<>();
        c.assign(List.of(txn0));
        c.seekToBeginning(List.of(txn0));
        long end = c.endOffsets(List.of(txn0), Duration.ofMillis(CALL_MS)).get(txn0);
        waitFor(() -> "position " + end + " (the high watermark; at " + c.position(txn0) + ")", 60_000, () -> c.position(txn0) >= end,
            () -> c.poll(Duration.ofMillis(200)).forEach(got::add));
        check(got.size() == 200, "read " + got.size() + " records");
        return "200 records (2 markers skipped), high watermark " + end;
      }
    });

    step("transaction: offsets committed in it", () -> {
      Map<TopicPartition, OffsetAndMetadata> o = admin.listConsumerGroupOffsets("sw-java-" + run + "-txn-group")
          .partitionsToOffsetAndMetadata().get(CALL_MS, TimeUnit.MILLISECONDS);
      check(o.get(none0) != null && o.get(none0).offset() == 500, "offsets " + o);
      return "offset 500";
    });

    final String missing = topic("missing");
    step("error: unknown topic (admin)", () -> {
      try {
        admin.describeTopics(List.of(missing)).allTopicNames().get(CALL_MS, TimeUnit.MILLISECONDS);
      } catch (ExecutionException e) {
        check(e.getCause() instanceof UnknownTopicOrPartitionException, "expected UnknownTopicOrPartitionException, got " + e.getCause());
        return "UnknownTopicOrPartitionException";
      }
      throw new Check("describeTopics(" + missing + ") succeeded");
    });

    step("error: unknown topic (producer)", () -> {
      try (KafkaProducer<byte[], byte[]> p = producer(Map.of(ProducerConfig.MAX_BLOCK_MS_CONFIG, "3000"))) {
        p.send(new ProducerRecord<>(missing, utf8("v"))).get(CALL_MS, TimeUnit.MILLISECONDS);
      } catch (ExecutionException e) {
        // The producer waits for the topic to show up in metadata until max.block.ms.
        check(e.getCause() instanceof TimeoutException && e.getCause().getMessage().contains("not present in metadata"),
            "expected TimeoutException (not present in metadata), got " + e.getCause());
        return "TimeoutException: " + e.getCause().getMessage();
      }
      throw new Check("send to " + missing + " succeeded");
    });

    step("sasl: PLAIN login", () -> {
      try (Admin a = Admin.create(sasl(saslPassword))) {
        return "cluster " + a.describeCluster().clusterId().get(CALL_MS, TimeUnit.MILLISECONDS) + " as " + saslUser;
      }
    });

    step("error: wrong SASL password", () -> {
      try (Admin a = Admin.create(sasl(saslPassword + "-wrong"))) {
        a.describeCluster().clusterId().get(CALL_MS, TimeUnit.MILLISECONDS);
      } catch (ExecutionException e) {
        check(e.getCause() instanceof SaslAuthenticationException, "expected SaslAuthenticationException, got " + e.getCause());
        return "SaslAuthenticationException: " + e.getCause().getMessage();
      }
      throw new Check("login with a wrong password succeeded");
    });

    step("admin: delete topics", () -> {
      admin.deleteTopics(all).all().get(CALL_MS, TimeUnit.MILLISECONDS);
      Set<String> left = new HashSet<>();
      waitFor(() -> "the deleted topics to leave listTopics (left: " + left + ")", 30_000, () -> {
        try {
          left.clear();
          left.addAll(admin.listTopics().names().get(CALL_MS, TimeUnit.MILLISECONDS));
          left.retainAll(all);
          return left.isEmpty();
        } catch (Exception e) {
          return false;
        }
      }, () -> sleepQuietly(100));
      return all.size() + " topics deleted";
    });
  }

  static void sleepQuietly(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Member a joins alone and gets every partition; b joins, the two split them; b leaves, a has them all again. */
  static String rebalance(String groupTopic, String protocol) throws Exception {
    String group = "sw-java-" + run + "-rebalance-" + protocol;
    Set<TopicPartition> every = new HashSet<>();
    for (int p = 0; p < GROUP_PARTITIONS; p++) every.add(new TopicPartition(groupTopic, p));
    try (KafkaConsumer<byte[], byte[]> a = consumer(groupProps(group, protocol))) {
      a.subscribe(List.of(groupTopic));
      waitFor(() -> "member a to be assigned all " + GROUP_PARTITIONS + " partitions (has " + a.assignment() + ")", 60_000,
          () -> a.assignment().equals(every), () -> a.poll(Duration.ofMillis(100)));
      String split;
      try (KafkaConsumer<byte[], byte[]> b = consumer(groupProps(group, protocol))) {
        b.subscribe(List.of(groupTopic));
        waitFor(() -> "a and b to split the partitions (a " + a.assignment() + ", b " + b.assignment() + ")", 60_000, () -> {
          Set<TopicPartition> sa = a.assignment();
          Set<TopicPartition> sb = b.assignment();
          Set<TopicPartition> union = new HashSet<>(sa);
          union.addAll(sb);
          return !sa.isEmpty() && !sb.isEmpty() && union.equals(every) && sa.size() + sb.size() == GROUP_PARTITIONS;
        }, () -> {
          a.poll(Duration.ofMillis(50));
          b.poll(Duration.ofMillis(50));
        });
        split = a.assignment().size() + "+" + b.assignment().size();
      }
      waitFor(() -> "member a to get every partition back after b left (has " + a.assignment() + ")", 60_000, () -> a.assignment().equals(every),
          () -> a.poll(Duration.ofMillis(100)));
      return "a alone " + GROUP_PARTITIONS + ", a+b " + split + ", a after b left " + a.assignment().size();
    }
  }
}
