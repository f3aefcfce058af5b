import type { Deps } from '../core/context.js';
import { AppError, fieldError } from '../core/errors.js';
import { operatorContext } from './operator-context.js';
import { type SeedTransactionsResult, seedTransactions } from './seed/seed-transactions.js';

type Options = Record<string, string | boolean | undefined>;

export interface SeedOptions {
  transactions: number;
  accounts: number;
  seed: number;
}

const LIMITS = { transactions: 100_000_000, accounts: 10_000_000, seed: 2_147_483_647 } as const;

function positiveInteger(options: Options, name: keyof typeof LIMITS): number | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  const max = LIMITS[name];
  if (typeof raw !== 'string' || !/^[0-9]+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    const message = `must be a positive integer (1 to ${max.toLocaleString('en-US')}), got "${String(raw)}"`;
    throw new AppError('VALIDATION_FAILED', `--${name} ${message}`, [fieldError(name, 'invalid', message, { limit: max })]);
  }
  return Number(raw);
}

/** The options of `fas seed`, validated: --transactions is required; --accounts defaults to max(10, N / 1000). */
export function seedOptions(options: Options): SeedOptions {
  const transactions = positiveInteger(options, 'transactions');
  if (transactions === undefined) {
    throw new AppError('VALIDATION_FAILED', '--transactions is required', [fieldError('transactions', 'required', 'is required')]);
  }
  return {
    transactions,
    accounts: positiveInteger(options, 'accounts') ?? Math.max(10, Math.floor(transactions / 1000)),
    seed: positiveInteger(options, 'seed') ?? 1,
  };
}

/** `1:05`, `12:03:09` */
function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const hms = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const [h, m, sec] = hms.map((n) => String(n).padStart(2, '0')) as [string, string, string];
  return hms[0] ? `${Number(h)}:${m}:${sec}` : `${Number(m)}:${sec}`;
}

/** `[#####.....] 42% 420000/1000000 12.3k rows/s ETA 0:47` (the ETA of the rows at the rate so far). */
export function progressBar(done: number, total: number, seconds: number, width = 30): string {
  const share = total > 0 ? done / total : 1;
  const filled = Math.round(share * width);
  const rate = done / Math.max(seconds, 0.001);
  const rateText = rate >= 1000 ? `${(rate / 1000).toFixed(1)}k` : rate.toFixed(0);
  const eta = done >= total ? `in ${duration(seconds)}` : done > 0 ? `ETA ${duration((total - done) / rate)}` : 'ETA -';
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(share * 100)}% ${done}/${total} ${rateText} rows/s ${eta}`;
}

/** What a long command reports while it runs (the seed's rows so far, then the step it is in). */
export interface Progress {
  done: number;
  total: number;
  seconds: number;
  /** A step after the rows: "building transactions_pkey", "vacuuming". */
  phase?: string;
}

/** Prints progress on stderr (or `out`): one bar redrawn in place on a terminal, a line per 10% in logs and pipes. */
export function progressPrinter(out: { write(text: string): unknown; isTTY?: boolean } = process.stderr): {
  update(p: Progress): void;
  end(): void;
} {
  const tty = out.isTTY === true;
  let lastDecile = -1;
  let drawn = false;
  let phaseStarted = 0;
  return {
    update({ done, total, seconds, phase }) {
      if (phase) {
        // Steps after the rows: one line each, with the time the previous one took.
        if (drawn) out.write('\n');
        drawn = false;
        out.write(`${phase}... (at ${duration(seconds)}${phaseStarted ? `, previous step ${duration(seconds - phaseStarted)}` : ''})\n`);
        phaseStarted = seconds;
        return;
      }
      const line = progressBar(done, total, seconds);
      if (tty) {
        out.write(`\r${line}`);
        drawn = true;
        return;
      }
      const decile = Math.floor((done / total) * 10);
      if (decile !== lastDecile) out.write(`${line}\n`);
      lastDecile = decile;
    },
    end() {
      if (drawn) out.write('\n');
    },
  };
}

/** `fas seed --transactions N [--accounts A] [--seed S] [--workspace W]`: demo data, with progress. */
export async function runSeed(deps: Deps, options: Options, onProgress: (p: Progress) => void) {
  const o = seedOptions(options);
  const ctx = await operatorContext(deps, options);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const result = await seedTransactions(ctx, {
    ...o,
    onProgress: (done, total) => onProgress({ done, total, seconds: seconds() }),
    onPhase: (phase) => onProgress({ done: o.transactions, total: o.transactions, seconds: seconds(), phase }),
  });
  const took = Math.round(seconds() * 10) / 10;
  return {
    json: { ...result, seed: o.seed, seconds: took },
    text: `${seedSummary({ ...result, seed: o.seed })} (${took} s)`,
  };
}

/**
 * What a seed did, truthfully: a seed always draws the same rows, so running one again inserts
 * only those that are missing (none, after a complete run).
 */
export function seedSummary(r: { workspaceId: string; seed: number } & SeedTransactionsResult): string {
  const { inserted } = r;
  if (inserted.transactions === r.transactions && inserted.accounts === r.accounts) {
    return `seeded ${r.transactions} transactions over ${r.accounts} accounts in workspace ${r.workspaceId} (seed ${r.seed})`;
  }
  if (inserted.transactions === 0 && inserted.accounts === 0) {
    return `inserted nothing: the ${r.transactions} transactions and ${r.accounts} accounts of seed ${r.seed} are already in workspace ${r.workspaceId} (a seed always draws the same rows; another --seed draws new ones)`;
  }
  const of = (n: number, total: number, what: string) => `${n} of ${total} ${what}${n < total ? ` (${total - n} already there)` : ''}`;
  return `inserted ${of(inserted.transactions, r.transactions, 'transactions')} and ${of(inserted.accounts, r.accounts, 'accounts')} of seed ${r.seed} into workspace ${r.workspaceId}`;
}
