/**
 * The one thing that differs between runtimes: a TCP connection as a `ByteDuplex`
 * (`{ readable, writable }`), from each runtime's own socket API. The examples import it; copy
 * the branch your runtime needs.
 */
import { bunDuplex, type ByteDuplex, denoDuplex, nodeDuplex } from "@streamwire/codec/streams";

// deno-lint-ignore no-explicit-any
const runtime = globalThis as any;

export async function connect(host: string, port: number): Promise<ByteDuplex> {
  if (runtime.Deno) return denoDuplex(await runtime.Deno.connect({ hostname: host, port })); // Deno
  if (runtime.Bun) return await bunDuplex(runtime.Bun.connect, { hostname: host, port }); // Bun
  // Node.js: nodeDuplex wraps a node:net socket (Duplex.toWeb would too, reading slower).
  const net = await import("node:net");
  const socket = net.connect({ host, port });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  return nodeDuplex(socket);
}

/** `host:port` from the command line (argument `index`), else `fallback`. */
export function address(fallback: string, index = 2): { host: string; port: number } {
  const [host, port] = (runtime.process?.argv[index] ?? fallback).split(":");
  return { host, port: Number(port) };
}
