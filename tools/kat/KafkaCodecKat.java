// Known-answer helper for streamwire's compression codecs, run by tools/kat/compression_kat.py.
// It uses Kafka's own client classes (kafka-clients from Maven Central) so the fixtures are
// exactly what a Java producer writes for each message format, and it decodes our output the
// way a Java consumer would.
//
//   encode <in-file> <out-prefix>   writes <out-prefix>.{snappy-xerial,lz4-m2,lz4-m0}.bin
//   decode <codec> <magic> <in-file> <out-file>
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.utils.BufferSupplier;
import org.apache.kafka.common.utils.ByteBufferOutputStream;

public class KafkaCodecKat {
  static Compression codec(String name) {
    switch (name) {
      case "snappy": return Compression.snappy().build();
      case "lz4": return Compression.lz4().build();
      case "gzip": return Compression.gzip().build();
      default: throw new IllegalArgumentException(name);
    }
  }

  static byte[] encode(String name, byte magic, byte[] data) throws Exception {
    ByteBufferOutputStream buf = new ByteBufferOutputStream(1024);
    try (OutputStream out = codec(name).wrapForOutput(buf, magic)) {
      out.write(data);
    }
    ByteBuffer b = buf.buffer();
    return Arrays.copyOf(b.array(), b.position());
  }

  static byte[] decode(String name, byte magic, byte[] data) throws Exception {
    try (InputStream in = codec(name).wrapForInput(ByteBuffer.wrap(data), magic, BufferSupplier.NO_CACHING)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] chunk = new byte[8192];
      int n;
      while ((n = in.read(chunk)) > 0) out.write(chunk, 0, n);
      return out.toByteArray();
    }
  }

  public static void main(String[] args) throws Exception {
    if (args[0].equals("encode")) {
      byte[] data = Files.readAllBytes(Path.of(args[1]));
      Files.write(Path.of(args[2] + ".snappy-xerial.bin"), encode("snappy", (byte) 2, data));
      Files.write(Path.of(args[2] + ".lz4-m2.bin"), encode("lz4", (byte) 2, data));
      Files.write(Path.of(args[2] + ".lz4-m0.bin"), encode("lz4", (byte) 0, data));
    } else if (args[0].equals("decode")) {
      byte[] data = Files.readAllBytes(Path.of(args[3]));
      Files.write(Path.of(args[4]), decode(args[1], Byte.parseByte(args[2]), data));
    } else {
      throw new IllegalArgumentException(args[0]);
    }
  }
}
