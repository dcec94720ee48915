package streamwire.oracle.kafka;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.message.LeaderChangeMessage;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.AbstractLegacyRecordBatch;
import org.apache.kafka.common.record.internal.CompressionType;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.common.record.internal.DefaultRecord;
import org.apache.kafka.common.record.internal.DefaultRecordBatch;
import org.apache.kafka.common.record.internal.EndTransactionMarker;
import org.apache.kafka.common.record.internal.LegacyRecord;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MemoryRecordsBuilder;
import org.apache.kafka.common.record.internal.MutableRecordBatch;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.utils.internals.BufferSupplier;
import org.apache.kafka.common.utils.internals.ByteBufferOutputStream;

/**
 * Record-format oracle: Kafka's own builders ({@link MemoryRecordsBuilder}, {@link MemoryRecords},
 * {@link LegacyRecord}) write the bytes of {@code vectors/kafka/record_batch.json} (magic 2) and
 * {@code message_set.json} (magic 0/1 and mixed), and Kafka's own readers ({@link MemoryRecords#batches()},
 * {@code ensureValid()}, the batch iterators) decode them into the JSON form described in
 * vectors/README.md ("Kafka records"). Every invalid case is fed to Kafka's reader and kept only if Kafka
 * rejects it (or, for cases defined by a decoder cap in {@code options}, only if Kafka accepts it).
 *
 * <p>Modes: {@code generate <outDir>} writes the two files (and .bin files over 4 KiB);
 * {@code testee} answers JSON lines: {@code {"id","hex"}} with the decoded JSON form, and
 * {@code {"id","op":"build",...}} with a batch built by Kafka (for compression comparisons).
 *
 * <p>Runs against the current pinned kafka-clients (tools/codegen/inputs.json; records classes in
 * {@code common.record.internal}); started by
 * {@code records.sh}, which puts that jar and its compression libraries on the class path.
 */
public final class RecordsOracle {
  private RecordsOracle() {}

  static final String KAFKA_VERSION = Pins.CURRENT;
  static final long T0 = 1_700_000_000_000L;

  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("generate")) {
      new Generator(Path.of(args[1])).run();
    } else if (args.length == 1 && args[0].equals("testee")) {
      testee();
    } else {
      System.err.println("usage: RecordsOracle generate <outDir> | testee");
      System.exit(2);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Decoding with Kafka's reader into the JSON form

  static String str(long v) {
    return Long.toString(v);
  }

  static Object hexOrNull(ByteBuffer b) {
    if (b == null) {
      return null;
    }
    byte[] a = new byte[b.remaining()];
    b.duplicate().get(a);
    return Hex.of(a);
  }

  static String compressionName(CompressionType t) {
    switch (t.id) {
      case 0: return "none";
      case 1: return "gzip";
      case 2: return "snappy";
      case 3: return "lz4";
      case 4: return "zstd";
      default: throw new IllegalStateException("compression " + t.id);
    }
  }

  static String timestampTypeName(TimestampType t) {
    switch (t) {
      case CREATE_TIME: return "CreateTime";
      case LOG_APPEND_TIME: return "LogAppendTime";
      default: return "NoTimestampType";
    }
  }

  /** Decodes a records field as a Kafka consumer does (batches, ensureValid, records); JSON form. */
  static Map<String, Object> decode(byte[] bytes) throws IOException {
    MemoryRecords mr = MemoryRecords.readableRecords(ByteBuffer.wrap(bytes));
    List<Object> batches = new ArrayList<>();
    int consumed = 0;
    for (MutableRecordBatch b : mr.batches()) {
      b.ensureValid();
      if (b.magic() >= RecordBatch.MAGIC_VALUE_V2) {
        batches.add(v2Json((DefaultRecordBatch) b));
      } else {
        batches.add(legacyJson((AbstractLegacyRecordBatch) b));
      }
      consumed += b.sizeInBytes();
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("batches", batches);
    m.put("partialBytes", (long) (bytes.length - consumed));
    return m;
  }

  static Map<String, Object> v2Json(DefaultRecordBatch b) throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("magic", 2L);
    m.put("baseOffset", str(b.baseOffset()));
    m.put("partitionLeaderEpoch", (long) b.partitionLeaderEpoch());
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("compression", compressionName(b.compressionType()));
    a.put("timestampType", timestampTypeName(b.timestampType()));
    a.put("transactional", b.isTransactional());
    a.put("control", b.isControlBatch());
    a.put("deleteHorizon", b.deleteHorizonMs().isPresent());
    m.put("attributes", a);
    m.put("lastOffsetDelta", b.lastOffset() - b.baseOffset());
    m.put("baseTimestamp", str(b.baseTimestamp()));
    m.put("maxTimestamp", str(b.maxTimestamp()));
    m.put("producerId", str(b.producerId()));
    m.put("producerEpoch", (long) b.producerEpoch());
    m.put("baseSequence", (long) b.baseSequence());
    // Kafka's iterator gives the records as a consumer sees them (LogAppendTime applied); a second
    // read with Kafka's DefaultRecord.readFrom and no append time gives the timestamp deltas as written.
    List<Record> seen = new ArrayList<>();
    for (Record r : b) {
      r.ensureValid();
      seen.add(r);
    }
    List<Long> rawTimestamps = new ArrayList<>();
    if (b.compressionType() == CompressionType.NONE) {
      ByteBuffer buf = ByteBuffer.allocate(b.sizeInBytes());
      b.writeTo(buf);
      buf.flip();
      buf.position(DefaultRecordBatch.RECORD_BATCH_OVERHEAD);
      for (int i = 0; i < seen.size(); i++) {
        rawTimestamps.add(DefaultRecord.readFrom(buf, b.baseOffset(), b.baseTimestamp(), b.baseSequence(), null).timestamp());
      }
    } else {
      try (InputStream in = b.recordInputStream(BufferSupplier.NO_CACHING)) {
        for (int i = 0; i < seen.size(); i++) {
          rawTimestamps.add(DefaultRecord.readFrom(in, b.baseOffset(), b.baseTimestamp(), b.baseSequence(), null, Integer.MAX_VALUE).timestamp());
        }
      }
    }
    List<Object> records = new ArrayList<>();
    for (int i = 0; i < seen.size(); i++) {
      Record r = seen.get(i);
      Map<String, Object> rj = new LinkedHashMap<>();
      rj.put("offsetDelta", r.offset() - b.baseOffset());
      rj.put("timestampDelta", str(rawTimestamps.get(i) - b.baseTimestamp()));
      rj.put("offset", str(r.offset()));
      rj.put("timestamp", str(r.timestamp()));
      rj.put("key", hexOrNull(r.key()));
      rj.put("value", hexOrNull(r.value()));
      List<Object> hs = new ArrayList<>();
      for (Header h : r.headers()) {
        Map<String, Object> hj = new LinkedHashMap<>();
        hj.put("key", h.key());
        hj.put("value", h.value() == null ? null : Hex.of(h.value()));
        hs.add(hj);
      }
      rj.put("headers", hs);
      if (b.isControlBatch()) {
        Map<String, Object> c = new LinkedHashMap<>();
        ControlRecordType type = ControlRecordType.parse(r.key());
        c.put("type", type.name());
        c.put("version", (long) r.key().getShort(0));
        if (type == ControlRecordType.ABORT || type == ControlRecordType.COMMIT) {
          c.put("coordinatorEpoch", (long) EndTransactionMarker.deserialize(r).coordinatorEpoch());
        }
        rj.put("control", c);
      }
      records.add(rj);
    }
    m.put("records", records);
    return m;
  }

  static Map<String, Object> legacyJson(AbstractLegacyRecordBatch b) {
    LegacyRecord outer = b.outerRecord();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("magic", (long) outer.magic());
    m.put("offset", str(b.lastOffset()));
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("compression", compressionName(outer.compressionType()));
    if (outer.magic() > 0) {
      a.put("timestampType", timestampTypeName(outer.timestampType()));
    }
    m.put("attributes", a);
    if (outer.magic() > 0) {
      m.put("timestamp", str(outer.timestamp()));
    }
    m.put("key", hexOrNull(outer.key()));
    m.put("value", hexOrNull(outer.value()));
    if (outer.compressionType() != CompressionType.NONE) {
      List<Object> inner = new ArrayList<>();
      for (Record r : b) {
        r.ensureValid();
        AbstractLegacyRecordBatch ir = (AbstractLegacyRecordBatch) r;
        Map<String, Object> rj = new LinkedHashMap<>();
        rj.put("offset", str(ir.offset()));
        if (ir.magic() > 0) {
          rj.put("timestamp", str(ir.timestamp()));
        }
        rj.put("key", hexOrNull(ir.key()));
        rj.put("value", hexOrNull(ir.value()));
        inner.add(rj);
      }
      m.put("records", inner);
    }
    return m;
  }

  /**
   * The one table from a rejection by Kafka's record reader to a wirevec code, used by the
   * generator and the testee alike. A row names the exception class and the check that fired (a
   * pattern over {@link #detailOf}: class, message and cause); the first matching row wins. A
   * rejection no row matches has no code ({@code null}): the generator refuses such a case
   * rather than guess, the testee reports it as unmapped.
   */
  static final String COUNT_WHY = "Kafka reads records until the bytes run out; a decoder that first checks the count "
      + "against the bytes left (a record takes at least 7) refuses it as a count";

  static final String[][] REJECTIONS = {
    // CRC-32C of a v2 batch, CRC-32 of a legacy message (outer or inner).
    {"^CorruptRecordException: Record is corrupt \\(stored crc", "CHECKSUM_MISMATCH"},
    // The magic byte is the record format's version: 0, 1 and 2 are defined.
    {"^CorruptRecordException: Invalid magic found in record", "UNSUPPORTED_VERSION"},
    // Size fields smaller than the fixed part they must cover.
    {"^CorruptRecordException: Record size -?\\d+ is less than the minimum record overhead", "CORRUPT_DATA"},
    {"^CorruptRecordException: Record batch is corrupt \\(the size", "CORRUPT_DATA"},
    // Compression ids: v2 attributes, legacy wrapper attributes.
    {"^IllegalArgumentException: Unknown compression type id", "UNKNOWN_DISCRIMINANT"},
    {"^InvalidRecordException: Invalid wrapper compressionType", "UNKNOWN_DISCRIMINANT"},
    // The record count against the records present: too few records, records left over.
    {"^InvalidRecordException: Incorrect declared batch size, premature EOF reached", "TRUNCATED"},
    {"^InvalidRecordException: Incorrect declared batch size, records still remaining", "TRAILING_BYTES"},
    // Negative counts and lengths.
    {"^InvalidRecordException: Found invalid record count -", "NEGATIVE_LENGTH"},
    {"^InvalidRecordException: Invalid record size: expected to read -\\d+ bytes", "NEGATIVE_LENGTH"},
    {"^InvalidRecordException: Found invalid number of record headers -", "NEGATIVE_LENGTH"},
    {"^InvalidRecordException: Invalid negative header key size", "NEGATIVE_LENGTH"},
    // A record's declared length disagrees with the fields it holds.
    {"^InvalidRecordException: Invalid record size: expected to read \\d+ bytes in record payload, but instead read", "CORRUPT_DATA"},
    // Lengths and counts larger than the bytes that remain.
    {"^InvalidRecordException: Invalid record size: expected \\d+ bytes in record payload, but instead the buffer has only", "LENGTH_EXCEEDS_REMAINING"},
    {"^InvalidRecordException: Found invalid record structure \\(IllegalArgumentException: newLimit > capacity", "LENGTH_EXCEEDS_REMAINING"},
    {"^IllegalArgumentException: newLimit > capacity", "LENGTH_EXCEEDS_REMAINING"},
    {"^InvalidRecordException: Found invalid number of record headers\\. \\d+ is larger than the remaining", "COUNT_EXCEEDS_REMAINING"},
    {"^BufferUnderflowException", "TRUNCATED"},
    // Legacy wrapper rules: a value must be present, inner messages plain, offsets consistent.
    {"^InvalidRecordException: Found invalid compressed record set with null value", "CORRUPT_DATA"},
    {"^InvalidRecordException: Inner messages must not be compressed", "CORRUPT_DATA"},
    {"^InvalidRecordException: Found invalid wrapper offset", "CORRUPT_DATA"},
  };

  static java.util.regex.Pattern[] rejectionPatterns;

  /** The wirevec code of a rejection by Kafka's reader through {@link #REJECTIONS}, or null. */
  static String codeOf(Throwable e) {
    if (rejectionPatterns == null) {
      java.util.regex.Pattern[] p = new java.util.regex.Pattern[REJECTIONS.length];
      for (int i = 0; i < p.length; i++) {
        p[i] = java.util.regex.Pattern.compile(REJECTIONS[i][0]);
      }
      rejectionPatterns = p;
    }
    String d = detailOf(e);
    for (int i = 0; i < REJECTIONS.length; i++) {
      if (rejectionPatterns[i].matcher(d).find()) {
        return REJECTIONS[i][1];
      }
    }
    return null;
  }

  static String detailOf(Throwable e) {
    String s = e.getClass().getSimpleName() + ": " + e.getMessage();
    if (e.getCause() != null && e.getCause() != e) {
      s += " (" + e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage() + ")";
    }
    return s;
  }

  // ------------------------------------------------------------------------------------------
  // Building with Kafka's builders

  static Compression compression(String name) {
    switch (name) {
      case "none": return Compression.NONE;
      case "gzip": return Compression.gzip().build();
      case "snappy": return Compression.snappy().build();
      case "lz4": return Compression.lz4().build();
      case "zstd": return Compression.zstd().build();
      default: throw new IllegalArgumentException("compression " + name);
    }
  }

  /** Options of one Kafka-built batch. */
  static final class Spec {
    byte magic = RecordBatch.MAGIC_VALUE_V2;
    String compression = "none";
    TimestampType timestampType = TimestampType.CREATE_TIME;
    long baseOffset = 0;
    long logAppendTime = RecordBatch.NO_TIMESTAMP;
    long producerId = RecordBatch.NO_PRODUCER_ID;
    short producerEpoch = RecordBatch.NO_PRODUCER_EPOCH;
    int baseSequence = RecordBatch.NO_SEQUENCE;
    boolean transactional = false;
    int partitionLeaderEpoch = RecordBatch.NO_PARTITION_LEADER_EPOCH;
    long deleteHorizonMs = RecordBatch.NO_TIMESTAMP;

    Spec magic(int m) { magic = (byte) m; return this; }
    Spec codec(String c) { compression = c; return this; }
    Spec logAppend(long t) { timestampType = TimestampType.LOG_APPEND_TIME; logAppendTime = t; return this; }
    Spec offset(long o) { baseOffset = o; return this; }
    Spec producer(long id, int epoch, int seq) { producerId = id; producerEpoch = (short) epoch; baseSequence = seq; return this; }
    Spec txn() { transactional = true; return this; }
    Spec epoch(int e) { partitionLeaderEpoch = e; return this; }
    Spec horizon(long h) { deleteHorizonMs = h; return this; }
  }

  static byte[] build(Spec s, Consumer<MemoryRecordsBuilder> fill) {
    ByteBufferOutputStream out = new ByteBufferOutputStream(1024);
    MemoryRecordsBuilder b = new MemoryRecordsBuilder(out, s.magic, compression(s.compression), s.timestampType,
        s.baseOffset, s.logAppendTime, s.producerId, s.producerEpoch, s.baseSequence, s.transactional, false,
        s.partitionLeaderEpoch, Integer.MAX_VALUE, s.deleteHorizonMs);
    fill.accept(b);
    MemoryRecords r = b.build();
    ByteBuffer bb = r.buffer();
    byte[] a = new byte[bb.remaining()];
    bb.duplicate().get(a);
    return a;
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      o.writeBytes(p);
    }
    return o.toByteArray();
  }

  /** Rewrites the CRC-32C of the v2 batch at {@code start} after a deliberate change. */
  static byte[] resealV2(byte[] a, int start) {
    ByteBuffer bb = ByteBuffer.wrap(a);
    int size = bb.getInt(start + 8) + 12;
    CRC32C c = new CRC32C();
    c.update(a, start + 21, size - 21);
    bb.putInt(start + 17, (int) c.getValue());
    return a;
  }

  /** Rewrites the CRC-32 of the legacy message whose entry starts at {@code start}. */
  static byte[] resealLegacy(byte[] a, int start) {
    ByteBuffer bb = ByteBuffer.wrap(a);
    int size = bb.getInt(start + 8);
    CRC32 c = new CRC32();
    c.update(a, start + 16, size - 4);
    bb.putInt(start + 12, (int) c.getValue());
    return a;
  }

  // ------------------------------------------------------------------------------------------
  // Testee

  static void testee() throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) {
        continue;
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> req = (Map<String, Object>) Json.parse(line);
      Map<String, Object> ans = new LinkedHashMap<>();
      ans.put("id", req.get("id"));
      try {
        if ("build".equals(req.get("op"))) {
          ans.put("ok", true);
          ans.put("hex", Hex.of(buildFromJson(req)));
        } else {
          byte[] bytes = Hex.parse((String) req.get("hex"));
          Map<String, Object> v = decode(bytes);
          ans.put("ok", true);
          ans.put("value", v);
        }
      } catch (Exception | StackOverflowError e) {
        ans.put("ok", false);
        ans.put("code", codeOf(e));
        ans.put("detail", detailOf(e));
      }
      out.println(Json.compact(ans));
      out.flush();
    }
  }

  /** {@code {"magic","compression","records":[{"key","value","timestamp"}]}} built by MemoryRecordsBuilder. */
  @SuppressWarnings("unchecked")
  static byte[] buildFromJson(Map<String, Object> req) {
    Spec s = new Spec().magic(((Number) req.getOrDefault("magic", 2L)).intValue()).codec((String) req.getOrDefault("compression", "none"));
    List<Object> recs = (List<Object>) req.get("records");
    return build(s, b -> {
      for (Object o : recs) {
        Map<String, Object> r = (Map<String, Object>) o;
        byte[] k = r.get("key") == null ? null : Hex.parse((String) r.get("key"));
        byte[] v = r.get("value") == null ? null : Hex.parse((String) r.get("value"));
        long ts = r.get("timestamp") == null ? T0 : Long.parseLong((String) r.get("timestamp"));
        b.append(ts, k, v);
      }
    });
  }

  // ------------------------------------------------------------------------------------------
  // Generator

  static final class Generator {
    final Path out;
    final List<Map<String, Object>> tests = new ArrayList<>();
    int tcId;

    Generator(Path out) {
      this.out = out;
    }

    void run() throws Exception {
      Files.createDirectories(out);
      writeFile("record_batch.json", "RecordBatch", recordBatchFile());
      writeFile("message_set.json", "MessageSet", messageSetFile());
    }

    interface GroupBody {
      void fill(Generator g) throws Exception;
    }

    // Group being filled.
    String binFolder;
    List<Map<String, Object>> groupTests;

    Map<String, Object> group(Integer version, String comment, GroupBody body) throws Exception {
      Map<String, Object> g = new LinkedHashMap<>();
      g.put("direction", "data");
      if (version != null) {
        g.put("version", (long) version);
      }
      g.put("framing", "body");
      Map<String, Object> src = new LinkedHashMap<>();
      src.put("name", "kafka-clients");
      src.put("version", KAFKA_VERSION);
      g.put("source", src);
      g.put("comment", comment);
      groupTests = new ArrayList<>();
      body.fill(this);
      g.put("tests", groupTests);
      return g;
    }

    Map<String, Object> start(String name, String comment, String op, byte[] bytes) throws IOException {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("tcId", (long) ++tcId);
      t.put("name", name);
      t.put("comment", comment);
      if (op != null) {
        t.put("op", op);
      }
      if (name.startsWith("v0.lz4.")) {
        // Kafka writes magic-0 LZ4 frames with the KAFKA-3160 header checksum.
        t.put("flags", List.of(LZ4_LEGACY_FLAG));
      }
      if (bytes.length > 4096) {
        Path dir = out.resolve("bin").resolve(binFolder);
        Files.createDirectories(dir);
        Files.write(dir.resolve(name + ".bin"), bytes);
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("path", "kafka/bin/" + binFolder + "/" + name + ".bin");
        f.put("sha256", sha256(bytes));
        f.put("length", (long) bytes.length);
        t.put("file", f);
      } else {
        t.put("hex", Hex.of(bytes));
      }
      groupTests.add(t);
      return t;
    }

    /** A valid case: Kafka decodes it; the value is Kafka's decode. */
    void valid(String name, String comment, byte[] bytes) throws Exception {
      valid(name, comment, bytes, null, true);
    }

    void valid(String name, String comment, byte[] bytes, String op, boolean canonical) throws Exception {
      Map<String, Object> v = decode(bytes);
      Map<String, Object> t = start(name, comment, op, bytes);
      t.put("value", v);
      t.put("result", "valid");
      if (!canonical) {
        t.put("canonical", false);
      }
    }

    /** Decode-only valid case (compressed by Java, or partial input that cannot be re-encoded). */
    void decodeOnly(String name, String comment, byte[] bytes, boolean canonical) throws Exception {
      valid(name, comment, bytes, "decode", canonical);
    }

    /** An invalid case Kafka's reader rejects; the code is its rejection through {@link #REJECTIONS}. */
    void invalid(String name, String comment, byte[] bytes) throws Exception {
      rejected(name, comment, bytes, null, null);
    }

    /**
     * An invalid case Kafka's reader rejects, with a code the oracle chose ({@code codeSource:
     * "oracle"}): Kafka's check cannot tell this failure from another one, {@code why} says how
     * the code was picked.
     */
    void invalidOracleCode(String name, String comment, byte[] bytes, String code, String why) throws Exception {
      rejected(name, comment, bytes, code, why);
    }

    void rejected(String name, String comment, byte[] bytes, String oracleCode, String why) throws Exception {
      Exception thrown = null;
      try {
        decode(bytes);
      } catch (Exception e) {
        thrown = e;
      }
      if (thrown == null) {
        throw new IllegalStateException(name + ": Kafka accepted an input meant to be invalid");
      }
      String detail = detailOf(thrown);
      String code = codeOf(thrown);
      if (code == null) {
        throw new IllegalStateException(name + ": no row of REJECTIONS matches Kafka's rejection: " + detail);
      }
      Map<String, Object> t = start(name, comment, "decode", bytes);
      t.put("result", "invalid");
      if (oracleCode != null) {
        t.put("codeSource", "oracle");
      }
      Map<String, Object> err = new LinkedHashMap<>();
      err.put("code", oracleCode != null ? oracleCode : code);
      err.put("detail", oracleCode != null ? detail + "; Kafka's table code " + code + ", chosen " + oracleCode + ": " + why : detail);
      t.put("error", err);
    }

    /**
     * Kafka accepts it, but a decoder with the given cap must refuse it: an invalid test whose
     * code the oracle chose (Kafka has no such cap), so that a wirevec 1.0 runner, which knows
     * only valid/invalid/acceptable, runs it as it always did (vectors/README.md "Compatibility").
     */
    void capped(String name, String comment, byte[] bytes, String code, String option, long cap) throws Exception {
      decode(bytes);
      Map<String, Object> t = start(name, comment, "decode", bytes);
      t.put("result", "invalid");
      t.put("codeSource", "oracle");
      Map<String, Object> err = new LinkedHashMap<>();
      err.put("code", code);
      err.put("detail", "Kafka decodes this; the cap " + option + "=" + cap + " refuses it");
      t.put("error", err);
      Map<String, Object> opts = new LinkedHashMap<>();
      opts.put(option, cap);
      t.put("options", opts);
    }

    /** Kafka accepts it; a stricter decoder may refuse it with {@code code}. */
    void acceptable(String name, String comment, byte[] bytes, String code, String why) throws Exception {
      Map<String, Object> v = decode(bytes);
      Map<String, Object> t = start(name, comment, "decode", bytes);
      t.put("value", v);
      t.put("result", "acceptable");
      t.put("codeSource", "oracle");
      Map<String, Object> err = new LinkedHashMap<>();
      err.put("code", code);
      err.put("detail", why);
      t.put("error", err);
    }

    void writeFile(String fileName, String message, Map<String, Object> f) throws IOException {
      Files.writeString(out.resolve(fileName), Json.pretty(f) + "\n");
      System.err.println("records-oracle: " + fileName + " (" + f.get("numberOfTests") + " tests)");
    }

    Map<String, Object> file(String message, List<String> header, List<Object> groups) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("schema", "wirevec-v1.schema.json");
      f.put("protocol", "kafka");
      f.put("message", message);
      Map<String, Object> up = new LinkedHashMap<>();
      up.put("name", "kafka-clients");
      up.put("version", KAFKA_VERSION);
      f.put("upstream", up);
      f.put("numberOfTests", (long) tcId);
      f.put("header", new ArrayList<Object>(header));
      Map<String, Object> notes = new LinkedHashMap<>();
      if (message.equals("MessageSet")) {
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("bugType", "LEGACY");
        n.put("description", "magic-0 LZ4 wrapper: Kafka writes the frame's header checksum over the magic number "
            + "and descriptor (KAFKA-3160) and ignores it on read; a standard LZ4 reader must fix or skip it");
        notes.put(LZ4_LEGACY_FLAG, n);
      }
      f.put("notes", notes);
      f.put("testGroups", groups);
      return f;
    }

    static final String LZ4_LEGACY_FLAG = "Lz4LegacyFrameChecksum";

    static final List<String> COMMON_HEADER = List.of(
        "Each test's bytes are a Kafka `records` field (as in a Fetch response): batches one after another,",
        "possibly a partial batch at the end. The value is Kafka's own decode: MemoryRecords.batches(),",
        "ensureValid() on every batch and record, and the batch iterators (see vectors/README.md, \"Kafka records\").",
        "Compressed batches are decode-only (op decode, canonical false): compressors differ byte-wise.",
        "Invalid cases were fed to Kafka's reader and rejected by it (error.detail is its text); error.code is",
        "that rejection through the oracle's one table (RecordsOracle.REJECTIONS), except where codeSource is",
        "\"oracle\" (Kafka's check cannot tell the failure apart; error.detail says why the code was chosen).",
        "Cases with result \"limit\" are accepted by Kafka; a decoder with the test's `options` must refuse them.",
        "Generated by conformance/kafka-oracle (RecordsOracle, records.sh) from kafka-clients " + KAFKA_VERSION + "; regenerate, do not edit.");

    // ---- record_batch.json --------------------------------------------------------------------

    static final String[] CODECS = {"gzip", "snappy", "lz4", "zstd"};

    static byte[] typical(Spec s) {
      return build(s, b -> {
        b.append(T0, utf8("key-0"), utf8("value-0"));
        b.append(T0 + 5, utf8("key-1"), utf8("value-1 with a bit more text"));
        b.append(T0 - 3, null, utf8("value-2"));
      });
    }

    static Header[] headers() {
      return new Header[] {
        new RecordHeader("trace-id", utf8("4bf92f3577b34da6")),
        new RecordHeader("", new byte[0]),
        new RecordHeader("null-value", (byte[]) null),
        new RecordHeader("ключ-🔑", utf8("значение")),
      };
    }

    static byte[] withHeaders(Spec s) {
      return build(s, b -> {
        b.append(T0, utf8("k"), utf8("v"), headers());
        b.append(T0 + 1, (byte[]) null, (byte[]) null, new Header[] {new RecordHeader("h", utf8("1"))});
      });
    }

    static byte[] textValue(int n, int seed) {
      StringBuilder sb = new StringBuilder();
      String[] words = {"order", "payment", "shipped", "customer", "warehouse", "retry", "latency", "broker", "topic", "commit"};
      long x = seed * 2654435761L + 1;
      while (sb.length() < n) {
        x = (x * 6364136223846793005L + 1442695040888963407L);
        sb.append(words[(int) ((x >>> 33) % words.length)]).append(' ');
        if (((x >>> 20) & 7) == 0) {
          sb.append((x >>> 40) & 0xffff).append(' ');
        }
      }
      return utf8(sb.substring(0, n));
    }

    static byte[] large(Spec s) {
      return build(s, b -> {
        b.append(T0, utf8("large"), textValue(6000, 1));
        b.append(T0 + 1, utf8("small"), utf8("x"));
      });
    }

    static byte[] transactional(Spec s) {
      return build(s.producer(1234, 5, 42).txn(), b -> {
        b.append(T0, utf8("k0"), utf8("v0"));
        b.append(T0 + 1, utf8("k1"), utf8("v1"));
      });
    }

    static byte[] marker(ControlRecordType type, long offset, long pid, int epoch, int coordinatorEpoch, int leaderEpoch) {
      MemoryRecords r = MemoryRecords.withEndTransactionMarker(offset, T0 + 100, leaderEpoch, pid, (short) epoch,
          new EndTransactionMarker(type, coordinatorEpoch));
      ByteBuffer bb = r.buffer();
      byte[] a = new byte[bb.remaining()];
      bb.duplicate().get(a);
      return a;
    }

    Map<String, Object> recordBatchFile() throws Exception {
      tcId = 0;
      binFolder = "record_batch";
      List<Object> groups = new ArrayList<>();
      groups.add(group(2, "Record batches v2 (magic 2): each attribute, header, control marker, compression; several "
          + "batches; partial last batches; corruptions", g -> {
            // Uncompressed, round trip.
            valid("v2.single", "one record with key and value", build(new Spec(), b -> b.append(T0, utf8("key"), utf8("value"))));
            valid("v2.typical", "three records, timestamps not in order (a negative delta), one null key", typical(new Spec()));
            valid("v2.null-key", "null key", build(new Spec(), b -> b.append(T0, null, utf8("v"))));
            valid("v2.null-value", "null value (a tombstone)", build(new Spec(), b -> b.append(T0, utf8("k"), null)));
            valid("v2.null-key-and-value", "null key and null value", build(new Spec(), b -> b.append(T0, (byte[]) null, (byte[]) null)));
            valid("v2.empty-key-and-value", "zero-length key and value (not null)", build(new Spec(), b -> b.append(T0, new byte[0], new byte[0])));
            valid("v2.headers", "headers: an empty key, a null value, multi-byte UTF-8 key", withHeaders(new Spec()));
            valid("v2.idempotent", "producer id, epoch and base sequence set (idempotent producer)",
                build(new Spec().producer(98765432101L, 3, 2147483600), b -> {
                  b.append(T0, null, utf8("a"));
                  b.append(T0, null, utf8("b"));
                }));
            valid("v2.transactional", "transactional data batch (attributes bit 4)", transactional(new Spec()));
            valid("v2.control-commit", "control batch holding a COMMIT marker (EndTxnMarker, coordinator epoch 7)",
                marker(ControlRecordType.COMMIT, 17, 1234, 5, 7, 3));
            valid("v2.control-abort", "control batch holding an ABORT marker (coordinator epoch 0)",
                marker(ControlRecordType.ABORT, 18, 1234, 5, 0, -1));
            valid("v2.control-leader-change", "KRaft LEADER_CHANGE control record (type 2): no EndTxnMarker value",
                leaderChange());
            valid("v2.log-append-time", "LogAppendTime (attributes bit 3): every record reports the max timestamp",
                build(new Spec().logAppend(T0 + 999), b -> {
                  b.append(T0, null, utf8("a"));
                  b.append(T0 + 7, null, utf8("b"));
                }));
            valid("v2.delete-horizon", "delete horizon flag (attributes bit 6): baseTimestamp holds the horizon",
                build(new Spec().horizon(T0 + 86_400_000L), b -> {
                  b.append(T0, utf8("k"), null);
                  b.append(T0 + 10, utf8("k2"), utf8("v"));
                }));
            valid("v2.leader-epoch", "partition leader epoch 7 (not covered by the CRC)",
                build(new Spec().epoch(7), b -> b.append(T0, null, utf8("x"))));
            valid("v2.base-offset-large", "base offset 2^40 + 5", build(new Spec().offset((1L << 40) + 5), b -> {
              b.append(T0, null, utf8("a"));
              b.append(T0, null, utf8("b"));
            }));
            valid("v2.offset-gaps", "offsets with gaps (as after compaction): offset deltas 0, 3, 10",
                build(new Spec().offset(100), b -> {
                  b.appendWithOffset(100, T0, utf8("a"), utf8("1"));
                  b.appendWithOffset(103, T0 + 1, utf8("b"), utf8("2"));
                  b.appendWithOffset(110, T0 + 2, utf8("c"), utf8("3"));
                }));
            valid("v2.timestamp-zero-and-far", "timestamps 0 and 2^45 (a varlong delta of 7 bytes)",
                build(new Spec(), b -> {
                  b.append(0L, null, utf8("a"));
                  b.append(1L << 45, null, utf8("b"));
                }));
            valid("v2.empty-batch", "a batch without records (kept by compaction to preserve producer state)",
                emptyBatch());
            valid("v2.value-128", "a 128-byte value (two-byte varint lengths)", build(new Spec(), b -> b.append(T0, null, textValue(128, 2))));
            valid("v2.many-records", "200 records of growing size", build(new Spec().offset(1000), b -> {
              for (int i = 0; i < 200; i++) {
                b.append(T0 + i, utf8("k" + i), textValue(i, i));
              }
            }));
            valid("v2.large-value", "a 6000-byte value (bytes in a .bin file)", large(new Spec()));
            valid("v2.two-batches", "two batches back to back", concat(typical(new Spec()), transactional(new Spec().offset(3))));
            valid("v2.data-and-markers", "transactional data, its COMMIT marker, then an aborted transaction's data and ABORT marker",
                concat(transactional(new Spec().offset(0)), marker(ControlRecordType.COMMIT, 2, 1234, 5, 7, -1),
                    build(new Spec().offset(3).producer(555, 0, 0).txn(), b -> b.append(T0, null, utf8("aborted"))),
                    marker(ControlRecordType.ABORT, 4, 555, 0, 7, -1)));

            // Not covered by the CRC: changes are valid and show in the value.
            byte[] flippedOffset = typical(new Spec());
            flippedOffset[7] ^= 0x04;
            valid("v2.base-offset-changed", "base offset edited after sealing: not covered by the CRC, still valid", flippedOffset);
            byte[] flippedEpoch = typical(new Spec());
            flippedEpoch[15] ^= 0x01;
            valid("v2.leader-epoch-changed", "partition leader epoch edited after sealing (the broker stamps it): still valid", flippedEpoch);

            // Compressed (Kafka's compressors): decode only.
            for (String c : CODECS) {
              decodeOnly("v2." + c + ".typical", c + ": the typical records", typical(new Spec().codec(c)), false);
              decodeOnly("v2." + c + ".headers", c + ": records with headers", withHeaders(new Spec().codec(c)), false);
              decodeOnly("v2." + c + ".transactional", c + ": transactional batch", transactional(new Spec().codec(c)), false);
              decodeOnly("v2." + c + ".log-append-time", c + ": LogAppendTime", build(new Spec().codec(c).logAppend(T0 + 50),
                  b -> b.append(T0, utf8("k"), utf8("v"))), false);
              decodeOnly("v2." + c + ".many-records", c + ": 200 records", build(new Spec().codec(c), b -> {
                for (int i = 0; i < 200; i++) {
                  b.append(T0 + i, utf8("k" + i), textValue(40 + i % 30, i));
                }
              }), false);
              decodeOnly("v2." + c + ".large-value", c + ": an incompressible 8000-byte value (.bin)",
                  build(new Spec().codec(c), b -> b.append(T0, null, noise(8000, 9))), false);
            }
            decodeOnly("v2.mixed-codecs", "five batches: none, gzip, snappy, lz4, zstd", concat(
                typical(new Spec()), typical(new Spec().codec("gzip").offset(3)), typical(new Spec().codec("snappy").offset(6)),
                typical(new Spec().codec("lz4").offset(9)), typical(new Spec().codec("zstd").offset(12))), false);

            // Partial trailing batches: valid, reported as partialBytes.
            byte[] whole = typical(new Spec());
            byte[] next = transactional(new Spec().offset(3));
            for (int cut : new int[] {5, 12, 16, 17, 40, 61, next.length - 1}) {
              decodeOnly("v2.partial-after-batch-" + cut, "a complete batch then " + cut + " of " + next.length
                  + " bytes of the next (cut by max_bytes)", concat(whole, Arrays.copyOf(next, cut)), true);
            }
            decodeOnly("v2.partial-only", "only a partial batch: no batch, all bytes partial", Arrays.copyOf(whole, whole.length - 1), true);
            byte[] bigger = typical(new Spec());
            ByteBuffer.wrap(bigger).putInt(8, bigger.length);
            decodeOnly("v2.batch-length-beyond-input", "batchLength larger than the input: the batch is partial", bigger, true);
            decodeOnly("v2.empty-input", "no bytes at all", new byte[0], true);

            // Corruptions caught by the CRC-32C, one per region.
            String[][] regions = {
              {"17", "crc field"}, {"21", "attributes"}, {"24", "lastOffsetDelta"}, {"30", "baseTimestamp"},
              {"40", "maxTimestamp"}, {"50", "producerId"}, {"52", "producerEpoch"}, {"56", "baseSequence"},
              {"60", "recordsCount"}, {"61", "first record length"}, {"66", "first record key"}, {"-1", "last byte"}};
            for (String[] r : regions) {
              byte[] a = typical(new Spec());
              int at = Integer.parseInt(r[0]);
              if (at < 0) {
                at = a.length - 1;
              }
              a[at] ^= 0x10;
              invalid("v2.crc.flip-" + r[1].replace(' ', '-'), "one bit flipped in the " + r[1] + " (byte " + at + ")", a);
            }
            for (String c : CODECS) {
              byte[] a = typical(new Spec().codec(c));
              a[a.length - 3] ^= 0x01;
              invalid("v2." + c + ".crc.flip-payload", c + ": one bit flipped in the compressed records", a);
            }
            byte[] second = concat(typical(new Spec()), typical(new Spec().offset(3)));
            second[second.length - 2] ^= 0x40;
            invalid("v2.crc.flip-second-batch", "the second of two batches is corrupt", second);

            // Structure errors (CRC recomputed so only the structure is wrong).
            byte[] magic3 = typical(new Spec());
            magic3[16] = 3;
            invalid("v2.magic-3", "magic 3 (unknown format)", magic3);
            byte[] small = typical(new Spec());
            ByteBuffer.wrap(small).putInt(8, 1);
            invalid("v2.batch-length-below-minimum", "batchLength 1: below the 14-byte minimum of any message", small);
            byte[] under = typical(new Spec());
            ByteBuffer.wrap(under).putInt(8, 30);
            invalid("v2.batch-length-below-header", "batchLength 30: below the 61-byte v2 header", under);
            byte[] codec5 = typical(new Spec());
            codec5[22] = (byte) ((codec5[22] & 0xf8) | 5);
            invalid("v2.compression-5", "compression type 5 (undefined)", resealV2(codec5, 0));
            byte[] huge = typical(new Spec());
            ByteBuffer.wrap(huge).putInt(57, 1_000_000);
            invalidOracleCode("v2.count-beyond-remaining", "record count 1000000 with 3 records' bytes", resealV2(huge, 0),
                "COUNT_EXCEEDS_REMAINING", COUNT_WHY);
            byte[] neg = typical(new Spec());
            ByteBuffer.wrap(neg).putInt(57, -1);
            invalid("v2.count-negative", "record count -1", resealV2(neg, 0));
            byte[] plusOne = build(new Spec(), b -> {
              b.append(T0, null, textValue(60, 3));
              b.append(T0, null, utf8("x"));
            });
            ByteBuffer.wrap(plusOne).putInt(57, 3);
            invalid("v2.count-plus-one", "record count 3 with 2 records: the records end early", resealV2(plusOne, 0));
            byte[] minusOne = typical(new Spec());
            ByteBuffer.wrap(minusOne).putInt(57, 2);
            invalid("v2.count-minus-one", "record count 2 with 3 records: bytes left after the declared records",
                resealV2(minusOne, 0));
            byte[] zero = typical(new Spec());
            ByteBuffer.wrap(zero).putInt(57, 0);
            acceptable("v2.count-zero-with-records", "record count 0 but records present: Kafka reads no record and "
                + "does not look further", resealV2(zero, 0), "TRAILING_BYTES", "bytes after the declared (zero) records");
            for (String c : CODECS) {
              byte[] a = typical(new Spec().codec(c));
              ByteBuffer.wrap(a).putInt(57, 1_000_000);
              invalidOracleCode("v2." + c + ".count-beyond-remaining", c + ": record count 1000000, far more than the decompressed bytes hold",
                  resealV2(a, 0), "COUNT_EXCEEDS_REMAINING", COUNT_WHY);
            }

            // One record: key "k", value "v", no headers; its bytes start at 61:
            // 61 length, 62 attributes, 63 timestampDelta, 64 offsetDelta, 65 keyLength, 66 key, 67 valueLength, 68 value, 69 headerCount.
            invalid("v2.record-length-negative", "record length -1", resealV2(edit(one(), 61, 0x01), 0));
            invalid("v2.record-length-too-long", "record length one more than its fields (runs past the batch)",
                resealV2(edit(one(), 61, 0x12), 0));
            byte[] two = concat(build(new Spec(), b -> {
              b.append(T0, utf8("k"), utf8("v"));
              b.append(T0, utf8("k"), utf8("v"));
            }));
            invalid("v2.record-length-plus-one", "first record's length one more than its fields (its last field is "
                + "followed by a byte of the next record)", resealV2(edit(two, 61, 0x12), 0));
            invalidOracleCode("v2.record-length-minus-one", "record length one less than its fields: the header count lies past the record",
                resealV2(edit(one(), 61, 0x0e), 0), "TRUNCATED", "Kafka compares the declared length with the bytes its fields took "
                + "afterwards; a decoder reading the fields inside the declared length runs out of bytes first");
            invalid("v2.key-length-beyond-record", "key length 63 in an 8-byte record", resealV2(edit(one(), 65, 0x7e), 0));
            invalid("v2.value-length-beyond-record", "value length 63 in an 8-byte record", resealV2(edit(one(), 67, 0x7e), 0));
            invalid("v2.header-count-beyond-record", "header count 63 with no bytes left in the record",
                resealV2(edit(one(), 69, 0x7e), 0));
            invalid("v2.header-count-negative", "header count -1", resealV2(edit(one(), 69, 0x01), 0));
            byte[] hdr = build(new Spec(), b -> b.append(T0, utf8("k"), utf8("v"), new Header[] {new RecordHeader("a", (byte[]) null)}));
            // 70 header key length, 71 'a', 72 header value length.
            invalid("v2.header-key-null", "header key length -1 (header keys are not nullable)", resealV2(edit(hdr, 70, 0x01), 0));
            invalid("v2.header-key-beyond-record", "header key length 63", resealV2(edit(hdr, 70, 0x7e), 0));
            byte[] cut = one();
            cut = Arrays.copyOf(cut, cut.length - 1);
            ByteBuffer.wrap(cut).putInt(8, cut.length - 12);
            invalid("v2.record-cut", "the batch (length and CRC fixed) ends one byte into the record's last field", resealV2(cut, 0));

            // Decoder caps: Kafka has none, a decoder with these options refuses.
            capped("v2.max-records", "3 records with maxRecordsPerBatch 2", typical(new Spec()), "LIMIT_EXCEEDED", "maxRecordsPerBatch", 2);
            for (String c : CODECS) {
              capped("v2." + c + ".bomb", c + ": 1 MiB of zeros in a few KiB, decoded with maxDecompressedBytes 65536",
                  build(new Spec().codec(c), b -> b.append(T0, null, new byte[1 << 20])), "LIMIT_EXCEEDED", "maxDecompressedBytes", 65536);
            }
          }));
      List<String> header = new ArrayList<>();
      header.add("RecordBatch: Kafka record batches, magic 2 (message format v2).");
      header.addAll(COMMON_HEADER);
      return file("RecordBatch", header, groups);
    }

    static byte[] one() {
      return build(new Spec(), b -> b.append(T0, utf8("k"), utf8("v")));
    }

    static byte[] edit(byte[] a, int at, int value) {
      byte[] c = a.clone();
      c[at] = (byte) value;
      return c;
    }

    static byte[] noise(int n, int seed) {
      byte[] a = new byte[n];
      long x = seed;
      for (int i = 0; i < n; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
        a[i] = (byte) (x >>> 56);
      }
      return a;
    }

    static byte[] emptyBatch() {
      ByteBuffer bb = ByteBuffer.allocate(DefaultRecordBatch.RECORD_BATCH_OVERHEAD);
      DefaultRecordBatch.writeEmptyHeader(bb, RecordBatch.MAGIC_VALUE_V2, 4321, (short) 2, 10, 50, 59, 4,
          TimestampType.CREATE_TIME, T0, true, false);
      return bb.array();
    }

    static byte[] leaderChange() {
      LeaderChangeMessage msg = new LeaderChangeMessage().setVersion((short) 0).setLeaderId(1);
      MemoryRecords r = MemoryRecords.withLeaderChangeMessage(20, T0, 3, ByteBuffer.allocate(256), msg);
      ByteBuffer bb = r.buffer();
      byte[] a = new byte[bb.remaining()];
      bb.duplicate().get(a);
      return a;
    }

    // ---- message_set.json ---------------------------------------------------------------------

    static byte[] legacySet(int magic, String codec, Consumer<MemoryRecordsBuilder> fill) {
      return build(new Spec().magic(magic).codec(codec), fill);
    }

    static byte[] legacyTypical(int magic, String codec, long baseOffset) {
      return build(new Spec().magic(magic).codec(codec).offset(baseOffset), b -> {
        b.append(T0, utf8("key-0"), utf8("value-0"));
        b.append(T0 + 5, null, utf8("value-1 with a bit more text"));
        b.append(T0 + 3, utf8("key-2"), null);
      });
    }

    /** A compressed wrapper built by hand from messages Kafka writes (for inner corruptions). */
    static byte[] wrapper(int magic, String codec, long wrapperOffset, byte[] innerSet) throws IOException {
      ByteBufferOutputStream bo = new ByteBufferOutputStream(256);
      try (OutputStream os = compression(codec).wrapForOutput(bo, (byte) magic)) {
        os.write(innerSet);
      }
      ByteBuffer cb = bo.buffer();
      cb.flip();
      byte[] packed = new byte[cb.remaining()];
      cb.get(packed);
      ByteArrayOutputStream o = new ByteArrayOutputStream();
      DataOutputStream d = new DataOutputStream(o);
      d.writeLong(wrapperOffset);
      int size = LegacyRecord.recordSize((byte) magic, 0, packed.length);
      d.writeInt(size);
      LegacyRecord.write(d, (byte) magic, T0 + 9, null, packed, CompressionType.forName(codec), TimestampType.CREATE_TIME);
      return o.toByteArray();
    }

    static byte[] innerMessage(int magic, long offset, long ts, byte[] key, byte[] value) throws IOException {
      ByteArrayOutputStream o = new ByteArrayOutputStream();
      DataOutputStream d = new DataOutputStream(o);
      d.writeLong(offset);
      d.writeInt(LegacyRecord.recordSize((byte) magic, key == null ? 0 : key.length, value == null ? 0 : value.length));
      LegacyRecord.write(d, (byte) magic, ts, key, value, CompressionType.NONE, TimestampType.CREATE_TIME);
      return o.toByteArray();
    }

    Map<String, Object> messageSetFile() throws Exception {
      tcId = 0;
      binFolder = "message_set";
      List<Object> groups = new ArrayList<>();
      for (int magic = 0; magic <= 1; magic++) {
        final int m = magic;
        String v = "v" + m;
        groups.add(group(m, "Legacy message sets, magic " + m + ": plain and compressed messages, corruptions", g -> {
          valid(v + ".single", "one message", legacySet(m, "none", b -> b.append(T0, utf8("key"), utf8("value"))));
          valid(v + ".typical", "three messages, null key, null value", legacyTypical(m, "none", 0));
          valid(v + ".null-key-and-value", "null key and null value", legacySet(m, "none", b -> b.append(T0, (byte[]) null, (byte[]) null)));
          valid(v + ".empty-key-and-value", "zero-length key and value", legacySet(m, "none", b -> b.append(T0, new byte[0], new byte[0])));
          valid(v + ".base-offset", "base offset 2^33", legacyTypical(m, "none", 1L << 33));
          valid(v + ".large-value", "a 6000-byte value (.bin)", legacySet(m, "none", b -> b.append(T0, null, textValue(6000, 4))));
          if (m == 1) {
            valid("v1.log-append-time", "LogAppendTime (attributes bit 3): the append time is written on each message",
                build(new Spec().magic(1).logAppend(T0 + 777), b -> {
                  b.append(T0, null, utf8("a"));
                  b.append(T0 + 1, null, utf8("b"));
                }));
          }
          for (String c : new String[] {"gzip", "snappy", "lz4"}) {
            decodeOnly(v + "." + c + ".typical", c + " wrapper of three messages" + (m == 1 ? " (inner offsets relative)" : " (inner offsets absolute)")
                + (c.equals("lz4") && m == 0 ? "; the LZ4 frame has the magic-0 header checksum (KAFKA-3160)" : ""),
                legacyTypical(m, c, 40), false);
            decodeOnly(v + "." + c + ".large-value", c + " wrapper with an incompressible 7000-byte value (.bin)",
                legacySet(m, c, b -> b.append(T0, null, noise(7000, 5))), false);
            if (m == 1) {
              decodeOnly("v1." + c + ".log-append-time", c + " wrapper with LogAppendTime: inner messages report the wrapper's time",
                  build(new Spec().magic(1).codec(c).logAppend(T0 + 555), b -> {
                    b.append(T0, null, utf8("a"));
                    b.append(T0 + 1, null, utf8("b"));
                  }), false);
            }
          }
          valid(v + ".three-sets", "three message sets back to back", concat(legacyTypical(m, "none", 0), legacyTypical(m, "none", 3),
              legacyTypical(m, "none", 6)));
          byte[] whole = legacyTypical(m, "none", 0);
          byte[] next = legacyTypical(m, "gzip", 3);
          for (int cut : new int[] {11, 16, 30, next.length - 1}) {
            decodeOnly(v + ".partial-after-" + cut, "a message set then " + cut + " of " + next.length + " bytes of a wrapper",
                concat(whole, Arrays.copyOf(next, cut)), false);
          }
          // CRC-32 corruptions, one per region of the first message.
          int keyLen = m == 1 ? 26 : 18;
          String[][] regions = {{"12", "crc field"}, {"16", "magic"}, {"17", "attributes"}, {Integer.toString(keyLen), "key length"},
            {Integer.toString(keyLen + 5), "key"}, {Integer.toString(keyLen + 9), "value length"}, {Integer.toString(keyLen + 14), "value"}};
          if (m == 1) {
            regions = Arrays.copyOf(regions, regions.length + 1);
            regions[regions.length - 1] = new String[] {"20", "timestamp"};
          }
          for (String[] r : regions) {
            byte[] a = legacyTypical(m, "none", 0);
            int at = Integer.parseInt(r[0]);
            // Flipping bit 0 of the magic turns 0 into 1 and back: still a legacy message, caught by the CRC.
            a[at] ^= r[1].equals("magic") ? 0x01 : 0x10;
            invalid(v + ".crc.flip-" + r[1].replace(' ', '-'), "one bit flipped in the first message's " + r[1], a);
          }
          for (String c : new String[] {"gzip", "snappy", "lz4"}) {
            byte[] a = legacyTypical(m, c, 0);
            a[a.length - 3] ^= 0x01;
            invalid(v + "." + c + ".crc.flip-payload", c + ": one bit flipped in the compressed value", a);
          }
          byte[] badInner1 = innerMessage(m, 0, T0, utf8("k"), utf8("v1"));
          byte[] badInner2 = innerMessage(m, m == 1 ? 1 : 1, T0, utf8("k"), utf8("v2"));
          badInner2[badInner2.length - 1] ^= 0x01;
          invalid(v + ".gzip.inner-crc", "gzip wrapper whose second inner message fails its CRC-32",
              wrapper(m, "gzip", 1, concat(badInner1, badInner2)));
          byte[] tiny = legacyTypical(m, "none", 0);
          ByteBuffer.wrap(tiny).putInt(8, 13);
          invalid(v + ".size-below-minimum", "message size 13: below the 14-byte minimum", tiny);
          byte[] zstd = legacyTypical(m, "gzip", 0);
          zstd[17] = (byte) ((zstd[17] & 0xf8) | 4);
          invalid(v + ".zstd-wrapper", "a wrapper claiming zstd, which magic 0/1 do not define", resealLegacy(zstd, 0));
          byte[] nullWrapper = legacySet(m, "none", b -> b.append(T0, utf8("k"), null));
          nullWrapper[17] |= 1;
          invalid(v + ".gzip.null-value", "a gzip wrapper with a null value", resealLegacy(nullWrapper, 0));
          byte[] innerCompressed = wrapper(m, "gzip", 0, legacyTypical(m, "gzip", 0));
          invalid(v + ".gzip.inner-compressed", "a gzip wrapper whose inner message is itself compressed", innerCompressed);
          byte[] keyLong = legacySet(m, "none", b -> b.append(T0, utf8("k"), utf8("v")));
          ByteBuffer.wrap(keyLong).putInt(keyLen, 100);
          invalid(v + ".key-length-beyond-message", "key length 100 in a short message (CRC fixed)", resealLegacy(keyLong, 0));
          capped(v + ".gzip.bomb", "gzip: 1 MiB of zeros, decoded with maxDecompressedBytes 65536",
              legacySet(m, "gzip", b -> b.append(T0, null, new byte[1 << 20])), "LIMIT_EXCEEDED", "maxDecompressedBytes", 65536);
          if (m == 1) {
            byte[] rel = legacyTypical(1, "gzip", 40);
            ByteBuffer.wrap(rel).putLong(0, 0);
            decodeOnly("v1.gzip.wrapper-offset-zero", "wrapper offset 0 (some librdkafka producers): inner offsets stay relative to 0",
                rel, false);
            byte[] low = legacyTypical(1, "gzip", 40);
            ByteBuffer.wrap(low).putLong(0, 1);
            invalid("v1.gzip.wrapper-offset-below-last-inner", "wrapper offset 1 below the last inner relative offset 2", low);
          }
        }));
      }
      groups.add(group(null, "Mixed magic in one records field, as a Fetch returns old and new data", g -> {
        valid("mixed.v0-v1-v2", "magic 0, 1 and 2 back to back", concat(legacyTypical(0, "none", 0), legacyTypical(1, "none", 3),
            typical(new Spec().offset(6))));
        decodeOnly("mixed.compressed", "gzip magic 0, snappy magic 1, lz4 magic 2", concat(legacyTypical(0, "gzip", 0),
            legacyTypical(1, "snappy", 3), typical(new Spec().codec("lz4").offset(6))), false);
        byte[] v2 = typical(new Spec().offset(6));
        decodeOnly("mixed.partial-v2", "magic 1 then a v2 batch cut in its header", concat(legacyTypical(1, "none", 0),
            Arrays.copyOf(v2, 40)), true);
      }));
      List<String> header = new ArrayList<>();
      header.add("MessageSet: Kafka legacy message sets, magic 0 and 1 (message formats v0 and v1), and mixed-magic records.");
      header.addAll(COMMON_HEADER);
      return file("MessageSet", header, groups);
    }
  }

  static String sha256(byte[] a) {
    try {
      return Hex.of(MessageDigest.getInstance("SHA-256").digest(a));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
