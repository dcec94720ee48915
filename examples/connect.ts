/**
 * The one thing that differs between runtimes: a TCP connection as a `ByteDuplex`
 * (`{ readable, writable }`), from each runtime's own socket API. The examples import it; copy
 * the branch your runtime needs.
 */
import { bunDuplex, type ByteDuplex, denoDuplex } from "@streamwire/codec/streams";

// deno-lint-ignore no-explicit-any
const runtime = globalThis as any;

export async function connect(host: string, port: number): Promise<ByteDuplex> {
  if (runtime.Deno) return denoDuplex(await runtime.Deno.connect({ hostname: host, port })); // Deno
  if (runtime.Bun) return await bunDuplex(runtime.Bun.connect, { hostname: host, port }); // Bun
  // Node.js: Duplex.toWeb makes the socket one (keep allowHalfOpen at its default, false).
  const net = await import("node:net");
  const { Duplex } = await import("node:stream");
  const socket = net.connect({ host, port });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  return Duplex.toWeb(socket) as ByteDuplex;
}

/** `host:port` from the command line (argument `index`), else `fallback`. */
export function address(fallback: string, index = 2): { host: string; port: number } {
  const [host, port] = (runtime.process?.argv[index] ?? fallback).split(":");
  return { host, port: Number(port) };
}
