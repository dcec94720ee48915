package streamwire.oracle.kafka;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.message.ApiMessageType;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.protocol.Readable;
import org.apache.kafka.common.protocol.types.RawTaggedField;

/**
 * Drives one kafka-clients release. Each release is loaded in its own class loader together
 * with a private copy of this class, so everything that crosses to {@link Main} is a JDK type
 * (maps, lists, strings, numbers, byte arrays).
 *
 * <p>Only classes that exist unchanged in both 3.9.x and 4.x are referenced directly; records
 * classes (which moved package in 4.x) are reached by reflection.
 */
public final class Engine {
  private static final String PKG = "org.apache.kafka.common.message.";
  /** Typical messages longer than this get a sample of truncation points instead of all of them. */
  private static final int ALL_PREFIXES_UP_TO = 24;
  private static final int SAMPLED_PREFIXES = 8;

  private final String label;
  /** True for kafka-clients 3.x, whose readers lack the 4.x tagged-field-count check. */
  private static final boolean LEGACY_READER = !hasTaggedCountCheck();
  private final Map<String, Schema.Message> specs = new TreeMap<>();
  private final Map<Class<?>, Map<String, Method>> getters = new HashMap<>();
  private final Map<Class<?>, Map<String, Method>> setters = new HashMap<>();
  private final List<String> log = new ArrayList<>();

  /**
   * @param label the kafka-clients version this loader holds (for "source")
   * @param jarPath the kafka-clients jar, read for its common/message/*.json schemas
   */
  public Engine(String label, String jarPath) throws Exception {
    this.label = label;
    try (ZipFile z = new ZipFile(jarPath)) {
      Enumeration<? extends ZipEntry> en = z.entries();
      while (en.hasMoreElements()) {
        ZipEntry e = en.nextElement();
        String n = e.getName();
        if (n.startsWith("common/message/") && n.endsWith(".json")) {
          String text = new String(z.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8);
          Schema.Message m = Schema.parse(text);
          specs.put(m.name, m);
        }
      }
    }
  }

  /** Messages worth a look (unexpected Kafka exceptions, dropped cases); drained by Main. */
  public List<String> drainLog() {
    List<String> out = new ArrayList<>(log);
    log.clear();
    return out;
  }

  // =================================================================== inventory

  /**
   * What this release defines: {@code apis: [{apiKey, name, lo, hi, unstable}]} and
   * {@code data: [{name, lo, hi}]}.
   */
  public Map<String, Object> inventory() {
    List<Object> apis = new ArrayList<>();
    for (ApiMessageType t : ApiMessageType.values()) {
      if (removed(t)) {
        continue;
      }
      Map<String, Object> a = new LinkedHashMap<>();
      a.put("apiKey", (int) t.apiKey());
      a.put("name", t.name);
      a.put("lo", (int) t.lowestSupportedVersion());
      a.put("hi", (int) t.highestSupportedVersion(true));
      a.put("unstable", t.latestVersionUnstable());
      apis.add(a);
    }
    List<Object> data = new ArrayList<>();
    for (Schema.Message m : specs.values()) {
      if (isDataSchema(m)) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", m.name);
        d.put("lo", m.valid.lo);
        d.put("hi", m.valid.hi);
        data.add(d);
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("apis", apis);
    out.put("data", data);
    return out;
  }

  /** Probes the loaded release: does its reader reject a tagged-field count beyond the bytes left? */
  private static boolean hasTaggedCountCheck() {
    try {
      // ResponseHeader v1: correlation id, then a tag count of 5 with no bytes after it.
      construct(Class.forName(PKG + "ResponseHeaderData", true, Engine.class.getClassLoader()),
          new ByteBufferAccessor(ByteBuffer.wrap(new byte[] {0, 0, 0, 1, 5})), (short) 1);
      return false;
    } catch (Throwable e) {
      return errorCode(unwrap(e)).equals("COUNT_EXCEEDS_REMAINING");
    }
  }

  private static boolean removed(ApiMessageType t) {
    return t.highestSupportedVersion(true) < t.lowestSupportedVersion();
  }

  private static boolean isDataSchema(Schema.Message m) {
    return ("data".equals(m.type) || "header".equals(m.type)) && !m.valid.isEmpty();
  }

  private static Class<?> dataClass(Schema.Message m) throws ClassNotFoundException {
    String cn = "data".equals(m.type) ? m.name : m.name + "Data";
    return Class.forName(PKG + cn, true, Engine.class.getClassLoader());
  }

  // =================================================================== generation

  /**
   * Builds every group this release can produce. Returns entries
   * {@code {kind: "api"|"data", message, apiKey?, lo, hi, unstable, groups: [...]}}.
   */
  public List<Object> generate() throws Exception {
    List<Object> out = new ArrayList<>();
    for (ApiMessageType t : ApiMessageType.values()) {
      if (removed(t)) {
        continue; // 4.x keeps removed keys (4-7) in the enum with no versions
      }
      Schema.Message rq = specs.get(t.name + "Request");
      Schema.Message rs = specs.get(t.name + "Response");
      int lo = t.lowestSupportedVersion();
      int hi = t.highestSupportedVersion(true);
      if (rq == null || rs == null) {
        log.add(label + ": no schema for " + t.name);
        continue;
      }
      if (rq.valid.lo != lo || rq.valid.hi != hi || rs.valid.lo != lo || rs.valid.hi != hi) {
        log.add(label + ": " + t.name + " ApiMessageType " + lo + "-" + hi + " vs schema request "
            + rq.valid + " response " + rs.valid);
      }
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("kind", "api");
      e.put("message", t.name);
      e.put("apiKey", (int) t.apiKey());
      e.put("lo", lo);
      e.put("hi", hi);
      e.put("unstable", t.latestVersionUnstable());
      List<Object> groups = new ArrayList<>();
      Class<?> rqc = t.newRequest().getClass();
      Class<?> rsc = t.newResponse().getClass();
      for (int v = lo; v <= hi; v++) {
        groups.add(bodyGroup(rq, rqc, "request", (short) v, t.latestVersionUnstable() && v == hi));
      }
      for (int v = lo; v <= hi; v++) {
        groups.add(bodyGroup(rs, rsc, "response", (short) v, t.latestVersionUnstable() && v == hi));
      }
      if (t == ApiMessageType.API_VERSIONS) {
        for (int v = lo; v <= hi; v++) {
          groups.add(headerBodyGroup(t, rq, rqc, "request", (short) v, t.latestVersionUnstable() && v == hi));
        }
        for (int v = lo; v <= hi; v++) {
          groups.add(headerBodyGroup(t, rs, rsc, "response", (short) v, t.latestVersionUnstable() && v == hi));
        }
      }
      e.put("groups", groups);
      out.add(e);
    }
    for (Schema.Message m : specs.values()) {
      if (!isDataSchema(m)) {
        continue;
      }
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("kind", "data");
      e.put("message", m.name);
      e.put("lo", m.valid.lo);
      e.put("hi", m.valid.hi);
      e.put("unstable", m.latestVersionUnstable);
      List<Object> groups = new ArrayList<>();
      Class<?> c = dataClass(m);
      for (int v = m.valid.lo; v <= m.valid.hi; v++) {
        groups.add(bodyGroup(m, c, "data", (short) v, m.latestVersionUnstable && v == m.valid.hi));
      }
      e.put("groups", groups);
      out.add(e);
    }
    return out;
  }

  private static String prefixOf(String direction) {
    return direction.equals("request") ? "req" : direction.equals("response") ? "resp" : "data";
  }

  private static long seedOf(String s) {
    CRC32 c = new CRC32();
    c.update(s.getBytes(StandardCharsets.UTF_8));
    return c.getValue();
  }

  private Map<String, Object> newGroup(String direction, short v, String framing, boolean unstable) {
    Map<String, Object> g = new LinkedHashMap<>();
    g.put("direction", direction);
    g.put("version", (int) v);
    g.put("framing", framing);
    List<Object> flags = new ArrayList<>();
    if (unstable) {
      flags.add("UnstableVersion");
    }
    g.put("flags", flags);
    g.put("tests", new ArrayList<Object>());
    return g;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> testsOf(Map<String, Object> g) {
    return (List<Object>) g.get("tests");
  }

  private Map<String, Object> bodyGroup(Schema.Message spec, Class<?> cls, String direction, short v,
      boolean unstable) throws Exception {
    Map<String, Object> g = newGroup(direction, v, "body", unstable);
    List<Object> tests = testsOf(g);
    boolean flex = spec.flexible(v);
    if (flex) {
      List<Object> known = new ArrayList<>();
      Schema.knownTaggedFields(spec.fields, v, "", known);
      g.put("knownTaggedFields", known);
    }
    String p = prefixOf(direction) + ".v" + v;
    String cn = cls.getSimpleName();

    Message d = (Message) cls.getConstructor().newInstance();
    addValid(tests, spec, cls, v, p + ".defaults",
        "every field at its default: a freshly constructed " + cn, d, List.of());

    Message t = (Message) cls.getConstructor().newInstance();
    new Filler(false, 0).fill(t, spec.fields, v, flex, 0);
    byte[] typical = addValid(tests, spec, cls, v, p + ".typical",
        "typical values in every field present at v" + v, t, List.of());

    long seed = seedOf(spec.name + "/" + v);
    Message r = (Message) cls.getConstructor().newInstance();
    new Filler(true, seed).fill(r, spec.fields, v, flex, 0);
    addValid(tests, spec, cls, v, p + ".random",
        "seeded random values (seed " + seed + "): nulls, empty and multi-element arrays, non-ASCII strings,"
            + " integer extremes" + (flex ? ", unknown tagged fields" : ""),
        r, flex ? List.of("UnknownTaggedFields") : List.of());
    long seed2 = seedOf(spec.name + "/dense/" + v);
    Message r2 = (Message) cls.getConstructor().newInstance();
    Filler dense = new Filler(true, seed2);
    dense.dense = true;
    dense.fill(r2, spec.fields, v, flex, 0);
    addValid(tests, spec, cls, v, p + ".random-dense",
        "seeded random values (seed " + seed2 + "), every array non-empty, few nulls"
            + (flex ? ", unknown tagged fields" : ""),
        r2, flex ? List.of("UnknownTaggedFields") : List.of());
    nanCases(tests, spec, cls, v, flex, p);

    if (typical != null) {
      Reader rd = bytes -> {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        construct(cls, new ByteBufferAccessor(b), v);
      };
      truncations(tests, p, typical, rd, spec, v);
      mutations(tests, p, spec, v, typical, rd);
      trailing(tests, p, typical, bytes -> {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        construct(cls, new ByteBufferAccessor(b), v);
        return b.position();
      });
    }
    return g;
  }

  /**
   * NaN bit patterns a float64 field must carry through unchanged (name, raw bits, what they are).
   * The canonical quiet NaN (0x7ff8000000000000) is already in the random pool.
   */
  private static final Object[][] NANS = {
    {"nan-payload", 0x7ff8000000000001L, "a quiet NaN with payload 1"},
    {"nan-negative", 0xfff8000000000000L, "the quiet NaN with the sign bit set"},
    {"nan-signalling", 0x7ff0000000000001L, "a signalling NaN (quiet bit clear, payload 1)"},
  };

  /**
   * For messages with float64 fields at v: the typical case with every float64 set to one
   * non-canonical NaN, written by Kafka's own serializer ({@code ByteBuffer.putDouble}, which
   * stores the raw bits). The value records the bits of the double read back.
   */
  private void nanCases(List<Object> tests, Schema.Message spec, Class<?> cls, short v, boolean flex,
      String p) throws Exception {
    for (Object[] nan : NANS) {
      Message m = (Message) cls.getConstructor().newInstance();
      Filler f = new Filler(false, 0);
      f.nan = Double.longBitsToDouble((Long) nan[1]);
      f.fill(m, spec.fields, v, flex, 0);
      if (f.nanUsed == 0) {
        return;
      }
      addValid(tests, spec, cls, v, p + "." + nan[0],
          "typical values, every float64 field " + nan[2] + String.format(" (bits %016x)", (Long) nan[1]), m,
          List.of());
    }
  }

  private Map<String, Object> headerBodyGroup(ApiMessageType t, Schema.Message spec, Class<?> cls,
      String direction, short v, boolean unstable) throws Exception {
    boolean req = direction.equals("request");
    short hv = req ? t.requestHeaderVersion(v) : t.responseHeaderVersion(v);
    Schema.Message hspec = specs.get(req ? "RequestHeader" : "ResponseHeader");
    Class<?> hcls = dataClass(hspec);
    Map<String, Object> g = newGroup(direction, v, "header+body", unstable);
    g.put("headerVersion", (int) hv);
    List<Object> tests = testsOf(g);
    boolean flex = spec.flexible(v);
    boolean hflex = hspec.flexible(hv);
    String p = prefixOf(direction) + ".hdr.v" + v;
    if (flex || hflex) {
      List<Object> known = new ArrayList<>();
      Schema.knownTaggedFields(hspec.fields, hv, "header.", known);
      Schema.knownTaggedFields(spec.fields, v, "body.", known);
      g.put("knownTaggedFields", known);
    }

    Message h = header(hcls, t, v, hv, 42, req ? "streamwire-test" : null);
    Message b = (Message) cls.getConstructor().newInstance();
    new Filler(false, 0).fill(b, spec.fields, v, flex, 0);
    byte[] typical = addValidHb(tests, hspec, hcls, hv, spec, cls, v, p + ".typical",
        (req ? "request header v" : "response header v") + hv + " then a typical body", h, b, List.of());

    h = header(hcls, t, v, hv, 0, req ? "" : null);
    b = (Message) cls.getConstructor().newInstance();
    addValidHb(tests, hspec, hcls, hv, spec, cls, v, p + ".defaults",
        "header v" + hv + " then a body with every field at its default", h, b, List.of());

    long seed = seedOf(spec.name + "/hdr/" + v);
    Filler f = new Filler(true, seed);
    h = (Message) hcls.getConstructor().newInstance();
    f.fill(h, hspec.fields, hv, hflex, 0);
    if (req) {
      setter(hcls, "RequestApiKey").invoke(h, t.apiKey());
      setter(hcls, "RequestApiVersion").invoke(h, v);
    }
    b = (Message) cls.getConstructor().newInstance();
    f.fill(b, spec.fields, v, flex, 0);
    addValidHb(tests, hspec, hcls, hv, spec, cls, v, p + ".random",
        "header v" + hv + " then seeded random values (seed " + seed + ")", h, b,
        flex || hflex ? List.of("UnknownTaggedFields") : List.of());

    if (typical != null) {
      truncations(tests, p, typical, bytes -> {
        ByteBufferAccessor a = new ByteBufferAccessor(ByteBuffer.wrap(bytes));
        construct(hcls, a, hv);
        construct(cls, a, v);
      }, null, v);
      trailing(tests, p, typical, bytes -> {
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        ByteBufferAccessor a = new ByteBufferAccessor(buf);
        construct(hcls, a, hv);
        construct(cls, a, v);
        return buf.position();
      });
    }
    return g;
  }

  private Message header(Class<?> hcls, ApiMessageType t, short v, short hv, int correlationId, String clientId)
      throws Exception {
    Message h = (Message) hcls.getConstructor().newInstance();
    Map<String, Method> s = setterMap(hcls);
    if (s.containsKey("RequestApiKey")) {
      s.get("RequestApiKey").invoke(h, t.apiKey());
      s.get("RequestApiVersion").invoke(h, v);
      if (hv >= 1 && clientId != null) {
        s.get("ClientId").invoke(h, clientId);
      }
    }
    s.get("CorrelationId").invoke(h, correlationId);
    return h;
  }

  /** Serializes, re-reads with Kafka's reader and records a valid test; returns the bytes or null. */
  private byte[] addValid(List<Object> tests, Schema.Message spec, Class<?> cls, short v, String name,
      String comment, Message msg, List<String> flags) {
    byte[] bytes;
    try {
      bytes = serialize(msg, v);
    } catch (Throwable e) {
      log.add(label + ": " + spec.name + " v" + v + " " + name + ": Kafka refused to write: " + describe(unwrap(e)));
      return null;
    }
    try {
      ByteBuffer buf = ByteBuffer.wrap(bytes);
      Message back = construct(cls, new ByteBufferAccessor(buf), v);
      if (buf.hasRemaining()) {
        throw new IllegalStateException("reader left " + buf.remaining() + " bytes");
      }
      byte[] again = serialize(back, v);
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("name", name);
      t.put("comment", comment);
      t.put("flags", new ArrayList<Object>(flags));
      t.put("bytes", bytes);
      t.put("value", structJson(back, spec.fields, v));
      t.put("result", "valid");
      if (!Arrays.equals(bytes, again)) {
        t.put("canonical", false);
        log.add(label + ": " + spec.name + " v" + v + " " + name + ": re-serialization differs");
      }
      tests.add(t);
      return bytes;
    } catch (Throwable e) {
      throw new IllegalStateException(label + ": " + spec.name + " v" + v + " " + name
          + ": Kafka cannot read its own bytes: " + describe(unwrap(e)), e);
    }
  }

  private byte[] addValidHb(List<Object> tests, Schema.Message hspec, Class<?> hcls, short hv,
      Schema.Message spec, Class<?> cls, short v, String name, String comment, Message h, Message b,
      List<String> flags) {
    byte[] hb;
    byte[] bb;
    try {
      hb = serialize(h, hv);
      bb = serialize(b, v);
    } catch (Throwable e) {
      log.add(label + ": " + spec.name + " v" + v + " " + name + ": Kafka refused to write: " + describe(unwrap(e)));
      return null;
    }
    byte[] bytes = concat(hb, bb);
    try {
      ByteBuffer buf = ByteBuffer.wrap(bytes);
      ByteBufferAccessor a = new ByteBufferAccessor(buf);
      Message hBack = construct(hcls, a, hv);
      Message bBack = construct(cls, a, v);
      if (buf.hasRemaining()) {
        throw new IllegalStateException("reader left " + buf.remaining() + " bytes");
      }
      byte[] again = concat(serialize(hBack, hv), serialize(bBack, v));
      Map<String, Object> value = new LinkedHashMap<>();
      value.put("header", structJson(hBack, hspec.fields, hv));
      value.put("body", structJson(bBack, spec.fields, v));
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("name", name);
      t.put("comment", comment);
      t.put("flags", new ArrayList<Object>(flags));
      t.put("bytes", bytes);
      t.put("value", value);
      t.put("result", "valid");
      if (!Arrays.equals(bytes, again)) {
        t.put("canonical", false);
        log.add(label + ": " + spec.name + " v" + v + " " + name + ": re-serialization differs");
      }
      tests.add(t);
      return bytes;
    } catch (Throwable e) {
      throw new IllegalStateException(label + ": " + name + ": Kafka cannot read its own bytes: "
          + describe(unwrap(e)), e);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  // ------------------------------------------------------------------- invalid cases

  private interface Reader {
    void read(byte[] bytes) throws Throwable;
  }

  /** Reads a message and returns how many bytes the reader consumed. */
  private interface CountingReader {
    int read(byte[] bytes) throws Throwable;
  }

  /**
   * The typical case followed by one 0x00 byte. Kafka's readers never check that a message fills
   * its frame, so the reference accepts these bytes; the test is kept only when Kafka reads the
   * message and stops exactly one byte short, and the TRAILING_BYTES code is the oracle's
   * (codeSource "oracle", provenance "oracle-layout"): wirevec requires exact consumption.
   */
  private void trailing(List<Object> tests, String p, byte[] typical, CountingReader r) {
    byte[] b = Arrays.copyOf(typical, typical.length + 1);
    int consumed;
    try {
      consumed = r.read(b);
    } catch (Throwable e) {
      log.add(label + ": " + p + ".trailing-byte rejected by Kafka (" + describe(unwrap(e)) + "); dropped");
      return;
    }
    if (consumed != typical.length) {
      log.add(label + ": " + p + ".trailing-byte: Kafka read " + consumed + " of " + b.length + " bytes; dropped");
      return;
    }
    Map<String, Object> t = invalid(p + ".trailing-byte", "the typical case followed by one 0x00 byte", b,
        new String[] {"TRAILING_BYTES", "kafka-clients read the message in " + consumed + " of " + b.length
            + " bytes and ignored the rest"});
    t.put("provenance", "oracle-layout");
    t.put("codeSource", "oracle");
    tests.add(t);
  }

  /** Feeds bytes to Kafka's reader; returns {code, detail} of its rejection, or null if it accepted them. */
  private String[] reject(Reader r, byte[] bytes) {
    try {
      r.read(bytes);
      return null;
    } catch (Throwable e) {
      Throwable c = unwrap(e);
      String code = errorCode(c);
      if (code.equals("CORRUPT_DATA")) {
        log.add(label + ": unmapped Kafka exception " + describe(c));
      }
      return new String[] {code, describe(c)};
    }
  }

  /**
   * True when a 4.x reader would stop this prefix at a tagged-field count larger than the bytes
   * left (COUNT_EXCEEDS_REMAINING), a check 3.9.x lacks (it reads on and underflows).
   */
  private boolean tagCountCheckDiffers(Schema.Message spec, short v, byte[] prefix) {
    Locator loc = new Locator(prefix, v);
    loc.strictTags = true;
    try {
      loc.struct(spec.fields, "", spec.flexible(v));
      return false;
    } catch (Locator.TagCountBeyondRemaining e) {
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private void truncations(List<Object> tests, String p, byte[] typical, Reader r, Schema.Message spec, short v) {
    int n = typical.length;
    java.util.TreeSet<Integer> cuts = new java.util.TreeSet<>();
    if (n <= ALL_PREFIXES_UP_TO) {
      for (int k = 0; k < n; k++) {
        cuts.add(k);
      }
    } else {
      for (int k = 0; k < SAMPLED_PREFIXES; k++) {
        cuts.add((int) ((long) n * k / SAMPLED_PREFIXES));
      }
      cuts.add(n - 1);
    }
    for (int cut : cuts) {
      byte[] b = Arrays.copyOf(typical, cut);
      String[] err = reject(r, b);
      if (err == null) {
        log.add(label + ": " + p + " prefix " + cut + "/" + n + " accepted by Kafka; dropped");
        continue;
      }
      if (LEGACY_READER && spec != null && err[0].equals("TRUNCATED") && tagCountCheckDiffers(spec, v, b)) {
        // 3.9 underflows where 4.x rejects the tag count first; keep the vectors one rule set.
        log.add(label + ": " + spec.name + " " + p + " prefix " + cut + "/" + n + ": 3.9 says TRUNCATED, 4.x would say"
            + " COUNT_EXCEEDS_REMAINING; dropped");
        continue;
      }
      tests.add(invalid(p + ".truncated-at-" + cut,
          "the typical case cut after " + cut + " of " + n + " bytes", b, err));
    }
  }

  private static Map<String, Object> invalid(String name, String comment, byte[] bytes, String[] err) {
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("name", name);
    t.put("comment", comment);
    t.put("flags", new ArrayList<Object>());
    t.put("op", "decode");
    t.put("bytes", bytes);
    t.put("result", "invalid");
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("code", err[0]);
    e.put("detail", err[1]);
    t.put("error", e);
    return t;
  }

  private void mutations(List<Object> tests, String p, Schema.Message spec, short v, byte[] typical, Reader r) {
    Locator loc = new Locator(typical, v);
    try {
      loc.struct(spec.fields, "", spec.flexible(v));
      if (loc.p != typical.length) {
        throw new IllegalStateException("walked " + loc.p + " of " + typical.length + " bytes");
      }
    } catch (RuntimeException e) {
      log.add(label + ": " + spec.name + " v" + v + ": locator failed: " + e);
      return;
    }
    Locator.Ev array = null;
    Locator.Ev nnString = null;
    Locator.Ev nnArray = null;
    Locator.Ev compact = null;
    Locator.Ev compactString = null;
    for (Locator.Ev e : loc.events) {
      if (e.kind.equals("array") && array == null) {
        array = e;
      }
      if (e.kind.equals("array") && !e.nullable && nnArray == null) {
        nnArray = e;
      }
      if (e.kind.equals("string") && !e.nullable && nnString == null) {
        nnString = e;
      }
      if (e.compact && (compact == null || e.off < compact.off)) {
        compact = e;
      }
      if (e.kind.equals("string") && e.compact && compactString == null) {
        compactString = e;
      }
    }
    if (array != null) {
      byte[] big = array.compact ? uvarint(0x0fffffff + 1) : int32(0x0fffffff);
      tryMutation(tests, p + ".count-exceeds-remaining", "COUNT_EXCEEDS_REMAINING",
          "count of array " + array.path + " (offset " + array.off + ") set to 268435455", splice(typical, array, big), r);
    }
    if (nnString != null) {
      byte[] nul = nnString.compact ? new byte[] {0} : new byte[] {(byte) 0xff, (byte) 0xff};
      tryMutation(tests, p + ".null-for-non-nullable-string", "NULL_FOR_NON_NULLABLE",
          "non-nullable string " + nnString.path + " (offset " + nnString.off + ") replaced by the null marker"
              + " (its content removed)",
          spliceWhole(typical, nnString, nul), r);
    }
    if (nnArray != null) {
      byte[] nul = nnArray.compact ? new byte[] {0} : int32(-1);
      tryMutation(tests, p + ".null-for-non-nullable-array", "NULL_FOR_NON_NULLABLE",
          "non-nullable array " + nnArray.path + " (offset " + nnArray.off + ") replaced by the null marker"
              + " (its elements removed)",
          spliceWhole(typical, nnArray, nul), r);
    }
    // One cap case per message and direction (at the highest version: each is over 32 KiB): the
    // string claims 32768 bytes, one over Kafka's 32767 limit, and the 32768 bytes follow, so
    // only the cap (not a shortage of bytes) can reject it.
    if (compactString != null && v == spec.valid.hi) {
      byte[] prefix = uvarint(0x8000 + 1);
      byte[] body = Arrays.copyOf(prefix, prefix.length + 0x8000);
      Arrays.fill(body, prefix.length, body.length, (byte) 'a');
      tryMutation(tests, p + ".string-too-long", "STRING_TOO_LONG",
          "compact string " + compactString.path + " (offset " + compactString.off + ") replaced by one of"
              + " 32768 bytes ('a'), one over the 32767-byte limit",
          spliceWhole(typical, compactString, body), r);
    }
    if (compact != null) {
      byte[] six = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0};
      tryMutation(tests, p + ".varint-too-long", "VARINT_TOO_LONG",
          "the unsigned varint at offset " + compact.off + " (" + (compact.path.isEmpty() ? "top-level" : compact.path)
              + " " + compact.kind + ") spread over 6 bytes",
          splice(typical, compact, six), r);
    }
  }

  private void tryMutation(List<Object> tests, String name, String want, String comment, byte[] b, Reader r) {
    String[] err = reject(r, b);
    if (err == null) {
      log.add(label + ": " + name + " accepted by Kafka; dropped");
      return;
    }
    if (!err[0].equals(want)) {
      log.add(label + ": " + name + " wanted " + want + " but Kafka said " + err[0] + " (" + err[1] + "); dropped");
      return;
    }
    tests.add(invalid(name, comment, b, err));
  }

  private static byte[] splice(byte[] src, Locator.Ev e, byte[] replacement) {
    byte[] out = new byte[src.length - e.len + replacement.length];
    System.arraycopy(src, 0, out, 0, e.off);
    System.arraycopy(replacement, 0, out, e.off, replacement.length);
    System.arraycopy(src, e.off + e.len, out, e.off + replacement.length, src.length - e.off - e.len);
    return out;
  }

  /** Like {@link #splice} but replaces the whole item (prefix and content) the event located. */
  private static byte[] spliceWhole(byte[] src, Locator.Ev e, byte[] replacement) {
    byte[] out = new byte[src.length - (e.end - e.off) + replacement.length];
    System.arraycopy(src, 0, out, 0, e.off);
    System.arraycopy(replacement, 0, out, e.off, replacement.length);
    System.arraycopy(src, e.end, out, e.off + replacement.length, src.length - e.end);
    return out;
  }

  private static byte[] int32(int x) {
    return ByteBuffer.allocate(4).putInt(x).array();
  }

  private static byte[] uvarint(int x) {
    ByteBuffer b = ByteBuffer.allocate(5);
    while ((x & ~0x7f) != 0) {
      b.put((byte) ((x & 0x7f) | 0x80));
      x >>>= 7;
    }
    b.put((byte) x);
    return Arrays.copyOf(b.array(), b.position());
  }

  /**
   * Walks bytes that Kafka wrote, following the schema, to find where length and count prefixes
   * sit. Only used to aim mutations; every mutated input is then judged by Kafka's reader.
   */
  private static final class Locator {
    static final class Ev {
      String kind;
      String path;
      int off;
      int len;
      /** Where the item (prefix and content or elements) ends. */
      int end;
      boolean compact;
      boolean nullable;
    }

    /** Thrown in strictTags mode where a 4.x reader rejects a tagged-field count. */
    static final class TagCountBeyondRemaining extends RuntimeException {
      private static final long serialVersionUID = 1L;

      TagCountBeyondRemaining() {
        super(null, null, false, false);
      }
    }

    final byte[] b;
    final short v;
    int p;
    boolean strictTags;
    final List<Ev> events = new ArrayList<>();

    Locator(byte[] b, short v) {
      this.b = b;
      this.v = v;
    }

    private int u8() {
      if (p >= b.length) {
        throw new IllegalStateException("locator ran past the end");
      }
      return b[p++] & 0xff;
    }

    private int uvar() {
      int x = 0;
      for (int shift = 0; ; shift += 7) {
        int c = u8();
        x |= (c & 0x7f) << shift;
        if ((c & 0x80) == 0) {
          return x;
        }
      }
    }

    private int fixed(int n) {
      int x = 0;
      for (int k = 0; k < n; k++) {
        x = (x << 8) | u8();
      }
      return x;
    }

    private void skip(int n) {
      if (n < 0 || p + n > b.length) {
        throw new IllegalStateException("locator: bad length " + n);
      }
      p += n;
    }

    private Ev ev(String kind, String path, int off, boolean compact, boolean nullable) {
      Ev e = new Ev();
      e.kind = kind;
      e.path = path;
      e.off = off;
      e.len = p - off;
      e.compact = compact;
      e.nullable = nullable;
      events.add(e);
      return e;
    }

    void struct(List<Schema.Field> fields, String path, boolean flex) {
      for (Schema.Field f : fields) {
        if (!f.present(v) || f.tagged(v)) {
          continue;
        }
        field(f, path.isEmpty() ? lowerFirst(f.name) : path + "." + lowerFirst(f.name), flex);
      }
      if (flex) {
        int off = p;
        int n = uvar();
        ev("tagged-fields", path, off, true, false);
        if (strictTags && n > b.length - p) {
          throw new TagCountBeyondRemaining();
        }
        for (int k = 0; k < n; k++) {
          uvar();
          skip(uvar());
        }
      }
    }

    void field(Schema.Field f, String path, boolean flex) {
      boolean nullable = f.nullable(v);
      if (f.isArray()) {
        int off = p;
        int n = flex ? uvar() - 1 : fixed(4);
        Ev e = ev("array", path, off, flex, nullable);
        for (int k = 0; k < n; k++) {
          if (f.isStructArray()) {
            struct(f.fields, path, flex);
          } else {
            primitive(f.elementType(), path, flex, flex, false, false);
          }
        }
        e.end = p;
      } else if (f.isStruct()) {
        if (nullable) {
          int m = (byte) u8();
          if (m < 0) {
            return;
          }
        }
        struct(f.fields, path, flex);
      } else {
        boolean compact = flex && (f.flexibleVersions == null || f.flexibleVersions.contains(v));
        primitive(f.type, path, flex, compact, nullable, true);
      }
    }

    void primitive(String type, String path, boolean flex, boolean compact, boolean nullable, boolean record) {
      switch (type) {
        case "bool":
        case "int8":
          skip(1);
          return;
        case "int16":
        case "uint16":
          skip(2);
          return;
        case "int32":
        case "uint32":
          skip(4);
          return;
        case "int64":
        case "float64":
          skip(8);
          return;
        case "uuid":
          skip(16);
          return;
        case "string": {
          int off = p;
          int n = compact ? uvar() - 1 : (short) fixed(2);
          Ev e = record ? ev("string", path, off, compact, nullable) : null;
          if (n > 0) {
            skip(n);
          }
          if (e != null) {
            e.end = p;
          }
          return;
        }
        case "bytes":
        case "records": {
          int off = p;
          int n = compact ? uvar() - 1 : fixed(4);
          Ev e = record ? ev(type, path, off, compact, nullable) : null;
          if (n > 0) {
            skip(n);
          }
          if (e != null) {
            e.end = p;
          }
          return;
        }
        default:
          throw new IllegalStateException("locator: type " + type);
      }
    }
  }

  // =================================================================== filling messages

  /** Fills generated message objects with typical or seeded random values, driven by the schema. */
  private final class Filler {
    final boolean random;
    final Random rnd;
    /** Random mode variant: arrays get 1..3 elements (1 deep down) and nullable values are rarely null. */
    boolean dense;
    int counter;
    /** When set, the value of every float64 field (and how many were set). */
    Double nan;
    int nanUsed;

    Filler(boolean random, long seed) {
      this.random = random;
      this.rnd = new Random(seed);
    }

    void fill(Object obj, List<Schema.Field> fields, short v, boolean flex, int depth) throws Exception {
      Map<String, Method> s = setterMap(obj.getClass());
      for (Schema.Field f : fields) {
        if (!f.present(v)) {
          continue;
        }
        Method m = s.get(upperFirst(f.name));
        if (m == null) {
          throw new IllegalStateException(obj.getClass().getName() + " has no setter for " + f.name);
        }
        m.invoke(obj, make(f, m.getParameterTypes()[0], m.getGenericParameterTypes()[0], v, flex, depth));
      }
      if (random && flex && (depth == 0 || rnd.nextInt(4) == 0)) {
        List<RawTaggedField> u = ((Message) obj).unknownTaggedFields();
        int tag = Schema.maxTag(fields) + 1;
        int n = depth == 0 ? 2 : 1;
        for (int k = 0; k < n; k++) {
          byte[] data = new byte[rnd.nextInt(5)];
          rnd.nextBytes(data);
          u.add(new RawTaggedField(tag, data));
          tag += 1 + rnd.nextInt(200);
        }
      }
    }

    @SuppressWarnings("unchecked")
    Object make(Schema.Field f, Class<?> pt, Type gt, short v, boolean flex, int depth) throws Exception {
      if (random && f.nullable(v) && rnd.nextInt(dense ? 10 : 3) == 0) {
        return null;
      }
      if (f.isArray()) {
        int n;
        if (!random) {
          n = depth < 2 ? 2 : 1;
        } else if (dense) {
          n = depth < 2 ? 1 + rnd.nextInt(3) : 1;
        } else {
          n = depth < 2 ? rnd.nextInt(4) : rnd.nextInt(2);
        }
        Collection<Object> coll = pt.isInterface() ? new ArrayList<>() : (Collection<Object>) pt.getConstructor().newInstance();
        if (f.isStructArray()) {
          Class<?> ec = elementClass(pt, gt);
          for (int k = 0; k < n; k++) {
            Object e = ec.getConstructor().newInstance();
            fill(e, f.fields, v, flex, depth + 1);
            coll.add(e);
          }
        } else {
          for (int k = 0; k < n; k++) {
            coll.add(primitive(f.elementType(), null, f.name));
          }
        }
        return coll;
      }
      if (f.isStruct()) {
        Object o = pt.getConstructor().newInstance();
        fill(o, f.fields, v, flex, depth + 1);
        return o;
      }
      return primitive(f.type, pt, f.name);
    }

    private long pick(long[] extremes, long random) {
      return rnd.nextBoolean() ? extremes[rnd.nextInt(extremes.length)] : random;
    }

    Object primitive(String type, Class<?> pt, String name) throws Exception {
      int c = ++counter;
      switch (type) {
        case "bool":
          return random ? rnd.nextBoolean() : Boolean.TRUE;
        case "int8":
          return random ? (byte) pick(new long[] {-128, 127, 0, -1}, rnd.nextInt()) : (byte) (c % 100 + 1);
        case "int16":
          return random ? (short) pick(new long[] {-32768, 32767, 0, -1}, rnd.nextInt()) : (short) (c % 1000 + 1);
        case "uint16":
          return random ? (int) pick(new long[] {0, 65535}, rnd.nextInt(65536)) : c % 1000 + 1;
        case "int32":
          return random ? (int) pick(new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1}, rnd.nextInt()) : c;
        case "uint32":
          return random ? pick(new long[] {0, 4294967295L}, rnd.nextInt() & 0xffffffffL) : (long) c;
        case "int64":
          return random ? pick(new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1}, rnd.nextLong()) : 1_000_000_000_000L + c;
        case "float64": {
          if (nan != null) {
            nanUsed++;
            return nan;
          }
          double[] pool = {0.0, -0.0, 1.5, -1024.75, 0.1, 3.141592653589793, 1e-7, 1e21, Double.NaN,
              Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MAX_VALUE, Double.MIN_VALUE};
          return random ? pool[rnd.nextInt(pool.length)] : 1.5 + c;
        }
        case "string":
          return random ? randomString() : kebab(name) + "-" + c;
        case "uuid":
          if (random) {
            return rnd.nextInt(5) == 0 ? Uuid.ZERO_UUID : new Uuid(rnd.nextLong(), rnd.nextLong());
          }
          return new Uuid(0x0123456789abcdefL + c, 0x7edcba9876543210L + c);
        case "bytes": {
          byte[] a;
          if (random) {
            a = new byte[rnd.nextInt(13)];
            rnd.nextBytes(a);
          } else {
            a = new byte[] {(byte) c, 1, 2, 3};
          }
          return pt == ByteBuffer.class ? ByteBuffer.wrap(a) : a;
        }
        case "records":
          return records(pt, random ? rnd.nextInt(4) : 2, c);
        default:
          throw new IllegalStateException("type " + type);
      }
    }

    private final String[] pool = {
        "", "a", "orders", "zürich-straße", "日本語トピック", "🚀 launch", "mixed-ünïcødé-𝄞-clef",
        "tab\tand\nnewline", "quote\"back\\slash", "x".repeat(40)};

    String randomString() {
      if (rnd.nextInt(3) == 0) {
        char[] cs = new char[rnd.nextInt(13)];
        for (int k = 0; k < cs.length; k++) {
          cs[k] = (char) ('a' + rnd.nextInt(26));
        }
        return new String(cs);
      }
      return pool[rnd.nextInt(pool.length)];
    }

    /** A real v2 record batch built by Kafka (4.x moved these classes; hence reflection). */
    Object records(Class<?> pt, int n, int c) throws Exception {
      ClassLoader cl = Engine.class.getClassLoader();
      String pkg = pt.getPackageName();
      Class<?> mr = Class.forName(pkg + ".MemoryRecords", true, cl);
      if (n == 0) {
        return mr.getMethod("readableRecords", ByteBuffer.class).invoke(null, ByteBuffer.allocate(0));
      }
      Class<?> sr = Class.forName(pkg + ".SimpleRecord", true, cl);
      Class<?> comp = Class.forName("org.apache.kafka.common.compress.Compression", true, cl);
      Object none = comp.getField("NONE").get(null);
      Object arr = Array.newInstance(sr, n);
      for (int k = 0; k < n; k++) {
        byte[] key = random && rnd.nextBoolean() ? null : ("key-" + c + "-" + k).getBytes(StandardCharsets.UTF_8);
        byte[] val = ("value-" + c + "-" + k).getBytes(StandardCharsets.UTF_8);
        long ts = 1_700_000_000_000L + 1000L * k;
        Array.set(arr, k, sr.getConstructor(long.class, byte[].class, byte[].class).newInstance(ts, key, val));
      }
      return mr.getMethod("withRecords", comp, arr.getClass()).invoke(null, none, arr);
    }
  }

  private static Class<?> elementClass(Class<?> pt, Type gt) {
    if (gt instanceof ParameterizedType) {
      return (Class<?>) ((ParameterizedType) gt).getActualTypeArguments()[0];
    }
    for (Class<?> c = pt; c != null; c = c.getSuperclass()) {
      Type sup = c.getGenericSuperclass();
      if (sup instanceof ParameterizedType) {
        return (Class<?>) ((ParameterizedType) sup).getActualTypeArguments()[0];
      }
    }
    throw new IllegalStateException("no element type for " + pt);
  }

  static String upperFirst(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  static String lowerFirst(String s) {
    return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }

  static String kebab(String s) {
    StringBuilder b = new StringBuilder();
    for (int k = 0; k < s.length(); k++) {
      char ch = s.charAt(k);
      if (Character.isUpperCase(ch)) {
        if (k > 0 && (Character.isLowerCase(s.charAt(k - 1))
            || (k + 1 < s.length() && Character.isLowerCase(s.charAt(k + 1)) && Character.isUpperCase(s.charAt(k - 1))))) {
          b.append('-');
        }
        b.append(Character.toLowerCase(ch));
      } else {
        b.append(ch);
      }
    }
    return b.toString();
  }

  // =================================================================== reflection helpers

  private Map<String, Method> setterMap(Class<?> c) {
    return setters.computeIfAbsent(c, k -> {
      Map<String, Method> m = new HashMap<>();
      for (Method x : k.getMethods()) {
        if (x.getName().startsWith("set") && x.getParameterCount() == 1) {
          m.put(x.getName().substring(3), x);
        }
      }
      return m;
    });
  }

  private Method setter(Class<?> c, String field) {
    Method m = setterMap(c).get(upperFirst(field));
    if (m == null) {
      throw new IllegalStateException(c.getName() + " has no setter for " + field);
    }
    return m;
  }

  private Method getter(Class<?> c, String field) {
    Map<String, Method> m = getters.computeIfAbsent(c, k -> {
      Map<String, Method> g = new HashMap<>();
      for (Method x : k.getMethods()) {
        if (x.getParameterCount() == 0) {
          g.put(x.getName(), x);
        }
      }
      return g;
    });
    Method x = m.get(lowerFirst(field));
    if (x == null) {
      throw new IllegalStateException(c.getName() + " has no getter for " + field);
    }
    return x;
  }

  // =================================================================== bytes <-> objects

  static byte[] serialize(Message m, short v) {
    ObjectSerializationCache cache = new ObjectSerializationCache();
    int size = m.size(cache, v);
    ByteBuffer buf = ByteBuffer.allocate(size);
    m.write(new ByteBufferAccessor(buf), cache, v);
    if (buf.hasRemaining()) {
      throw new IllegalStateException("Kafka wrote " + buf.position() + " of " + size + " bytes");
    }
    return buf.array();
  }

  private static final Map<Class<?>, java.lang.reflect.Constructor<?>> READERS = new java.util.concurrent.ConcurrentHashMap<>();

  static Message construct(Class<?> cls, Readable r, short v) throws Throwable {
    java.lang.reflect.Constructor<?> c = READERS.get(cls);
    if (c == null) {
      c = cls.getConstructor(Readable.class, short.class);
      READERS.put(cls, c);
    }
    try {
      return (Message) c.newInstance(r, v);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  static Throwable unwrap(Throwable e) {
    while ((e instanceof InvocationTargetException || e instanceof java.lang.reflect.UndeclaredThrowableException)
        && e.getCause() != null) {
      e = e.getCause();
    }
    return e;
  }

  static String describe(Throwable t) {
    String m = t.getMessage();
    return m == null || m.isEmpty() ? t.getClass().getName() : m;
  }

  /** Maps a rejection by Kafka's reader to a wirevec error code. */
  static String errorCode(Throwable t) {
    String m = t.getMessage() == null ? "" : t.getMessage();
    if (t instanceof BufferUnderflowException) {
      return "TRUNCATED";
    }
    if (m.startsWith("Tried to allocate a collection of size")
        || (m.startsWith("Tried to read") && m.contains("tagged fields, but there are only"))) {
      return "COUNT_EXCEEDS_REMAINING";
    }
    if (m.contains("exceeds the maximum allowed")) {
      return "LIMIT_EXCEEDED";
    }
    if (m.startsWith("Error reading byte array of")
        || (t instanceof IllegalArgumentException && m.startsWith("newLimit > capacity"))) {
      return "LENGTH_EXCEEDS_REMAINING";
    }
    if (m.startsWith("non-nullable field")) {
      return "NULL_FOR_NON_NULLABLE";
    }
    if (m.startsWith("string field") && m.contains("had invalid length")) {
      return "STRING_TOO_LONG";
    }
    if (m.startsWith("Varint is too long") || m.startsWith("Varlong is too long")) {
      return "VARINT_TOO_LONG";
    }
    if (m.startsWith("Invalid negative number of tagged fields")) {
      return "NEGATIVE_LENGTH";
    }
    if (m.startsWith("Can't read version") || t instanceof UnsupportedVersionException) {
      return "UNSUPPORTED_VERSION";
    }
    return "CORRUPT_DATA";
  }

  // =================================================================== objects -> value JSON

  private Map<String, Object> structJson(Object obj, List<Schema.Field> fields, short v) throws Exception {
    Map<String, Object> m = new LinkedHashMap<>();
    for (Schema.Field f : fields) {
      if (!f.present(v)) {
        continue;
      }
      Object raw = getter(obj.getClass(), f.name).invoke(obj);
      m.put(lowerFirst(f.name), fieldJson(f, raw, v));
    }
    List<RawTaggedField> u = ((Message) obj).unknownTaggedFields();
    if (u != null && !u.isEmpty()) {
      List<RawTaggedField> sorted = new ArrayList<>(u);
      sorted.sort((a, b) -> Integer.compare(a.tag(), b.tag()));
      List<Object> out = new ArrayList<>();
      for (RawTaggedField r : sorted) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("tag", r.tag());
        t.put("hex", Hex.of(r.data()));
        out.add(t);
      }
      m.put("_unknownTaggedFields", out);
    }
    return m;
  }

  private Object fieldJson(Schema.Field f, Object raw, short v) throws Exception {
    if (raw == null) {
      return null;
    }
    if (f.isArray()) {
      List<Object> out = new ArrayList<>();
      for (Object e : (Iterable<?>) raw) {
        out.add(f.isStructArray() ? structJson(e, f.fields, v) : primitiveJson(f.elementType(), e));
      }
      return out;
    }
    if (f.isStruct()) {
      return structJson(raw, f.fields, v);
    }
    return primitiveJson(f.type, raw);
  }

  private static Object primitiveJson(String type, Object raw) throws Exception {
    if (raw == null) {
      return null;
    }
    switch (type) {
      case "bool":
        return raw;
      case "int8":
      case "int16":
      case "uint16":
      case "int32":
        return ((Number) raw).intValue();
      case "uint32":
        return ((Number) raw).longValue();
      case "int64":
        return Long.toString(((Number) raw).longValue());
      case "float64": {
        double d = ((Number) raw).doubleValue();
        if (Double.isNaN(d)) {
          // Raw bits: doubleToLongBits would report every NaN as the canonical one.
          long bits = Double.doubleToRawLongBits(d);
          return bits == 0x7ff8000000000000L ? "NaN" : String.format("NaN:%016x", bits);
        }
        if (Double.isInfinite(d)) {
          return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0 && Double.doubleToRawLongBits(d) != 0) {
          return "-0";
        }
        return d;
      }
      case "string":
        return raw;
      case "bytes":
        if (raw instanceof ByteBuffer) {
          ByteBuffer b = ((ByteBuffer) raw).duplicate();
          byte[] a = new byte[b.remaining()];
          b.get(a);
          return Hex.of(a);
        }
        return Hex.of((byte[]) raw);
      case "uuid": {
        Uuid u = (Uuid) raw;
        String h = String.format("%016x%016x", u.getMostSignificantBits(), u.getLeastSignificantBits());
        return h.substring(0, 8) + "-" + h.substring(8, 12) + "-" + h.substring(12, 16) + "-"
            + h.substring(16, 20) + "-" + h.substring(20);
      }
      case "records": {
        ByteBuffer b = ((ByteBuffer) raw.getClass().getMethod("buffer").invoke(raw)).duplicate();
        byte[] a = new byte[b.remaining()];
        b.get(a);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("hex", Hex.of(a));
        return m;
      }
      default:
        throw new IllegalStateException("type " + type);
    }
  }

  // =================================================================== testee

  /** True when this release can read (direction, apiKey|message, version). */
  public boolean supports(String direction, int apiKey, int version, String message) {
    if ("data".equals(direction)) {
      Schema.Message m = message == null ? null : specs.get(message);
      return m != null && isDataSchema(m) && m.valid.contains(version);
    }
    for (ApiMessageType t : ApiMessageType.values()) {
      if (t.apiKey() == apiKey && !removed(t)) {
        return version >= t.lowestSupportedVersion() && version <= t.highestSupportedVersion(true);
      }
    }
    return false;
  }

  /** Answers one differential request: {id, apiKey, version, direction, message?, hex}. */
  public Map<String, Object> handle(Map<String, Object> q) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", q.get("id"));
    try {
      String direction = String.valueOf(q.get("direction"));
      int version = ((Number) q.get("version")).intValue();
      Schema.Message spec;
      Class<?> cls;
      if ("data".equals(direction)) {
        String name = String.valueOf(q.get("message"));
        spec = specs.get(name);
        if (spec == null || !isDataSchema(spec)) {
          return fail(out, "UNKNOWN_API_KEY", "no data schema named " + name + " in kafka-clients " + label);
        }
        if (!spec.valid.contains(version)) {
          return fail(out, "UNSUPPORTED_VERSION", name + " has no version " + version + " in kafka-clients " + label);
        }
        cls = dataClass(spec);
      } else {
        int apiKey = ((Number) q.get("apiKey")).intValue();
        ApiMessageType t = null;
        for (ApiMessageType x : ApiMessageType.values()) {
          if (x.apiKey() == apiKey && !removed(x)) {
            t = x;
          }
        }
        if (t == null) {
          return fail(out, "UNKNOWN_API_KEY", "kafka-clients " + label + " defines no API key " + apiKey);
        }
        if (version < t.lowestSupportedVersion() || version > t.highestSupportedVersion(true)) {
          return fail(out, "UNSUPPORTED_VERSION", t.name + " has no version " + version + " in kafka-clients " + label);
        }
        boolean req = "request".equals(direction);
        if (!req && !"response".equals(direction)) {
          return fail(out, "INVALID_VALUE", "unknown direction " + direction);
        }
        spec = specs.get(t.name + (req ? "Request" : "Response"));
        cls = (req ? t.newRequest() : t.newResponse()).getClass();
      }
      byte[] bytes;
      try {
        bytes = Hex.parse(String.valueOf(q.get("hex")));
      } catch (IllegalArgumentException e) {
        return fail(out, "INVALID_VALUE", "bad hex: " + e.getMessage());
      }
      ByteBuffer buf = ByteBuffer.wrap(bytes);
      Message m;
      try {
        m = construct(cls, new ByteBufferAccessor(buf), (short) version);
      } catch (Throwable e) {
        Throwable c = unwrap(e);
        return fail(out, errorCode(c), describe(c));
      }
      out.put("ok", true);
      out.put("hex", Hex.of(serialize(m, (short) version)));
      out.put("value", structJson(m, spec.fields, (short) version));
      out.put("consumed", buf.position());
      return out;
    } catch (Throwable e) {
      Throwable c = unwrap(e);
      return fail(out, "CORRUPT_DATA", "oracle: " + c);
    }
  }

  private static Map<String, Object> fail(Map<String, Object> out, String code, String detail) {
    out.put("ok", false);
    out.put("code", code);
    out.put("detail", detail);
    return out;
  }
}
