// The `/metrics` figures of one bench phase, checked against what the bench counted itself.
import { histogramQuantile, type PhaseMetrics, total } from './metrics-scrape.js';

/** What the bench itself knows about a phase. */
export interface BenchCounts {
  phase: string;
  /** Requests the receiver got (every attempt that reached it) and distinct webhook ids. */
  requests: number;
  unique: number;
  /** Deliveries created and deliveries finished, from the database. */
  expected: number;
  done: number;
  /** Targets the bench disabled for this phase. */
  disabledTargets: number;
  /** The bench's own event commit -> first arrival percentiles (latency phases). */
  p50?: number;
  p99?: number;
}

const ms = (seconds: number) => (Number.isFinite(seconds) ? (seconds * 1000).toFixed(1) : 'n/a');
const check = (ok: boolean) => (ok ? 'yes' : '**no**');

export const METRICS_HEADER = [
  '| phase | scrapes (failed) | deliveries due: max during / at end (+ scheduled) | attempts by outcome (success / http_error / network_error) | attempts the receiver saw | equal | first attempts (histogram count) / distinct deliveries received | equal | attempt latency p50 / p99 (ms) | event -> first attempt p50 / p99 (ms), metrics | same, the bench (commit -> arrival) | targets disabled (metrics / bench) | pool in use max / waiting max (size) |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];

/** One markdown row; `mismatches` lists the checks that failed (empty when metrics and bench agree). */
export function metricsRow(m: PhaseMetrics, b: BenchCounts): { row: string; mismatches: string[] } {
  const f = m.final;
  const first = f.slice(0, 1); // database-wide gauges: read by every process alike
  const success = total(f, 'fas_webhook_attempts_total', { outcome: 'success' });
  const httpError = total(f, 'fas_webhook_attempts_total', { outcome: 'http_error' });
  const networkError = total(f, 'fas_webhook_attempts_total', { outcome: 'network_error' });
  const firstAttempts = total(f, 'fas_webhook_event_to_first_attempt_seconds_count');
  const dueEnd = total(first, 'fas_webhook_deliveries', { state: 'due' });
  const scheduledEnd = total(first, 'fas_webhook_deliveries', { state: 'scheduled' });
  const disabled = total(first, 'fas_webhook_targets_disabled');
  const poolSize = total(f, 'fas_db_pool_connections', { state: 'size' });
  // The receiver answers 204 to every request, so every attempt it saw is a success.
  const attemptsOk = success + httpError === b.requests;
  const firstOk = firstAttempts === b.unique;
  const queueOk = dueEnd + scheduledEnd === b.expected - b.done;
  const disabledOk = disabled === b.disabledTargets;
  const mismatches = [
    attemptsOk ? '' : `attempts: metrics ${success + httpError} answered, receiver ${b.requests}`,
    firstOk ? '' : `first attempts: metrics ${firstAttempts}, receiver ${b.unique} distinct deliveries`,
    queueOk ? '' : `queue at the end: metrics ${dueEnd + scheduledEnd}, database ${b.expected - b.done} unfinished`,
    disabledOk ? '' : `targets disabled: metrics ${disabled}, bench ${b.disabledTargets}`,
  ].filter(Boolean);
  const benchLatency = b.p50 === undefined ? '-' : `${b.p50} / ${b.p99}`;
  const row = `| ${b.phase} | ${m.scrapes} (${m.failures}) | ${m.dueMax} / ${dueEnd} (+${scheduledEnd}) | ${success} / ${httpError} / ${networkError} | ${b.requests} | ${check(attemptsOk)} | ${firstAttempts} / ${b.unique} | ${check(firstOk)} | ${ms(histogramQuantile(f, 'fas_webhook_attempt_duration_seconds', 0.5))} / ${ms(histogramQuantile(f, 'fas_webhook_attempt_duration_seconds', 0.99))} | ${ms(histogramQuantile(f, 'fas_webhook_event_to_first_attempt_seconds', 0.5))} / ${ms(histogramQuantile(f, 'fas_webhook_event_to_first_attempt_seconds', 0.99))} | ${benchLatency} | ${disabled} / ${b.disabledTargets} | ${m.poolInUseMax} / ${m.poolWaitingMax} (${poolSize}) |`;
  return { row, mismatches };
}
