/**
 * Scenario: delegation tokens, features, replica log dirs. Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { call, type Ctx, eqBytes, eventually, expect, K, MAX, V } from "../_context.ts";
import type { Topics } from "./basics.ts";
import { saslExchange } from "./sasl.ts";
// -- delegation tokens, features, replica log dirs ------------------------------------------

/**
 * Delegation tokens over an authenticated SASL connection (Kafka refuses token requests on
 * PLAINTEXT): create one, log in with it (SCRAM with the `tokenauth=true` extension), describe,
 * renew and expire it. Then UpdateFeatures to the current level (a no-op) and AlterReplicaLogDirs
 * to the partition's own log dir.
 */
export async function tokensAndFeatures(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const cv = V(ctx, K.CreateDelegationToken);
  const dv = V(ctx, K.DescribeDelegationToken);
  const rv = V(ctx, K.RenewDelegationToken);
  const xv = V(ctx, K.ExpireDelegationToken);
  const { s, error } = await saslExchange(
    ctx,
    "SCRAM-SHA-256",
    ctx.password,
    MAX(ctx, K.SaslHandshake),
    MAX(ctx, K.SaslAuthenticate),
  );
  try {
    expect(
      error === 0,
      K.SaslAuthenticate,
      MAX(ctx, K.SaslAuthenticate),
      `login for the token requests: error ${error}`,
    );
    let tokenId = "";
    let hmac = new Uint8Array(0);
    const created = await m.check(
      K.CreateDelegationToken,
      cv,
      "create a token for the SCRAM user",
      async () => {
        const r = await call(ctx, K.CreateDelegationToken, cv, {
          ...(cv >= 3 ? { ownerPrincipalType: null, ownerPrincipalName: null } : {}),
          renewers: [{ principalType: "User", principalName: ctx.user }],
          maxLifetimeMs: -1n,
        }, { on: s });
        expect(
          r.principalType === "User" && r.principalName === ctx.user && r.tokenId.length > 0 &&
            r.hmac.length > 0,
          K.CreateDelegationToken,
          cv,
          `owner ${r.principalType}:${r.principalName}`,
        );
        if (cv >= 3) {
          expect(r.tokenRequesterPrincipalName === ctx.user, K.CreateDelegationToken, cv, "requester");
        }
        expect(
          r.expiryTimestampMs > r.issueTimestampMs && r.maxTimestampMs >= r.expiryTimestampMs,
          K.CreateDelegationToken,
          cv,
          "timestamps",
        );
        tokenId = r.tokenId;
        hmac = r.hmac.slice();
      },
    );
    if (!created) {
      return;
    }
    await m.check(K.CreateDelegationToken, cv, "log in with the token (SCRAM, tokenauth=true)", async () => {
      // The token reaches the broker's credential cache through the metadata log.
      const err = await eventually(
        "a SCRAM login with the new token",
        async () => {
          const r = await saslExchange(
            ctx,
            "SCRAM-SHA-256",
            Buffer.from(hmac).toString("base64"),
            MAX(ctx, K.SaslHandshake),
            MAX(ctx, K.SaslAuthenticate),
            tokenId,
            { tokenauth: "true" },
          );
          r.s.close();
          return r.error;
        },
        (e) => e === 0,
        { show: (e) => `error ${e}` },
      );
      expect(err === 0, K.CreateDelegationToken, cv, `token login: error ${err}`);
    });
    await m.check(K.DescribeDelegationToken, dv, "the token, its owner and renewer", async () => {
      const r = await call(ctx, K.DescribeDelegationToken, dv, { owners: null }, { on: s });
      const tok = r.tokens.find((x) => x.tokenId === tokenId);
      expect(
        tok !== undefined && eqBytes(tok.hmac, hmac) && tok.renewers[0]?.principalName === ctx.user,
        K.DescribeDelegationToken,
        dv,
        `tokens ${r.tokens.map((x) => x.tokenId)}`,
      );
    });
    await m.check(K.RenewDelegationToken, rv, "renew for an hour", async () => {
      const before = BigInt(Date.now());
      const r = await call(ctx, K.RenewDelegationToken, rv, { hmac, renewPeriodMs: 3_600_000n }, { on: s });
      expect(
        r.expiryTimestampMs >= before + 3_500_000n,
        K.RenewDelegationToken,
        rv,
        `expiry ${r.expiryTimestampMs}`,
      );
    });
    await m.check(K.ExpireDelegationToken, xv, "expire now; the token is gone", async () => {
      await call(ctx, K.ExpireDelegationToken, xv, { hmac, expiryTimePeriodMs: -1n }, { on: s });
      const left = await eventually(
        "the expired token to leave DescribeDelegationToken",
        async () =>
          (await call(ctx, K.DescribeDelegationToken, MAX(ctx, K.DescribeDelegationToken), {
            owners: [{ principalType: "User", principalName: ctx.user }],
          }, { on: s })).tokens.some((x) => x.tokenId === tokenId),
        (l) => !l,
      );
      expect(!left, K.ExpireDelegationToken, xv, "token still described after expiry");
    });
  } finally {
    s.close();
  }

  const uv = V(ctx, K.UpdateFeatures);
  await m.check(K.UpdateFeatures, uv, "metadata.version to its current level (no change)", async () => {
    const av = await call(ctx, K.ApiVersions, MAX(ctx, K.ApiVersions), {
      clientSoftwareName: "streamwire",
      clientSoftwareVersion: "0.1.0",
    });
    const level = av.finalizedFeatures.find((f) => f.name === "metadata.version")?.maxVersionLevel;
    expect(level !== undefined && level > 0, K.UpdateFeatures, uv, "no finalized metadata.version");
    const r = await call(ctx, K.UpdateFeatures, uv, {
      timeoutMs: 30000,
      featureUpdates: [{
        feature: "metadata.version",
        maxVersionLevel: level,
        allowDowngrade: false,
        upgradeType: 1,
      }],
      validateOnly: uv >= 1,
    });
    if (uv <= 1) {
      expect(
        r.results.length === 1 && r.results[0].feature === "metadata.version",
        K.UpdateFeatures,
        uv,
        `results ${JSON.stringify(r.results)}`,
      );
    }
  });

  const lv = V(ctx, K.AlterReplicaLogDirs);
  await m.check(K.AlterReplicaLogDirs, lv, "move a partition to the log dir it is in", async () => {
    const dirs = await call(ctx, K.DescribeLogDirs, MAX(ctx, K.DescribeLogDirs), {
      topics: [{ topic: t.main, partitions: [0] }],
    });
    const path = dirs.results[0].logDir;
    const r = await call(ctx, K.AlterReplicaLogDirs, lv, {
      dirs: [{ path, topics: [{ name: t.main, partitions: [0] }] }],
    });
    expect(
      r.results[0]?.topicName === t.main && r.results[0].partitions[0]?.partitionIndex === 0,
      K.AlterReplicaLogDirs,
      lv,
      `results ${JSON.stringify(r.results)}`,
    );
  });
}
