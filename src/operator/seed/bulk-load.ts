import type { BulkCopy, BulkSession } from '../../db/bulk-copy.js';
import type { CopyPiece } from './copy-pieces.js';
import { COPY_COLUMNS } from './copy-text.js';

/** What a load did, for the caller's report and its clean-up. */
export interface LoadResult {
  /** Indexes and keys were dropped before the load and built again after it. */
  rebuilt: boolean;
  /** The table was empty: loaded with COPY FREEZE (rows frozen and all-visible: no VACUUM needed). */
  frozen: boolean;
  /** The counts of `countFor` were rebuilt and committed with the rows (load-aside.ts). */
  counted?: boolean;
  /** The ledger of `countFor` was built aside and swapped in with the rows (ledger-aside.ts). */
  ledgered?: boolean;
}

export interface LoadOptions {
  /** How many rows `pieces` holds. */
  rows: number;
  /** COPY text, whole lines per piece, with how many rows each holds. */
  pieces: AsyncIterable<CopyPiece>;
  /** Called as each piece is handed to the database, with its rows. */
  onRows: (rows: number) => void;
  /** A step after the rows ("building transactions_pkey"), for the progress display. */
  onPhase?: (phase: string) => void;
  /** A workspace whose counts a load built aside rebuilds and swaps in with the rows (load-aside.ts). */
  countFor?: string;
  /** Called as each index or key built in sessions of their own is done, with its seconds. */
  onStep?: (name: string, seconds: number) => void;
}

export interface Definition {
  name: string;
  def: string;
}

export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Rows already in the table: the planner's estimate when it has one and it is large (a count of
 * millions of rows would take seconds), the exact count otherwise.
 */
async function tableRows(s: BulkSession): Promise<number> {
  const [est] = await s.query<{ n: number }>("SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'transactions'::regclass");
  if (est && est.n >= 1_000_000) return est.n;
  const [row] = await s.query<{ n: string }>('SELECT count(*) AS n FROM transactions');
  return Number(row?.n ?? 0);
}

/** The primary key, foreign keys and other indexes of `transactions`, as statements that recreate them. */
export async function structure(s: BulkSession): Promise<{ keys: Definition[]; foreign: Definition[]; indexes: Definition[] }> {
  const constraints = await s.query<Definition & { type: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def, contype::text AS type
     FROM pg_constraint WHERE conrelid = 'transactions'::regclass AND contype IN ('p', 'f') ORDER BY conname`,
  );
  const indexes = await s.query<Definition>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = 'transactions'::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)
     ORDER BY c.relname`,
  );
  return {
    keys: constraints.filter((c) => c.type === 'p'),
    foreign: constraints.filter((c) => c.type === 'f'),
    indexes,
  };
}

/**
 * Loads seed rows into `transactions` with COPY, in one database transaction.
 *
 * When the load at least doubles the table (`rows` >= rows already there), the primary key, the
 * foreign keys and every index are dropped first and built again after the load, in the same
 * transaction: a sorted build is several times faster than as many index insertions, and packs
 * the pages full (a GIN index grown row by row is several times the size of a built one).
 * The table is locked (ACCESS EXCLUSIVE) from the drop to the commit, so on a live database
 * every other reader and writer of `transactions` waits for the seed; a failed or interrupted
 * seed rolls back whole, indexes included. When the table is empty it is also truncated in the
 * transaction, which lets COPY write the rows frozen and all-visible (no VACUUM pass after it).
 * A smaller load goes into the indexes as they are.
 */
export async function loadTransactions(bulk: BulkCopy, opts: LoadOptions): Promise<LoadResult> {
  return bulk.session(async (s) => {
    // Index builds sort in memory; PGlite's WASM heap is smaller than a server's.
    await s.exec(`SET LOCAL maintenance_work_mem = '${bulk.kind === 'postgres' ? '1GB' : '256MB'}'`);
    await s.exec('SET LOCAL synchronous_commit = off');
    // Into indexes kept as they are, search keys collect in the GIN pending list and merge in bulk.
    await s.exec("SET LOCAL gin_pending_list_limit = '512MB'");
    const existing = await tableRows(s);
    const rebuilt = opts.rows >= existing;
    let frozen = false;
    let saved: Awaited<ReturnType<typeof structure>> | undefined;
    if (rebuilt) {
      await s.exec('LOCK TABLE transactions IN ACCESS EXCLUSIVE MODE');
      saved = await structure(s);
      for (const c of [...saved.foreign, ...saved.keys]) await s.exec(`ALTER TABLE transactions DROP CONSTRAINT ${q(c.name)}`);
      for (const i of saved.indexes) await s.exec(`DROP INDEX ${q(i.name)}`);
      const [any] = await s.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM transactions) AS found');
      if (!any?.found) {
        await s.exec('TRUNCATE transactions');
        frozen = true;
      }
    }
    let sent = 0;
    const texts = async function* () {
      for await (const piece of opts.pieces) {
        sent = piece.rows;
        yield piece.chunk;
      }
    };
    await s.copyIn(`COPY transactions (${COPY_COLUMNS}) FROM STDIN${frozen ? ' WITH (FREEZE)' : ''}`, texts(), () => opts.onRows(sent));
    if (saved) {
      for (const c of saved.keys) {
        opts.onPhase?.(`building ${c.name}`);
        await s.exec(`ALTER TABLE transactions ADD CONSTRAINT ${q(c.name)} ${c.def}`);
      }
      for (const i of saved.indexes) {
        opts.onPhase?.(`building ${i.name}`);
        await s.exec(i.def);
      }
      for (const c of saved.foreign) {
        opts.onPhase?.(`checking ${c.name}`);
        await s.exec(`ALTER TABLE transactions ADD CONSTRAINT ${q(c.name)} ${c.def}`);
      }
    }
    return { rebuilt, frozen };
  });
}
