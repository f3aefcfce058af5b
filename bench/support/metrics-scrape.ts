// Scrapes `/metrics` (Prometheus text) of every dispatcher process while a bench phase runs, and
// reduces the samples to the figures the bench prints beside its own counts.

/** One process's `/metrics`: the API route (with the operator's token) or a worker's own listener. */
export interface ScrapeTarget {
  label: string;
  url: string;
  token?: string;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
export function parsePrometheus(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

const matches = (s: Sample, name: string, labels: Record<string, string>) =>
  s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v);

/** Sum of a metric's samples with these labels, over every process. */
export function total(scrapes: Sample[][], name: string, labels: Record<string, string> = {}): number {
  return scrapes.flat().reduce((sum, s) => (matches(s, name, labels) ? sum + s.value : sum), 0);
}

/**
 * The q-quantile of a histogram summed over processes, as Prometheus's `histogram_quantile`
 * computes it: linear interpolation inside the bucket holding the rank. NaN without observations.
 */
export function histogramQuantile(scrapes: Sample[][], name: string, q: number): number {
  const buckets = new Map<number, number>();
  for (const s of scrapes.flat()) {
    if (s.name !== `${name}_bucket`) continue;
    const le = s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(s.labels.le);
    buckets.set(le, (buckets.get(le) ?? 0) + s.value);
  }
  const sorted = [...buckets.entries()].sort((a, b) => a[0] - b[0]);
  const count = sorted.at(-1)?.[1] ?? 0;
  if (!count) return Number.NaN;
  const rank = q * count;
  let lower = 0;
  let below = 0;
  for (const [le, cumulative] of sorted) {
    if (cumulative >= rank) {
      // Past the last finite bound the answer is that bound, as in Prometheus.
      if (!Number.isFinite(le)) return lower;
      return lower + (le - lower) * ((rank - below) / Math.max(1, cumulative - below));
    }
    lower = le;
    below = cumulative;
  }
  return lower;
}

export async function scrape(target: ScrapeTarget): Promise<Sample[]> {
  const res = await fetch(target.url, {
    headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 200) throw new Error(`${target.label}: GET ${target.url} answered ${res.status}`);
  return parsePrometheus(await res.text());
}

/** What the samplings during a phase saw at most (gauges), and the last scrape of every process. */
export interface PhaseMetrics {
  scrapes: number;
  failures: number;
  dueMax: number;
  poolInUseMax: number;
  poolWaitingMax: number;
  final: Sample[][];
}

/**
 * Scrapes every target each `intervalMs` until `finish()`, which scrapes once more and returns.
 * Queue and target gauges are read from the shared database by each process: taken from the first
 * process, not summed. Pool gauges are per process: summed.
 */
export function startSampler(targets: ScrapeTarget[], intervalMs = 1000) {
  const seen = { scrapes: 0, failures: 0, dueMax: 0, poolInUseMax: 0, poolWaitingMax: 0 };
  const once = async (): Promise<Sample[][]> => {
    const all = await Promise.all(targets.map(scrape));
    seen.scrapes++;
    seen.dueMax = Math.max(seen.dueMax, total(all.slice(0, 1), 'fas_webhook_deliveries', { state: 'due' }));
    seen.poolInUseMax = Math.max(seen.poolInUseMax, total(all, 'fas_db_pool_connections', { state: 'in_use' }));
    seen.poolWaitingMax = Math.max(seen.poolWaitingMax, total(all, 'fas_db_pool_connections', { state: 'waiting' }));
    return all;
  };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await once().catch((err) => {
        seen.failures++;
        process.stderr.write(`  metrics scrape failed: ${(err as Error).message}\n`);
      });
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    async finish(): Promise<PhaseMetrics> {
      stopped = true;
      await loop;
      const final = await once();
      return { ...seen, final };
    },
  };
}
