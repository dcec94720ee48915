package streamwire.oracle.kafka;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

/**
 * The kafka-clients releases the oracle runs, and their sha256, read from the one file that
 * pins them for the whole repository: {@code tools/codegen/inputs.json} (its first jar is the
 * current release, the second the legacy one). Nothing here restates a version.
 */
final class Pins {
  private Pins() {}

  /** The current release, e.g. "4.4.0". */
  static final String CURRENT;
  /** The legacy release, for the versions the current one removed. */
  static final String LEGACY;
  private static final Map<String, String> SHA256 = new java.util.HashMap<>();

  static {
    try {
      Path file = home().resolve("../../tools/codegen/inputs.json").normalize();
      @SuppressWarnings("unchecked")
      Map<String, Object> inputs = (Map<String, Object>) Json.parse(Files.readString(file, StandardCharsets.UTF_8));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> jars = (List<Map<String, Object>>) inputs.get("jars");
      for (Map<String, Object> j : jars) {
        SHA256.put("kafka-clients-" + j.get("label") + ".jar", (String) j.get("sha256"));
      }
      CURRENT = (String) jars.get(0).get("label");
      LEGACY = (String) jars.get(1).get("label");
    } catch (Exception e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The pinned sha256 of a kafka-clients jar file name, or null when it is not pinned there. */
  static String sha256(String jarName) {
    return SHA256.get(jarName);
  }

  /** conformance/kafka-oracle: the parent of target/ that holds this jar (or classes dir). */
  static Path home() throws Exception {
    String p = System.getProperty("kafka.oracle.home");
    if (p != null) {
      return Paths.get(p);
    }
    Path code = Paths.get(Pins.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    return code.getParent().getParent();
  }
}
