package streamwire.oracle.kafka;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Minimal JSON reader and writer, so the oracle needs nothing besides kafka-clients.
 *
 * <p>The reader accepts Kafka's comment-bearing schema files ({@code //} and {@code /* *}{@code /}
 * comments outside strings). Objects become insertion-ordered {@link LinkedHashMap}s, arrays
 * {@link ArrayList}s, integers {@link Long}, other numbers {@link Double}. The writer mirrors
 * JavaScript's {@code JSON.stringify(value, null, 2)} layout so files are byte-stable no matter
 * which side rewrites them.
 */
public final class Json {
  private final String s;
  private int i;

  private Json(String s) {
    this.s = s;
  }

  /** Parses one JSON document (comments allowed). */
  public static Object parse(String text) {
    Json p = new Json(text);
    p.ws();
    Object v = p.value();
    p.ws();
    if (p.i != p.s.length()) {
      throw p.err("trailing characters");
    }
    return v;
  }

  private IllegalArgumentException err(String what) {
    return new IllegalArgumentException("JSON: " + what + " at offset " + i);
  }

  private void ws() {
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        i++;
      } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
        while (i < s.length() && s.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
        int end = s.indexOf("*/", i + 2);
        if (end < 0) {
          throw err("unterminated comment");
        }
        i = end + 2;
      } else {
        return;
      }
    }
  }

  private Object value() {
    if (i >= s.length()) {
      throw err("unexpected end");
    }
    char c = s.charAt(i);
    switch (c) {
      case '{': {
        i++;
        Map<String, Object> m = new LinkedHashMap<>();
        ws();
        if (peek() == '}') {
          i++;
          return m;
        }
        while (true) {
          ws();
          String k = string();
          ws();
          expect(':');
          ws();
          m.put(k, value());
          ws();
          char d = next();
          if (d == '}') {
            return m;
          }
          if (d != ',') {
            throw err("expected , or }");
          }
          ws();
          if (peek() == '}') { // tolerate a trailing comma in hand-written schema files
            i++;
            return m;
          }
        }
      }
      case '[': {
        i++;
        List<Object> a = new ArrayList<>();
        ws();
        if (peek() == ']') {
          i++;
          return a;
        }
        while (true) {
          ws();
          a.add(value());
          ws();
          char d = next();
          if (d == ']') {
            return a;
          }
          if (d != ',') {
            throw err("expected , or ]");
          }
          ws();
          if (peek() == ']') {
            i++;
            return a;
          }
        }
      }
      case '"':
        return string();
      case 't':
        word("true");
        return Boolean.TRUE;
      case 'f':
        word("false");
        return Boolean.FALSE;
      case 'n':
        word("null");
        return null;
      default:
        return number();
    }
  }

  private char peek() {
    if (i >= s.length()) {
      throw err("unexpected end");
    }
    return s.charAt(i);
  }

  private char next() {
    char c = peek();
    i++;
    return c;
  }

  private void expect(char c) {
    if (next() != c) {
      throw err("expected " + c);
    }
  }

  private void word(String w) {
    if (!s.startsWith(w, i)) {
      throw err("expected " + w);
    }
    i += w.length();
  }

  private Object number() {
    int start = i;
    boolean frac = false;
    while (i < s.length()) {
      char c = s.charAt(i);
      if ((c >= '0' && c <= '9') || c == '-' || c == '+') {
        i++;
      } else if (c == '.' || c == 'e' || c == 'E') {
        frac = true;
        i++;
      } else {
        break;
      }
    }
    String t = s.substring(start, i);
    if (t.isEmpty()) {
      throw err("unexpected character");
    }
    if (!frac) {
      try {
        return Long.parseLong(t);
      } catch (NumberFormatException e) {
        return Double.parseDouble(t);
      }
    }
    return Double.parseDouble(t);
  }

  private String string() {
    expect('"');
    StringBuilder b = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return b.toString();
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      char e = next();
      switch (e) {
        case '"': b.append('"'); break;
        case '\\': b.append('\\'); break;
        case '/': b.append('/'); break;
        case 'b': b.append('\b'); break;
        case 'f': b.append('\f'); break;
        case 'n': b.append('\n'); break;
        case 'r': b.append('\r'); break;
        case 't': b.append('\t'); break;
        case 'u':
          if (i + 4 > s.length()) {
            throw err("bad \\u escape");
          }
          b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
          i += 4;
          break;
        default:
          throw err("bad escape");
      }
    }
  }

  // ------------------------------------------------------------------ writer

  /** Pretty form: two-space indent, like {@code JSON.stringify(v, null, 2)}, no trailing newline. */
  public static String pretty(Object v) {
    StringBuilder b = new StringBuilder(1 << 16);
    write(b, v, 0, true);
    return b.toString();
  }

  /** One-line form, like {@code JSON.stringify(v)}. */
  public static String compact(Object v) {
    StringBuilder b = new StringBuilder(256);
    write(b, v, 0, false);
    return b.toString();
  }

  private static void indent(StringBuilder b, int n) {
    b.append('\n');
    for (int k = 0; k < n; k++) {
      b.append("  ");
    }
  }

  @SuppressWarnings("unchecked")
  private static void write(StringBuilder b, Object v, int depth, boolean pretty) {
    if (v == null) {
      b.append("null");
    } else if (v instanceof String) {
      quote(b, (String) v);
    } else if (v instanceof Boolean) {
      b.append(v.toString());
    } else if (v instanceof Double || v instanceof Float) {
      b.append(number(((Number) v).doubleValue()));
    } else if (v instanceof Number) {
      b.append(v.toString());
    } else if (v instanceof Map) {
      Map<String, Object> m = (Map<String, Object>) v;
      if (m.isEmpty()) {
        b.append("{}");
        return;
      }
      b.append('{');
      boolean first = true;
      for (Map.Entry<String, Object> e : m.entrySet()) {
        if (!first) {
          b.append(',');
        }
        first = false;
        if (pretty) {
          indent(b, depth + 1);
        }
        quote(b, e.getKey());
        b.append(pretty ? ": " : ":");
        write(b, e.getValue(), depth + 1, pretty);
      }
      if (pretty) {
        indent(b, depth);
      }
      b.append('}');
    } else if (v instanceof List) {
      List<Object> a = (List<Object>) v;
      if (a.isEmpty()) {
        b.append("[]");
        return;
      }
      b.append('[');
      boolean first = true;
      for (Object o : a) {
        if (!first) {
          b.append(',');
        }
        first = false;
        if (pretty) {
          indent(b, depth + 1);
        }
        write(b, o, depth + 1, pretty);
      }
      if (pretty) {
        indent(b, depth);
      }
      b.append(']');
    } else {
      throw new IllegalArgumentException("cannot write " + v.getClass());
    }
  }

  /**
   * Formats a finite double exactly as JavaScript's {@code Number.prototype.toString} does: the
   * shortest digit string that reads back as the same double, in plain or exponent notation by
   * ECMAScript's rules (JDK 17's {@code Double.toString} is not always shortest).
   */
  static String number(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      throw new IllegalArgumentException("non-finite number must be written as a string");
    }
    if (d == 0) {
      return "0";
    }
    java.math.BigDecimal exact = new java.math.BigDecimal(d);
    java.math.BigDecimal bd = exact;
    for (int p = 1; p <= 17; p++) {
      bd = exact.round(new java.math.MathContext(p, java.math.RoundingMode.HALF_EVEN));
      if (bd.doubleValue() == d) {
        break;
      }
    }
    bd = bd.stripTrailingZeros();
    String digits = bd.unscaledValue().abs().toString();
    int k = digits.length();
    int n = k - bd.scale();
    StringBuilder b = new StringBuilder();
    if (d < 0) {
      b.append('-');
    }
    if (k <= n && n <= 21) {
      b.append(digits);
      for (int z = 0; z < n - k; z++) {
        b.append('0');
      }
    } else if (0 < n && n <= 21) {
      b.append(digits, 0, n).append('.').append(digits, n, k);
    } else if (-6 < n && n <= 0) {
      b.append("0.");
      for (int z = 0; z < -n; z++) {
        b.append('0');
      }
      b.append(digits);
    } else {
      b.append(digits.charAt(0));
      if (k > 1) {
        b.append('.').append(digits, 1, k);
      }
      b.append('e').append(n - 1 >= 0 ? '+' : '-').append(Math.abs(n - 1));
    }
    return b.toString();
  }

  private static void quote(StringBuilder b, String s) {
    b.append('"');
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      switch (c) {
        case '"': b.append("\\\""); break;
        case '\\': b.append("\\\\"); break;
        case '\b': b.append("\\b"); break;
        case '\f': b.append("\\f"); break;
        case '\n': b.append("\\n"); break;
        case '\r': b.append("\\r"); break;
        case '\t': b.append("\\t"); break;
        default:
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else if (Character.isSurrogate(c)) {
            // JSON.stringify escapes lone surrogates and keeps well-formed pairs as they are
            boolean pair = Character.isHighSurrogate(c) && k + 1 < s.length()
                && Character.isLowSurrogate(s.charAt(k + 1));
            if (pair) {
              b.append(c).append(s.charAt(k + 1));
              k++;
            } else {
              b.append(String.format("\\u%04x", (int) c));
            }
          } else {
            b.append(c);
          }
      }
    }
    b.append('"');
  }
}
