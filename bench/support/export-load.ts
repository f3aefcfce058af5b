import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** What the others saw while `parallel` exports ran: latencies in ms, answers by status. */
export interface LoadRun {
  parallel: number;
  seconds: number;
  bytes: number;
  rssBefore: number;
  rssPeak: number;
  health: { p50: number; p99: number; n: number; statuses: Record<string, number> };
  otherRead: { p50: number; p99: number; n: number; statuses: Record<string, number> };
}

/**
 * The probes run in a worker thread of their own, so their timings are not this thread's (which
 * reads the exports): each asks in turn, then waits `gapMs`, until told to stop.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => { stop = true; });
async function probe(url, headers) {
  const ms = [];
  const statuses = {};
  while (!stop) {
    const t0 = performance.now();
    let status = 'error';
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      status = String(res.status);
    } catch {}
    ms.push(performance.now() - t0);
    statuses[status] = (statuses[status] ?? 0) + 1;
    await new Promise((r) => setTimeout(r, workerData.gapMs));
  }
  return { ms, statuses };
}
Promise.all([
  probe(workerData.base + '/healthz', {}),
  probe(workerData.base + workerData.readPath, { authorization: 'APIKey ' + workerData.otherKey }),
]).then(([health, otherRead]) => parentPort.postMessage({ health, otherRead }));
`;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface Probed {
  ms: number[];
  statuses: Record<string, number>;
}

const summary = (r: Probed) => {
  const sorted = [...r.ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length, statuses: r.statuses };
};

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/**
 * `parallel` exports of `exportPath` at once, each read to its end as fast as it comes, while
 * another workspace's key reads `readPath` and `/healthz` is asked, each every `gapMs`.
 */
export async function exportsUnderLoad(opts: {
  base: string;
  pid: number;
  key: string;
  otherKey: string;
  parallel: number;
  exportPath: string;
  readPath: string;
  gapMs?: number;
}): Promise<LoadRun> {
  const rssBefore = rssOf(opts.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(opts.pid));
  }, 20);
  const worker = new Worker(PROBE, {
    eval: true,
    workerData: { base: opts.base, otherKey: opts.otherKey, readPath: opts.readPath, gapMs: opts.gapMs ?? 100 },
  });
  const probed = new Promise<{ health: Probed; otherRead: Probed }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const t0 = performance.now();
  let bytes = 0;
  const one = async () => {
    let res = await fetch(`${opts.base}${opts.exportPath}`, { headers: { authorization: `APIKey ${opts.key}` } });
    // As a client should: a refused export (429, 503) is sent again after its Retry-After.
    for (let tries = 0; (res.status === 503 || res.status === 429) && tries < 60; tries++) {
      await res.text();
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      res = await fetch(`${opts.base}${opts.exportPath}`, { headers: { authorization: `APIKey ${opts.key}` } });
    }
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  };
  try {
    await Promise.all(Array.from({ length: opts.parallel }, one));
  } finally {
    worker.postMessage('stop');
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t0) / 1000;
  const { health, otherRead } = await probed;
  await worker.terminate();
  return { parallel: opts.parallel, seconds, bytes, rssBefore, rssPeak, health: summary(health), otherRead: summary(otherRead) };
}
