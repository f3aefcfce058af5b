import { randomBytes } from 'node:crypto';
import { rebuildSearchGroups } from '../../core/transactions/search-groups.js';
import { rebuildSearchWordCounts } from '../../core/transactions/search-word-counts.js';
import { rebuildCounts } from '../../core/transactions/transaction-counts.js';
import type { BulkCopy, BulkSession } from '../../db/bulk-copy.js';
import type { Prisma } from '../../db/generated/prisma/client.js';
import { type Definition, type LoadOptions, type LoadResult, q, structure } from './bulk-load.js';
import { COPY_COLUMNS } from './copy-text.js';
import { buildLedgerAside, ledgerIndexOn, ledgerStructure, ledgerSwappable, ledgerTables, swapLedger } from './ledger-aside.js';

/** Tables a seed loads aside are named with this prefix (and dropped, when left by a killed seed, by the next one). */
const PREFIX = 'transactions_seed_';
/** Built in a session of its own: PostgreSQL builds a GIN index on one core. */
const SEARCH_INDEX = 'transactions_search_keys_idx';

/**
 * Whether `transactions` can be swapped for a table built aside: it holds no row, and nothing the
 * swap would lose depends on it (grants to other roles, another owner, storage or statistics
 * settings, replica identity, publications, policies, constraints other than its primary, foreign
 * and check keys, triggers of its own, views, keys of other tables that reference it). Otherwise the load stays in one session.
 */
async function swappable(s: BulkSession): Promise<boolean> {
  const [row] = await s.query<{ ok: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM transactions)
        AND c.relacl IS NULL AND c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)
        AND c.reloptions IS NULL AND c.relreplident = 'd'
        AND NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = c.oid AND attnum > 0 AND NOT attisdropped AND attstattarget >= 0)
        AND NOT EXISTS (SELECT 1 FROM pg_publication_rel WHERE prrelid = c.oid)
        AND NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = c.oid)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = c.oid AND contype NOT IN ('p', 'f', 'c'))
        AND NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = c.oid AND NOT tgisinternal)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE confrelid = c.oid)
        AND NOT EXISTS (SELECT 1 FROM pg_depend WHERE refobjid = c.oid AND classid = 'pg_rewrite'::regclass) AS ok
     FROM pg_class c WHERE c.oid = 'transactions'::regclass`,
  );
  return row?.ok === true;
}

/** `CREATE INDEX <name> ON <table> USING ...` of `def` for another index name and table. */
function indexOn(def: string, name: string, table: string): string {
  const m = /^CREATE (UNIQUE )?INDEX \S+ ON (?:ONLY )?\S+ USING (.*)$/s.exec(def);
  if (!m) throw new Error(`unexpected index definition: ${def}`);
  return `CREATE ${m[1] ?? ''}INDEX ${q(name)} ON ${q(table)} USING ${m[2]}`;
}

/** Drops the tables of seeds killed while they loaded aside; a table another seed is loading is locked, and kept. */
async function dropLeftovers(bulk: BulkCopy): Promise<void> {
  const left = await bulk.session((s) =>
    s.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class
       WHERE relkind = 'r' AND starts_with(relname, $1)
         AND relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = 'transactions'::regclass)`,
      [PREFIX],
    ),
  );
  for (const { name } of left) {
    await bulk
      .session(async (s) => {
        await s.exec(`LOCK TABLE ${q(name)} IN ACCESS EXCLUSIVE MODE NOWAIT`);
        await s.exec(`DROP TABLE ${q(name)}`);
      })
      .catch(() => {}); // in use: another seed's
  }
}

/**
 * Loads seed rows into an empty `transactions` on PostgreSQL by building its replacement aside:
 * the rows are copied (frozen) into a new table and committed, its indexes and keys are built in
 * two sessions at once (the search keys' GIN index in one, the other indexes, the primary key's
 * among them, in the other), its foreign keys are checked, and one short transaction then swaps it in under the name, with any
 * rows that reached `transactions` meanwhile. With `countFor`, that workspace's counts are rebuilt
 * from the rows aside in the second session, after its builds (while the search index still
 * builds), and swapped in with them. Until the swap nothing of the load is visible; a seed killed
 * before it leaves only tables aside, which the next seed drops. Undefined (nothing
 * done) when `transactions` cannot be swapped (`swappable`).
 */
export async function loadAside(bulk: BulkCopy, opts: LoadOptions): Promise<LoadResult | undefined> {
  const plan = await bulk.session(async (s) => {
    if (!(await swappable(s))) return undefined;
    // The primary key is built as its unique index (a lock that lets the other session build too).
    const keyIndexes = await s.query<Definition>(
      `SELECT conname AS name, pg_get_indexdef(conindid) AS def FROM pg_constraint WHERE conrelid = 'transactions'::regclass AND contype = 'p'`,
    );
    // The ledger of `countFor` too, when `ledger_entries` can be swapped as well (ledger-aside.ts).
    const ledger = opts.countFor && (await ledgerSwappable(s, opts.countFor)) ? await ledgerStructure(s) : undefined;
    return { ...(await structure(s)), keyIndexes, ledger };
  });
  if (!plan) return undefined;
  await dropLeftovers(bulk);
  const stage = `${PREFIX}${randomBytes(6).toString('hex')}`;
  try {
    await bulk.session(async (s) => {
      await s.exec('SET LOCAL synchronous_commit = off');
      await s.exec(`CREATE TABLE ${q(stage)} (LIKE transactions INCLUDING ALL EXCLUDING INDEXES)`);
      let sent = 0;
      const texts = async function* () {
        for await (const piece of opts.pieces) {
          sent = piece.rows;
          yield piece.chunk;
        }
      };
      await s.copyIn(`COPY ${q(stage)} (${COPY_COLUMNS}) FROM STDIN WITH (FREEZE)`, texts(), () => opts.onRows(sent));
    });
    const named = plan.indexes.map((i, n) => ({ ...i, temp: `${stage}_i${n}` }));
    const keys = plan.keyIndexes.map((k, n) => ({ ...k, temp: `${stage}_k${n}` }));
    // The search keys' GIN index takes longer than all the others together (docs/benchmarks.md).
    const gin = named.filter((i) => i.name === SEARCH_INDEX);
    type Step = [string, (s: BulkSession) => Promise<void>];
    const sql = (name: string, text: string): Step => [name, (s) => s.exec(text)];
    const track = (steps: Step[]) =>
      bulk.session(async (s) => {
        await s.exec("SET LOCAL maintenance_work_mem = '1GB'");
        await s.exec("SET LOCAL work_mem = '512MB'");
        await s.exec('SET LOCAL synchronous_commit = off');
        for (const [name, run] of steps) {
          const at = performance.now();
          await run(s);
          opts.onStep?.(name, (performance.now() - at) / 1000);
        }
      });
    const counting: Step[] = opts.countFor ? [['counts', (s) => countAside(s, stage, opts.countFor as string)]] : [];
    // The word counts read every row's names (197 s at 10M): in the GIN index's session, idle
    // after its build, not in the counts' session, which is the longest of the build.
    const wordCounting: Step[] = opts.countFor ? [['word counts', (s) => countWordsAside(s, stage, opts.countFor as string)]] : [];
    const ledgerIndexes = (plan.ledger?.indexes ?? []).map((i, n) => ({ ...i, temp: `${stage}_l${n}` }));
    const ledgerStep = (i: (typeof ledgerIndexes)[number]) => sql(`ledger ${i.name}`, ledgerIndexOn(i.def, i.temp, stage));
    // The ledger, from the rows aside while their indexes build, in a third session; then its
    // indexes, the last (the largest) in a session of its own.
    const ledger = async () => {
      if (!plan.ledger) return;
      await track([['ledger entries', (s) => buildLedgerAside(s, stage, stage, opts.countFor as string)]]);
      await Promise.all([track(ledgerIndexes.slice(0, -1).map(ledgerStep)), track(ledgerIndexes.slice(-1).map(ledgerStep))]);
    };
    // Only steps whose locks let the other session's index build go on (CREATE INDEX, reads): a
    // constraint added, or ANALYZE, would wait for it to commit.
    opts.onPhase?.(`building indexes in ${plan.ledger ? 3 : 2} sessions`);
    await Promise.all([
      track([...gin.map((i) => sql(i.name, indexOn(i.def, i.temp, stage))), ...wordCounting]),
      track([
        ...keys.map((k) => sql(k.name, indexOn(k.def, k.temp, stage))),
        ...named.filter((i) => !gin.includes(i)).map((i) => sql(i.name, indexOn(i.def, i.temp, stage))),
        ...counting,
      ]),
      ledger(),
    ]);
    opts.onPhase?.('checking foreign keys');
    const entries = ledgerTables(stage).entries;
    await track([
      ...plan.foreign.map((f) => sql(f.name, `ALTER TABLE ${q(stage)} ADD CONSTRAINT ${q(f.name)} ${f.def}`)),
      ...(plan.ledger?.foreign ?? []).map((f) => sql(`ledger ${f.name}`, `ALTER TABLE ${q(entries)} ADD CONSTRAINT ${q(f.name)} ${f.def}`)),
    ]);
    opts.onPhase?.('swapping in');
    await bulk.session(async (s) => {
      await s.exec('LOCK TABLE transactions IN ACCESS EXCLUSIVE MODE');
      // Rows written by others while the seed ran (into other workspaces: this one had none), by
      // the columns they were written with: the generated ones are computed again.
      const [cols] = await s.query<{ columns: string }>(
        `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns FROM pg_attribute
         WHERE attrelid = 'transactions'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
      );
      const columns = cols?.columns ?? '*';
      await s.exec(`INSERT INTO ${q(stage)} (${columns}) SELECT ${columns} FROM transactions`);
      await s.exec('DROP TABLE transactions');
      await s.exec(`ALTER TABLE ${q(stage)} RENAME TO transactions`);
      for (const k of keys) await s.exec(`ALTER TABLE transactions ADD CONSTRAINT ${q(k.name)} PRIMARY KEY USING INDEX ${q(k.temp)}`);
      for (const i of named) await s.exec(`ALTER INDEX ${q(i.temp)} RENAME TO ${q(i.name)}`);
      if (opts.countFor) await swapCounts(s, stage, opts.countFor);
      if (plan.ledger) await swapLedger(s, stage, ledgerIndexes);
    });
  } catch (err) {
    await bulk
      .session(async (s) => {
        const { entries, balances } = ledgerTables(stage);
        for (const t of [stage, ...countTables(stage), entries, balances]) await s.exec(`DROP TABLE IF EXISTS ${q(t)}`);
      })
      .catch(() => {});
    throw err;
  }
  return { rebuilt: true, frozen: true, counted: opts.countFor !== undefined, ledgered: plan.ledger !== undefined };
}

/** The tables aside a seed counts into: the day counts, the account counts, the search groups, the rollups, the groups per word, legs, word counts, word counts per coin and per day, and repeated words. */
const countTables = (stage: string) => [
  `${stage}_c`,
  `${stage}_a`,
  `${stage}_s`,
  `${stage}_r`,
  `${stage}_g`,
  `${stage}_l`,
  `${stage}_w`,
  `${stage}_x`,
  `${stage}_y`,
  `${stage}_z`,
];

type Ten = [string, string, string, string, string, string, string, string, string, string];

/** The workspace's counts from the rows aside, into count tables aside (committed with the session, seen by nobody). */
async function countAside(s: BulkSession, stage: string, workspaceId: string): Promise<void> {
  const [counts, accountCounts, groups, rollups, wordGroups, legs] = countTables(stage) as Ten;
  await s.exec(`CREATE TABLE ${q(legs)} (LIKE transaction_legs INCLUDING DEFAULTS)`);
  await s.exec(`CREATE TABLE ${q(counts)} (LIKE transaction_counts INCLUDING DEFAULTS)`);
  await s.exec(`CREATE TABLE ${q(rollups)} (LIKE transaction_rollups INCLUDING DEFAULTS)`);
  await s.exec(`CREATE TABLE ${q(accountCounts)} (LIKE account_transaction_counts INCLUDING DEFAULTS)`);
  await s.exec(`CREATE TABLE ${q(groups)} (LIKE search_groups INCLUDING DEFAULTS)`);
  await s.exec(`CREATE TABLE ${q(wordGroups)} (LIKE search_word_groups INCLUDING DEFAULTS)`);
  // The rows aside have no statistics yet (ANALYZE would wait for the other session's build): the
  // groups are hashed in one pass over the rows, as with statistics (rebuildCounts).
  await s.exec('SET LOCAL enable_sort = off');
  await s.exec('SET LOCAL enable_indexscan = off');
  await s.exec('SET LOCAL enable_bitmapscan = off');
  const executor = executorOf(s);
  await rebuildCounts(executor, workspaceId, {
    rows: q(stage),
    counts: q(counts),
    accountCounts: q(accountCounts),
    rollups: q(rollups),
    legs: q(legs),
  });
  await rebuildSearchGroups(executor, workspaceId, { rows: q(stage), groups: q(groups), wordGroups: q(wordGroups) });
}

/** The executor of a rebuild (core/transactions) in a bulk session. */
const executorOf = (s: BulkSession) => ({
  $executeRaw: async (query: Prisma.Sql) => {
    await s.query(query.text, query.values);
  },
});

/** The workspace's word counts from the rows aside, into a table aside (see `countAside`). */
async function countWordsAside(s: BulkSession, stage: string, workspaceId: string): Promise<void> {
  const [, , , , , , wordCounts, coinCounts, dayCounts, repeats] = countTables(stage) as Ten;
  await s.exec(`CREATE TABLE ${q(wordCounts)} (LIKE search_word_counts INCLUDING DEFAULTS)`);
  await s.exec(`CREATE TABLE ${q(coinCounts)} (LIKE search_word_coin_counts INCLUDING DEFAULTS)`);
  await s.exec(`CREATE TABLE ${q(dayCounts)} (LIKE search_word_day_counts INCLUDING DEFAULTS)`);
  await s.exec(`CREATE TABLE ${q(repeats)} (LIKE search_word_repeats INCLUDING DEFAULTS)`);
  await s.exec('SET LOCAL enable_sort = off');
  await s.exec('SET LOCAL enable_indexscan = off');
  await s.exec('SET LOCAL enable_bitmapscan = off');
  await rebuildSearchWordCounts(executorOf(s), workspaceId, {
    rows: q(stage),
    groups: q(wordCounts),
    coins: q(coinCounts),
    days: q(dayCounts),
    repeats: q(repeats),
  });
}

/** In the swap's transaction: the workspace's counts become those counted aside, visible with its rows. */
async function swapCounts(s: BulkSession, stage: string, workspaceId: string): Promise<void> {
  const [counts, accountCounts, groups, rollups, wordGroups, legs, wordCounts, coinCounts, dayCounts, repeats] = countTables(stage) as Ten;
  for (const [live, aside] of [
    ['transaction_counts', counts],
    ['transaction_rollups', rollups],
    ['transaction_legs', legs],
    ['account_transaction_counts', accountCounts],
    ['search_groups', groups],
    ['search_word_counts', wordCounts],
    ['search_word_coin_counts', coinCounts],
    ['search_word_day_counts', dayCounts],
    ['search_word_repeats', repeats],
    ['search_word_groups', wordGroups],
  ] as const) {
    await s.query(`DELETE FROM ${live} WHERE workspace_id = $1::uuid`, [workspaceId]);
    await s.exec(`INSERT INTO ${live} SELECT * FROM ${q(aside)}`);
    await s.exec(`DROP TABLE ${q(aside)}`);
  }
}
