/**
 * Scenario: SASL (PLAIN, SCRAM, v0 handshake). Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import { decodeResponse, encodeRequest, type ResponseOf } from "../../../src/kafka/api.ts";
import { saslPlainToken } from "../../../src/kafka/client.ts";
import { KAFKA_ERROR as E } from "../../../src/kafka/_generated/errors.ts";
import { ApiFailure } from "../_harness.ts";
import { ScramClient, type ScramMechanism } from "../_scram.ts";
import { type BrokerSocket, RawFrameSocket } from "../socket.ts";
import { call, CLIENT_ID, type Ctx, expect, K, MAX, open, V } from "../_context.ts";
// -- SASL ------------------------------------------------------------------------------------

export async function saslExchange(
  ctx: Ctx,
  mechanism: string,
  password: string,
  hv: number,
  av: number,
  user = ctx.user,
  extensions?: Record<string, string>,
): Promise<{ s: BrokerSocket; error: number }> {
  const s = await open(ctx, ctx.saslHost, ctx.saslPort);
  const v = await s.exchange(s.conn.apiVersionsRequest({ version: MAX(ctx, K.ApiVersions) }));
  s.conn.applyApiVersions(v.body as ResponseOf<18>);
  const hs = await call(ctx, K.SaslHandshake, hv, { mechanism }, { on: s });
  expect(hs.mechanisms.includes(mechanism), K.SaslHandshake, hv, `mechanisms ${hs.mechanisms}`);
  const auth = async (bytes: Uint8Array, allow: number[] = []) => {
    const r = await call(ctx, K.SaslAuthenticate, av, { authBytes: bytes }, { on: s, allow });
    return r;
  };
  if (mechanism === "PLAIN") {
    const r = await auth(saslPlainToken(user, password), [E.SASL_AUTHENTICATION_FAILED]);
    return { s, error: r.errorCode };
  }
  const scram = new ScramClient(mechanism as ScramMechanism, user, password, { extensions });
  // An unknown user is refused at the first message already.
  const first = await auth(scram.first(), [E.SASL_AUTHENTICATION_FAILED]);
  if (first.errorCode !== 0) return { s, error: first.errorCode };
  const final = await auth(scram.final(first.authBytes), [E.SASL_AUTHENTICATION_FAILED]);
  if (final.errorCode === 0) {
    scram.verify(final.authBytes);
    // Password logins never expire here (connections.max.reauth.ms=0); a token login lives as
    // long as the token.
    if (av >= 1 && extensions === undefined) {
      expect(
        final.sessionLifetimeMs === 0n,
        K.SaslAuthenticate,
        av,
        `session lifetime ${final.sessionLifetimeMs}`,
      );
    }
    if (av >= 1 && extensions !== undefined) {
      expect(
        final.sessionLifetimeMs > 0n,
        K.SaslAuthenticate,
        av,
        `token session lifetime ${final.sessionLifetimeMs}`,
      );
    }
  }
  return { s, error: final.errorCode };
}

/** SaslHandshake v0: after the handshake the tokens travel as bare frames, with no Kafka header. */
export async function saslV0Plain(ctx: Ctx): Promise<void> {
  const raw = await RawFrameSocket.connect(ctx.saslHost, ctx.saslPort);
  try {
    raw.write(
      encodeRequest(K.SaslHandshake, 0, { correlationId: 1, clientId: CLIENT_ID }, { mechanism: "PLAIN" }),
    );
    const hs = decodeResponse(K.SaslHandshake, 0, await raw.read());
    expect(
      hs.body.errorCode === 0 && hs.header.correlationId === 1,
      K.SaslHandshake,
      0,
      `handshake error ${hs.body.errorCode}`,
    );
    raw.write(saslPlainToken(ctx.user, ctx.password));
    const done = await raw.read();
    expect(done.length === 0, K.SaslHandshake, 0, `PLAIN success frame has ${done.length} bytes`);
    const mv = MAX(ctx, K.Metadata);
    raw.write(
      encodeRequest(K.Metadata, mv, { correlationId: 2, clientId: CLIENT_ID }, {
        topics: null,
        allowAutoTopicCreation: false,
      }),
    );
    const md = decodeResponse(K.Metadata, mv, await raw.read());
    expect(
      md.header.correlationId === 2 && md.body.brokers.length === 1,
      K.SaslHandshake,
      0,
      "metadata after raw authentication",
    );
  } finally {
    raw.close();
  }
}

export async function sasl(ctx: Ctx): Promise<void> {
  const { m } = ctx;
  const hv = V(ctx, K.SaslHandshake);
  const av = V(ctx, K.SaslAuthenticate);
  if (hv === 0) {
    await m.check(K.SaslHandshake, 0, "PLAIN with raw (v0) token frames", () => saslV0Plain(ctx));
  }
  const hv1 = Math.max(hv, 1);
  for (const mech of ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"]) {
    await m.check(
      K.SaslAuthenticate,
      av,
      `${mech}: authenticate, then a request on the session`,
      async () => {
        const { s, error } = await saslExchange(ctx, mech, ctx.password, hv1, av);
        try {
          expect(error === 0, K.SaslAuthenticate, av, `error ${error}`);
          const r = await call(ctx, K.Metadata, MAX(ctx, K.Metadata), {
            topics: null,
            allowAutoTopicCreation: false,
          }, { on: s });
          expect(r.brokers.length === 1, K.SaslAuthenticate, av, "metadata after authentication");
        } finally {
          s.close();
        }
      },
    );
    await m.check(
      K.SaslAuthenticate,
      av,
      `${mech}: wrong password is SASL_AUTHENTICATION_FAILED`,
      async () => {
        let error = -1;
        try {
          const r = await saslExchange(ctx, mech, `${ctx.password}-wrong`, hv1, av);
          error = r.error;
          r.s.close();
        } catch (e) {
          // The broker closes the connection after a SCRAM failure it reports in the response.
          if (!(e instanceof ApiFailure)) throw e;
          throw e;
        }
        expect(error === E.SASL_AUTHENTICATION_FAILED, K.SaslAuthenticate, av, `error ${error}`);
      },
    );
  }
  await m.check(
    K.SaslHandshake,
    hv1,
    "unknown mechanism is UNSUPPORTED_SASL_MECHANISM with the enabled list",
    async () => {
      const s = await open(ctx, ctx.saslHost, ctx.saslPort);
      try {
        const r = await call(ctx, K.SaslHandshake, hv1, { mechanism: "GSSAPI" }, {
          on: s,
          allow: [E.UNSUPPORTED_SASL_MECHANISM],
        });
        expect(r.errorCode === E.UNSUPPORTED_SASL_MECHANISM, K.SaslHandshake, hv1, `error ${r.errorCode}`);
        expect(
          [...r.mechanisms].sort().join() === "PLAIN,SCRAM-SHA-256,SCRAM-SHA-512",
          K.SaslHandshake,
          hv1,
          `mechanisms ${r.mechanisms}`,
        );
      } finally {
        s.close();
      }
    },
  );
}
