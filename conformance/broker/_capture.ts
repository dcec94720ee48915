/**
 * Records the suite's real traffic to a pcap as it goes: with `STREAMWIRE_CAPTURE=<file>`,
 * every socket of the suite writes its handshake, the bytes it sends, the chunks it receives
 * and its close, with the real ports and the time they happened. The inspector's corpus is
 * these files (see conformance/captures/README.md); `run.sh` sets the variable per broker.
 *
 * @module
 */

import type { Socket } from "node:net";
import { closeSync, openSync, writeSync } from "node:fs";
import process from "node:process";
import { PcapWriter, type TcpConversation } from "../../src/cli/pcap_writer.ts";

let writer: PcapWriter | undefined;
let fd: number | undefined;

function nowMicros(): number {
  return Math.round((performance.timeOrigin + performance.now()) * 1000);
}

function flush(): void {
  if (writer && fd !== undefined) writeSync(fd, writer.drain());
}

/** Starts recording `socket` (already connected) when `STREAMWIRE_CAPTURE` names a file. */
export function captureSocket(socket: Socket): void {
  const path = process.env.STREAMWIRE_CAPTURE;
  if (!path) return;
  if (!writer) {
    writer = new PcapWriter("ethernet");
    fd = openSync(path, "w");
    process.on("exit", () => {
      flush();
      if (fd !== undefined) closeSync(fd);
    });
  }
  // Loopback carries up to 64 KiB per segment.
  const conv: TcpConversation = writer.connection(
    "127.0.0.1",
    socket.localPort ?? 0,
    "127.0.0.1",
    socket.remotePort ?? 0,
    nowMicros(),
    { mss: 65000 },
  );
  const write = socket.write.bind(socket) as (chunk: Uint8Array, ...rest: unknown[]) => boolean;
  (socket as unknown as { write: typeof write }).write = (chunk: Uint8Array, ...rest: unknown[]) => {
    conv.send("client", new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), nowMicros());
    flush();
    return write(chunk, ...rest);
  };
  socket.on("data", (chunk: Uint8Array) => {
    conv.send("server", new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), nowMicros());
    flush();
  });
  socket.once("close", () => {
    conv.close("client", nowMicros());
    flush();
  });
}
