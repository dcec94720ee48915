/**
 * Headless Debian Chromium for the browser checks (`tools/npm/browser.ts`, the web inspector's
 * `conformance/inspector/page.ts`): the flags that work on these machines (no sandbox as root,
 * no background networking on a closed network), a fresh profile, the DevTools port chosen by
 * Chromium and read back from its stderr.
 *
 * @module
 */

/** A running Chromium. */
export interface Chromium {
  /** The browser's DevTools WebSocket URL. */
  wsUrl: string;
  /** Stops the browser and removes its profile. */
  close(): Promise<void>;
}

/** Starts `path` headless with a fresh profile; `extraArgs` go before the start page. */
export async function launchChromium(path: string, extraArgs: string[] = []): Promise<Chromium> {
  const profile = await Deno.makeTempDir({ prefix: "streamwire-chromium-" });
  const proc = new Deno.Command(path, {
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      "--remote-debugging-address=127.0.0.1",
      "--remote-debugging-port=0",
      ...extraArgs,
      "about:blank",
    ],
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const close = async () => {
    try {
      proc.kill("SIGTERM");
      await proc.status;
    } catch { /* already gone */ }
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  };
  try {
    return { wsUrl: await devtoolsUrl(proc.stderr), close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** Reads Chromium's stderr until it prints the browser's DevTools WebSocket URL. */
async function devtoolsUrl(stderr: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stderr.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    const m = text.match(/DevTools listening on (ws:\/\/\S+)/);
    if (m) {
      // Keep draining stderr so Chromium never blocks on a full pipe.
      (async () => {
        while (!(await reader.read()).done) { /* discard */ }
      })();
      return m[1];
    }
  }
  throw new Error(`Chromium did not report a DevTools URL:\n${text.slice(-2000)}`);
}
