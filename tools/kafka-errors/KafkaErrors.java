// Prints kafka-clients' error table (org.apache.kafka.common.protocol.Errors) as tab-separated
// lines: code, enum name, retriable (the exception is a RetriableException). Input of gen.ts.
//   java -cp kafka-clients-<v>.jar tools/kafka-errors/KafkaErrors.java
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.protocol.Errors;

public class KafkaErrors {
  public static void main(String[] args) {
    for (Errors e : Errors.values()) {
      boolean retriable = e.exception() instanceof RetriableException;
      System.out.println(e.code() + "\t" + e.name() + "\t" + retriable);
    }
  }
}
