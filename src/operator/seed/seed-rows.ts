import type { SeedRow } from './bulk-insert.js';
import { copyLine } from './copy-text.js';
import { DAY } from './iso-time.js';
import { makeRow, type SeedAccount } from './make-row.js';
import { Rng } from './random.js';

/** Everything the rows of a seed depend on: plain data, so a worker thread can draw them too. */
export interface SeedPlan {
  seed: number;
  workspaceId: string;
  accounts: SeedAccount[];
  total: number;
  /** The seed's "now" (ms): rows lie in the 365 days before it. */
  now: number;
}

/**
 * Rows are drawn in blocks of this many, each from streams of its own (keyed by the seed, the
 * workspace for ids, and the block's number): a block's rows do not depend on any other block, so
 * blocks can be drawn at once on several threads, and the data does not depend on how many
 * threads drew it or how rows were then grouped into statements.
 */
export const BLOCK = 1000;

export function blockCount(plan: SeedPlan): number {
  return Math.ceil(plan.total / BLOCK);
}

/**
 * The rows of block `block`, oldest first: the seed's transactions lie evenly over the last 365
 * days with jitter (so the time-ordered indexes grow at one end).
 */
export function* blockRows(plan: SeedPlan, block: number): Generator<SeedRow> {
  const rng = new Rng(`fas-seed:${plan.seed}:block:${block}`);
  const ids = new Rng(`fas-seed-ids:${plan.seed}:${plan.workspaceId}:block:${block}`);
  const start = plan.now - 365 * DAY;
  const slot = (365 * DAY) / plan.total;
  const count = plan.accounts.length;
  const end = Math.min(plan.total, (block + 1) * BLOCK);
  for (let next = block * BLOCK; next < end; next++) {
    // A few accounts are far busier than most (u^2 favours the first ones).
    const u = rng.next();
    const account = plan.accounts[Math.floor(u * u * count)] as SeedAccount;
    const createdAt = Math.floor(start + next * slot + rng.next() * slot);
    yield makeRow(rng, ids, plan.workspaceId, account, createdAt, plan.now);
  }
}

/** Every row of the seed, block after block. */
export function* seedRows(plan: SeedPlan): Generator<SeedRow> {
  const blocks = blockCount(plan);
  for (let b = 0; b < blocks; b++) yield* blockRows(plan, b);
}

/** The rows of a block as COPY text lines, and how many there are. */
export function blockText(plan: SeedPlan, block: number): { text: string; rows: number } {
  const lines: string[] = [];
  for (const row of blockRows(plan, block)) lines.push(copyLine(row));
  return { text: lines.join(''), rows: lines.length };
}
