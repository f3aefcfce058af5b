// The ceiling of webhook delivery on this machine: how fast RS512 signatures can be made.
import { createPrivateKey, sign as rawSign } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { CompactSign } from 'jose';
import type { Deps } from '../../src/core/context.js';
import { signDetached } from '../../src/core/webhooks/sign.js';
import { currentSigningKey } from '../../src/core/webhooks/signing-keys.js';

const SIGN_SECONDS = 3;

const SIGN_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createPrivateKey } = require('node:crypto');
(async () => {
  const { CompactSign } = await import(workerData.joseUrl);
  const key = createPrivateKey(workerData.pem);
  const body = new Uint8Array(workerData.body);
  let n = 0;
  const end = Date.now() + workerData.ms;
  // jose's CompactSign, as signDetached (src/core/webhooks/sign.ts) signed before it called crypto.sign.
  while (Date.now() < end) {
    const jws = await new CompactSign(body)
      .setProtectedHeader({ alg: 'RS512', kid: workerData.kid, typ: 'JOSE', ts: Math.floor(Date.now() / 1000), wid: workerData.wid, tid: workerData.tid })
      .sign(key);
    const [h, , s] = jws.split('.');
    if (!h || !s) throw new Error('bad jws');
    n++;
  }
  parentPort.postMessage(n);
})();
`;

export interface Ceiling {
  label: string;
  perS: number;
  /** CPU of one signature (process CPU over the loop): unlike `perS`, barely moved by other work on the machine. */
  cpuMs?: number;
}

export async function signingCeiling(deps: Deps, body: Uint8Array, facts: { webhookId: string; tenantId: string }): Promise<Ceiling[]> {
  const key = await currentSigningKey(deps);
  const out: Ceiling[] = [];
  const ms = SIGN_SECONDS * 1000;
  const stamp = () => ({ timestamp: Math.floor(Date.now() / 1000), ...facts });
  await signDetached(key, body, stamp()); // warm up (imports the CryptoKey once)

  let n = 0;
  let t0 = performance.now();
  while (performance.now() - t0 < ms) {
    await signDetached(key, body, stamp());
    n++;
  }
  out.push({ label: '`signDetached`, one at a time, 1 thread', perS: n / ((performance.now() - t0) / 1000) });

  n = 0;
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() - t0 < ms) {
        await signDetached(key, body, stamp());
        n++;
      }
    }),
  );
  out.push({
    label: '`signDetached` (as the dispatcher signs), 16 in flight, 1 JS thread (`crypto.sign` runs in the libuv pool)',
    perS: n / ((performance.now() - t0) / 1000),
  });

  // How signDetached signed before (jose over WebCrypto, also in the libuv pool): the same bytes.
  const jose = async () => {
    const f = stamp();
    const jws = await new CompactSign(body)
      .setProtectedHeader({ alg: 'RS512', kid: key.kid, typ: 'JOSE', ts: f.timestamp, wid: f.webhookId, tid: f.tenantId })
      .sign(key.privateKey);
    if (!jws) throw new Error('no jws');
  };
  await jose();
  n = 0;
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() - t0 < ms) {
        await jose();
        n++;
      }
    }),
  );
  out.push({ label: 'jose `CompactSign` (WebCrypto, libuv pool), 16 in flight, 1 JS thread', perS: n / ((performance.now() - t0) / 1000) });

  const pem = key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const joseUrl = import.meta.resolve('jose');
  const counts = await Promise.all(
    Array.from(
      { length: 2 },
      () =>
        new Promise<number>((resolve, reject) => {
          const w = new Worker(SIGN_WORKER_SOURCE, {
            eval: true,
            workerData: { joseUrl, pem, body: Array.from(body), ms, kid: key.kid, wid: facts.webhookId, tid: facts.tenantId },
          });
          w.once('message', (c: number) => {
            resolve(c);
            void w.terminate();
          });
          w.once('error', reject);
        }),
    ),
  );
  out.push({ label: 'jose `CompactSign`, one at a time, in 2 worker threads', perS: counts.reduce((a, b) => a + b, 0) / SIGN_SECONDS });

  const raw = createPrivateKey(pem);
  n = 0;
  t0 = performance.now();
  const cpu0 = process.cpuUsage();
  while (performance.now() - t0 < ms) {
    rawSign('sha512', body, raw);
    n++;
  }
  const cpu = process.cpuUsage(cpu0);
  out.push({
    label: 'bare `crypto.sign(sha512)` (PKCS#1 v1.5), synchronous, 1 thread',
    perS: n / ((performance.now() - t0) / 1000),
    cpuMs: (cpu.user + cpu.system) / 1000 / n,
  });
  return out;
}
