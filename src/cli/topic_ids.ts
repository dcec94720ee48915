/**
 * Topic ids to names, learnt from the capture itself. Since Kafka 3.x, requests address topics
 * by id (Produce v13+, Fetch v13+, …), while Metadata replies (and CreateTopics, DescribeTopics,
 * …) carry both. `--topic NAME` uses this to match a message that names the topic only by id.
 *
 * @module
 */

const ZERO_UUID = "00000000-0000-0000-0000-000000000000";
/** Keys under which a Kafka or Iggy body names a topic. */
const NAME_KEYS = ["name", "topic", "topicName"] as const;

/**
 * Topic ids and the names they were seen with.
 *
 * @example
 * ```ts
 * import { TopicIds } from "@streamwire/codec/cli";
 * const ids = new TopicIds();
 * ids.learn({ topics: [{ name: "orders", topicId: "5f7b0d7e-6f0a-4f7e-9d0b-1b2c3d4e5f60" }] });
 * console.log(ids.nameOf("5f7b0d7e-6f0a-4f7e-9d0b-1b2c3d4e5f60")); // orders
 * ```
 */
export class TopicIds {
  readonly #names = new Map<string, string>();

  /** Topics known by id. */
  get size(): number {
    return this.#names.size;
  }

  /** The name of topic `id`, when a message has carried both. */
  nameOf(id: string): string | undefined {
    return this.#names.get(id);
  }

  /** Records every struct of `body` that carries a topic id beside a name. */
  learn(body: unknown, depth = 0): void {
    if (depth > 12 || body === null || typeof body !== "object" || body instanceof Uint8Array) return;
    if (Array.isArray(body)) {
      for (const x of body) this.learn(x, depth + 1);
      return;
    }
    const o = body as Record<string, unknown>;
    const id = o.topicId;
    if (typeof id === "string" && id !== ZERO_UUID) {
      for (const k of NAME_KEYS) {
        const name = o[k];
        if (typeof name === "string" && name !== "") {
          this.#names.set(id, name);
          break;
        }
      }
    }
    for (const k in o) {
      const v = o[k];
      if (v !== null && typeof v === "object") this.learn(v, depth + 1);
    }
  }

  /** Whether `body` names topic `name`, directly or by an id learnt for it. */
  mentions(body: unknown, name: string, depth = 0): boolean {
    if (depth > 12 || body === null || typeof body !== "object" || body instanceof Uint8Array) return false;
    if (Array.isArray(body)) return body.some((x) => this.mentions(x, name, depth + 1));
    for (const [k, x] of Object.entries(body as Record<string, unknown>)) {
      if (k === "topicId" && typeof x === "string" && this.#names.get(x) === name) return true;
      if ((NAME_KEYS as readonly string[]).includes(k) || k === "topicId") {
        // Iggy names are `{ kind, value }` identifiers.
        if (
          x === name || (typeof x === "object" && x !== null && (x as { value?: unknown }).value === name)
        ) {
          return true;
        }
      }
      if (typeof x === "object" && this.mentions(x, name, depth + 1)) return true;
    }
    return false;
  }
}
