import type { Ctx } from '../../core/context.js';
import { COLUMN_KEYS, type ColumnKey, TRANSACTION_COLUMNS } from '../../core/transactions/transaction-columns.js';
import type { Prisma } from '../../db/generated/prisma/client.js';

/** A value as the bulk insert sends it: text in the column's SQL form, a boolean, NULL, or a text[]. */
export type SeedValue = string | boolean | null | readonly string[];
/** One transaction to insert: a value for every column of the registry (the compiler checks it). */
export type SeedRow = Record<ColumnKey, SeedValue>;

/**
 * Each column travels as one text parameter: its values joined by the unit separator (U+001F),
 * NULL spelled U+001E, split back by `string_to_array` and cast to the column's array type. No
 * value needs quoting or escaping (the generated values hold no control characters), which makes
 * this much cheaper than binding arrays element by element. The text[] columns (coins, addenda)
 * are arrays of arrays: their elements are joined by U+001D inside the value and split per row.
 */
const SEP = '\u001f';
const NULL_MARK = '\u001e';
const INNER_SEP = '\u001d';

const COLUMNS = COLUMN_KEYS.map((key) => ({ key, ...TRANSACTION_COLUMNS[key] }));
const names = COLUMNS.map((c) => c.name).join(', ');

/** `INSERT ... SELECT FROM unnest(...)`: one parameter per column, one row per element. */
const INSERT_SQL = `INSERT INTO transactions (${names})
SELECT ${COLUMNS.map((c) => (c.sql === 'text[]' ? `string_to_array(u.${c.name}, E'\\x1d')` : `u.${c.name}`)).join(', ')}
FROM unnest(${COLUMNS.map((c, i) => `string_to_array($${i + 1}, E'\\x1f', E'\\x1e')::${c.sql === 'text[]' ? 'text' : c.sql}[]`).join(', ')})
  AS u(${names})
ON CONFLICT (workspace_id, id) DO NOTHING`;

function columnText(rows: SeedRow[], key: ColumnKey): string {
  const parts = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const v = (rows[r] as SeedRow)[key];
    parts[r] =
      v === null || v === undefined ? NULL_MARK : v === true ? 't' : v === false ? 'f' : typeof v === 'string' ? v : v.join(INNER_SEP);
  }
  return parts.join(SEP);
}

/** Appends a chunk of rows to the per-column texts of a batch (`texts[i]` for column i). */
function appendColumns(texts: string[][], rows: SeedRow[]): void {
  for (let i = 0; i < COLUMNS.length; i++) (texts[i] as string[]).push(columnText(rows, (COLUMNS[i] as { key: ColumnKey }).key));
}

/** Empty per-column texts for a batch, and how they become the statement's parameters. */
function emptyColumns(): string[][] {
  return COLUMNS.map(() => []);
}

function toParams(texts: string[][]): string[] {
  return texts.map((c) => c.join(SEP));
}

/** Rows are turned into column text this many at a time, so few small strings stay alive. */
const CHUNK = 1000;

/** The next `batchSize` rows as one text per column, and how many rows that is. */
function batch(rows: Iterator<SeedRow>, batchSize: number): { params: string[]; count: number } {
  const columns = emptyColumns();
  let count = 0;
  while (count < batchSize) {
    const chunk: SeedRow[] = [];
    for (let r = rows.next(); ; r = rows.next()) {
      if (r.done) break;
      chunk.push(r.value);
      if (chunk.length === CHUNK || count + chunk.length === batchSize) break;
    }
    if (chunk.length === 0) break;
    appendColumns(columns, chunk);
    count += chunk.length;
  }
  return { params: toParams(columns), count };
}

/**
 * Inserts the rows in batches of `batchSize`, each in a statement and a database transaction of
 * its own, two statements in flight (a batch is built while the other is written). Batches are
 * drawn in order, so the data does not depend on timing; a row whose id exists is skipped.
 * Answers how many rows were inserted.
 */
export async function insertRows(ctx: Ctx, rows: Iterator<SeedRow>, batchSize: number, onRows: (n: number) => void): Promise<number> {
  let ended = false;
  let failed = false;
  let inserted = 0;
  const lane = async () => {
    try {
      while (!ended && !failed) {
        const { params, count } = batch(rows, batchSize);
        if (count < batchSize) ended = true;
        if (count === 0) return;
        // Not `inserted += await ...`: that reads `inserted` before the await, so the other lane's
        // batches were lost from the count ("inserted 10000 of 20000" after inserting 20,000).
        const n = await insertBatch(ctx, params);
        inserted += n;
        onRows(count);
      }
    } catch (err) {
      failed = true; // the other lane stops after its statement
      throw err;
    }
  };
  await Promise.all([lane(), lane()]);
  return inserted;
}

/** One batch in one statement, in a database transaction of its own; answers the rows inserted (not skipped). */
async function insertBatch(ctx: Ctx, params: string[]): Promise<number> {
  return ctx.db.$transaction(
    async (tx: Prisma.TransactionClient) => {
      // Search keys collect in the GIN index's pending list and are merged in bulk, with memory
      // enough to merge them in one pass; the commit need not wait for the disk (a failed seed is
      // simply run again: rows are keyed by the seed).
      await tx.$executeRawUnsafe("SET LOCAL gin_pending_list_limit = '512MB'");
      await tx.$executeRawUnsafe("SET LOCAL work_mem = '256MB'");
      await tx.$executeRawUnsafe('SET LOCAL synchronous_commit = off');
      return tx.$executeRawUnsafe(INSERT_SQL, ...params);
    },
    { timeout: 600_000, maxWait: 600_000 },
  );
}
