package streamwire.oracle.kafka;

/** Lowercase hex, the byte notation of wirevec files. */
final class Hex {
  private Hex() {}

  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  static String of(byte[] b) {
    char[] c = new char[b.length * 2];
    for (int i = 0; i < b.length; i++) {
      c[2 * i] = DIGITS[(b[i] >> 4) & 0xf];
      c[2 * i + 1] = DIGITS[b[i] & 0xf];
    }
    return new String(c);
  }

  static byte[] parse(String s) {
    if ((s.length() & 1) != 0) {
      throw new IllegalArgumentException("odd number of hex digits");
    }
    byte[] out = new byte[s.length() / 2];
    for (int i = 0; i < out.length; i++) {
      int hi = Character.digit(s.charAt(2 * i), 16);
      int lo = Character.digit(s.charAt(2 * i + 1), 16);
      if (hi < 0 || lo < 0) {
        throw new IllegalArgumentException("not a hex digit at " + (2 * i));
      }
      out[i] = (byte) ((hi << 4) | lo);
    }
    return out;
  }
}
