import type { Config } from '../config.js';
import { seedDemoTransactions } from '../core/demo/seed-demo-transactions.js';
import { AppError } from '../core/errors.js';
import { openDeps } from '../server/deps.js';
import { operatorContext } from './operator-context.js';

function positive(name: string, value: string | boolean | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) > max) {
    throw new AppError('VALIDATION_FAILED', `--${name} must be an integer from 0 to ${max}`);
  }
  return Number(value);
}

/** `fas seed --transactions N [--accounts A] [--seed S] [--workspace W]`: demo data with a progress bar. */
export async function seedCommand(config: Config, o: Record<string, string | boolean | undefined>) {
  const transactions = positive('transactions', o.transactions, -1, 50_000_000);
  if (transactions < 0) throw new AppError('VALIDATION_FAILED', '--transactions is required');
  const accounts = Math.max(1, positive('accounts', o.accounts, Math.max(10, Math.ceil(transactions / 1000)), 1_000_000));
  const seed = positive('seed', o.seed, 1, 2_147_483_647);
  const { database, deps } = await openDeps(config);
  try {
    const ctx = await operatorContext(deps, o);
    const started = Date.now();
    const tty = process.stderr.isTTY;
    const result = await seedDemoTransactions(ctx, {
      transactions,
      accounts,
      seed,
      onProgress: (done, total) => {
        const width = 30;
        const filled = Math.round((done / Math.max(total, 1)) * width);
        const rate = Math.round(done / Math.max((Date.now() - started) / 1000, 0.001));
        const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor((done / Math.max(total, 1)) * 100)}% ${done}/${total} ${rate} rows/s`;
        process.stderr.write(tty ? `\r${bar}` : `${bar}\n`);
      },
    });
    if (tty) process.stderr.write('\n');
    const seconds = (Date.now() - started) / 1000;
    return {
      json: { workspaceId: ctx.workspaceId, ...result, seed, seconds },
      text: `seeded ${result.transactions} transactions over ${result.accounts} accounts in workspace ${ctx.workspaceId} in ${seconds.toFixed(1)} s (seed ${seed})`,
    };
  } finally {
    await database.close();
  }
}
