package streamwire.oracle.kafka;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parts of Kafka's message-definition JSON (common/message/*.json inside kafka-clients) that
 * the oracle needs to fill, walk and describe generated message objects.
 */
final class Schema {
  private Schema() {}

  static final Set<String> PRIMITIVES = Set.of(
      "bool", "int8", "int16", "uint16", "int32", "uint32", "int64", "float64",
      "string", "uuid", "bytes", "records");

  /** A version range as written in the schema: "none", "3", "3+", "0-5". */
  static final class Versions {
    final int lo;
    final int hi;

    Versions(int lo, int hi) {
      this.lo = lo;
      this.hi = hi;
    }

    static final Versions NONE = new Versions(1, 0);

    static Versions parse(Object o) {
      if (o == null) {
        return NONE;
      }
      String s = o.toString().trim();
      if (s.equals("none") || s.isEmpty()) {
        return NONE;
      }
      if (s.endsWith("+")) {
        return new Versions(Integer.parseInt(s.substring(0, s.length() - 1)), Integer.MAX_VALUE);
      }
      int dash = s.indexOf('-');
      if (dash > 0) {
        return new Versions(Integer.parseInt(s.substring(0, dash)), Integer.parseInt(s.substring(dash + 1)));
      }
      int v = Integer.parseInt(s);
      return new Versions(v, v);
    }

    boolean contains(int v) {
      return v >= lo && v <= hi;
    }

    boolean isEmpty() {
      return lo > hi;
    }

    @Override
    public String toString() {
      return isEmpty() ? "none" : hi == Integer.MAX_VALUE ? lo + "+" : lo == hi ? "" + lo : lo + "-" + hi;
    }
  }

  static final class Field {
    String name;
    String type;
    Versions versions;
    Versions nullableVersions;
    Versions taggedVersions;
    Integer tag;
    /** Field-level override of the message's flexible versions (strings/bytes only), or null. */
    Versions flexibleVersions;
    boolean zeroCopy;
    boolean mapKey;
    /** Struct fields of this field (inline or resolved from the struct registry), for struct and []struct types. */
    List<Field> fields;

    boolean isArray() {
      return type.startsWith("[]");
    }

    String elementType() {
      return type.substring(2);
    }

    boolean isStruct() {
      return !isArray() && !PRIMITIVES.contains(type);
    }

    boolean isStructArray() {
      return isArray() && !PRIMITIVES.contains(elementType());
    }

    String structName() {
      return isArray() ? elementType() : type;
    }

    boolean present(int v) {
      return versions.contains(v);
    }

    boolean nullable(int v) {
      return nullableVersions.contains(v);
    }

    boolean tagged(int v) {
      return tag != null && taggedVersions.contains(v);
    }
  }

  static final class Message {
    String name;
    String type;
    Integer apiKey;
    Versions valid;
    Versions flexible;
    boolean latestVersionUnstable;
    List<Field> fields;

    boolean flexible(int v) {
      return flexible.contains(v);
    }
  }

  @SuppressWarnings("unchecked")
  static Message parse(String text) {
    Map<String, Object> root = (Map<String, Object>) Json.parse(text);
    Message m = new Message();
    m.name = (String) root.get("name");
    m.type = (String) root.get("type");
    Object k = root.get("apiKey");
    m.apiKey = k == null ? null : Integer.valueOf(((Number) k).intValue());
    m.valid = Versions.parse(root.get("validVersions"));
    m.flexible = Versions.parse(root.get("flexibleVersions"));
    m.latestVersionUnstable = Boolean.TRUE.equals(root.get("latestVersionUnstable"));
    Map<String, List<Field>> registry = new HashMap<>();
    List<Field> pending = new ArrayList<>();
    Object common = root.get("commonStructs");
    if (common instanceof List) {
      for (Object cs : (List<Object>) common) {
        Map<String, Object> c = (Map<String, Object>) cs;
        registry.put((String) c.get("name"), fields((List<Object>) c.get("fields"), registry, pending));
      }
    }
    Object fs = root.get("fields");
    m.fields = fs == null ? new ArrayList<>() : fields((List<Object>) fs, registry, pending);
    for (Field f : pending) {
      f.fields = registry.get(f.structName());
      if (f.fields == null) {
        throw new IllegalStateException(m.name + ": unknown struct " + f.structName());
      }
    }
    return m;
  }

  @SuppressWarnings("unchecked")
  private static List<Field> fields(List<Object> list, Map<String, List<Field>> registry, List<Field> pending) {
    List<Field> out = new ArrayList<>();
    if (list == null) {
      return out;
    }
    for (Object o : list) {
      Map<String, Object> j = (Map<String, Object>) o;
      Field f = new Field();
      f.name = (String) j.get("name");
      f.type = ((String) j.get("type")).trim();
      f.versions = Versions.parse(j.get("versions"));
      f.nullableVersions = Versions.parse(j.get("nullableVersions"));
      f.taggedVersions = Versions.parse(j.get("taggedVersions"));
      Object tag = j.get("tag");
      f.tag = tag == null ? null : Integer.valueOf(Integer.parseInt(tag.toString()));
      f.flexibleVersions = j.containsKey("flexibleVersions") ? Versions.parse(j.get("flexibleVersions")) : null;
      f.zeroCopy = Boolean.TRUE.equals(j.get("zeroCopy"));
      f.mapKey = Boolean.TRUE.equals(j.get("mapKey"));
      if (f.isStruct() || f.isStructArray()) {
        Object sub = j.get("fields");
        if (sub != null) {
          f.fields = fields((List<Object>) sub, registry, pending);
          registry.putIfAbsent(f.structName(), f.fields);
        } else {
          pending.add(f);
        }
      }
      out.add(f);
    }
    return out;
  }

  /**
   * The tagged fields known at version {@code v}, depth first: {@code {path, tag}} where path is the
   * field's lowerCamelCase JSON name, prefixed by the path of the struct holding it ({@code
   * "topics[].partitions[].x"}: {@code []} marks an array's elements).
   */
  static void knownTaggedFields(List<Field> fields, int v, String prefix, List<Object> out) {
    for (Field f : fields) {
      if (!f.present(v)) {
        continue;
      }
      String name = f.name.isEmpty() ? f.name : Character.toLowerCase(f.name.charAt(0)) + f.name.substring(1);
      String path = prefix + name;
      if (f.tagged(v)) {
        Map<String, Object> t = new java.util.LinkedHashMap<>();
        t.put("path", path);
        t.put("tag", f.tag);
        out.add(t);
      }
      if (f.fields != null) {
        knownTaggedFields(f.fields, v, path + (f.isArray() ? "[]." : "."), out);
      }
    }
  }

  /** Highest tag any field of the struct uses in any version, or -1. */
  static int maxTag(List<Field> fields) {
    int max = -1;
    for (Field f : fields) {
      if (f.tag != null) {
        max = Math.max(max, f.tag);
      }
    }
    return max;
  }
}
