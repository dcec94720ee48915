/**
 * Until `deno task iggy:endpoint` is in main: the Iggy real-peer suite's in-memory model
 * (conformance/iggy-peer/model.ts) behind `IggyServerConnection` on 127.0.0.1, for the Iggy
 * example. Prints `listening 127.0.0.1:PORT`; stops on SIGTERM or after `--seconds` (default 300).
 *
 * Usage: deno run --allow-net=127.0.0.1 examples/_ci/iggy_endpoint.ts --port N [--seconds S]
 */
import * as net from "node:net";
import process from "node:process";
import { IggyServerConnection, IggySessionTable } from "../../src/iggy/mod.ts";
import { IggyModel } from "../../conformance/iggy-peer/model.ts";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const model = new IggyModel();
const sessions = new IggySessionTable();
const server = net.createServer((socket) => {
  const conn = new IggyServerConnection({ sessions });
  const client = model.connect(conn, `${socket.remoteAddress}:${socket.remotePort}`);
  socket.on("data", (chunk: Uint8Array) => {
    try {
      for (const ev of conn.receive(new Uint8Array(chunk))) {
        if (ev.kind === "request") {
          const answer = model.handle(client, ev.request);
          socket.write(answer.frame);
          if (answer.close) socket.end();
        } else if (ev.kind === "answered") socket.write(ev.frame);
        else socket.end(ev.frame);
      }
    } catch (e) {
      console.error(`iggy endpoint: ${(e as Error).message}`);
      socket.destroy();
    }
  });
  socket.on("close", () => model.disconnect(client));
  socket.on("error", () => {});
});
server.listen(arg("--port", 0), "127.0.0.1", () => {
  const port = (server.address() as net.AddressInfo).port;
  model.port = port;
  console.log(`listening 127.0.0.1:${port}`);
});
const stop = () => {
  server.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
setTimeout(stop, arg("--seconds", 300) * 1000).unref();
