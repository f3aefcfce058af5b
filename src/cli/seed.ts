import type { Config } from '../config.js';
import { AppError } from '../core/errors.js';
import { seedTransactions } from '../core/transactions/seed-transactions.js';
import { openDeps } from '../server/deps.js';
import { operatorContext } from './operator-context.js';

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
    throw new AppError('VALIDATION_FAILED', `--${name} ${message}`, [{ field: name, message }]);
  }
  return Number(raw);
}

/** The options of `fas seed`, validated: --transactions is required; --accounts defaults to max(10, N / 1000). */
export function seedOptions(options: Options): SeedOptions {
  const transactions = positiveInteger(options, 'transactions');
  if (transactions === undefined) {
    throw new AppError('VALIDATION_FAILED', '--transactions is required', [{ field: 'transactions', message: 'is required' }]);
  }
  return {
    transactions,
    accounts: positiveInteger(options, 'accounts') ?? Math.max(10, Math.floor(transactions / 1000)),
    seed: positiveInteger(options, 'seed') ?? 1,
  };
}

/** `[#####.....] 42% 420000/1000000 12.3k rows/s` */
export function progressBar(done: number, total: number, seconds: number, width = 30): string {
  const share = total > 0 ? done / total : 1;
  const filled = Math.round(share * width);
  const rate = done / Math.max(seconds, 0.001);
  const rateText = rate >= 1000 ? `${(rate / 1000).toFixed(1)}k` : rate.toFixed(0);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(share * 100)}% ${done}/${total} ${rateText} rows/s`;
}

/** `fas seed --transactions N [--accounts A] [--seed S] [--workspace W]`: demo data, progress on stderr. */
export async function seedCommand(config: Config, options: Options) {
  const o = seedOptions(options);
  const { database, deps } = await openDeps(config);
  try {
    const ctx = await operatorContext(deps, options);
    const started = performance.now();
    const tty = process.stderr.isTTY === true;
    let lastDecile = -1;
    const result = await seedTransactions(ctx, {
      ...o,
      onProgress: (done, total) => {
        const line = progressBar(done, total, (performance.now() - started) / 1000);
        if (tty) {
          process.stderr.write(`\r${line}`);
        } else {
          // Logs and pipes get a line per 10% instead of carriage returns.
          const decile = Math.floor((done / total) * 10);
          if (decile !== lastDecile) process.stderr.write(`${line}\n`);
          lastDecile = decile;
        }
      },
    });
    if (tty) process.stderr.write('\n');
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    return {
      json: { workspaceId: result.workspaceId, accounts: result.accounts, transactions: result.transactions, seconds },
      text: `seeded ${result.transactions} transactions over ${result.accounts} accounts in workspace ${result.workspaceId} in ${seconds} s (seed ${o.seed})`,
    };
  } finally {
    await database.close();
  }
}
