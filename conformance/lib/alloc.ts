/**
 * Counts the bytes a piece of code allocates through `new Uint8Array(n)` and `new ArrayBuffer(n)`,
 * on every runtime: the two globals are replaced by counting proxies while `fn` runs. (Memory
 * counters cannot do this portably: Bun reports no ArrayBuffer memory, Deno reports it only as
 * `external`, and untouched pages never reach the RSS.)
 *
 * @module
 */

/** Runs `fn` and returns its result with the bytes it asked `Uint8Array`/`ArrayBuffer` for. */
export function countAllocations<T>(fn: () => T): { result: T; bytes: number; largest: number } {
  const g = globalThis as { Uint8Array: Uint8ArrayConstructor; ArrayBuffer: ArrayBufferConstructor };
  const u8 = g.Uint8Array;
  const ab = g.ArrayBuffer;
  let bytes = 0;
  let largest = 0;
  const count = (n: unknown) => {
    if (typeof n === "number") {
      bytes += n;
      if (n > largest) largest = n;
    }
  };
  g.Uint8Array = new Proxy(u8, {
    construct(target, args, newTarget) {
      count(args[0]);
      return Reflect.construct(target, args, newTarget === g.Uint8Array ? target : newTarget);
    },
  });
  g.ArrayBuffer = new Proxy(ab, {
    construct(target, args, newTarget) {
      count(args[0]);
      return Reflect.construct(target, args, newTarget === g.ArrayBuffer ? target : newTarget);
    },
  });
  try {
    const result = fn();
    return { result, bytes, largest };
  } finally {
    g.Uint8Array = u8;
    g.ArrayBuffer = ab;
  }
}
