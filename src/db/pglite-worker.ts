import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { PgliteWorkerData, ToWorker, WireError } from './pglite-protocol.js';
import { postgresVersion, type SnapshotReport, syncDataDir, type WalRange } from './pglite-snapshot.js';

/**
 * The thread that owns the embedded database: PGlite executes a statement synchronously on the
 * thread that calls it, so here it stalls only this thread, never the HTTP event loop. The main
 * thread's `RemotePGlite` sends calls; rows are parsed here and sent back as plain values.
 */
const data = workerData as PgliteWorkerData;
if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;

/** `busySince[0]`: when the statement executing now began (epoch ms), 0 when none is. */
const busySince = new Float64Array(data.busy);
/** While a snapshot checkpoints: its statements are not the kind the time budget is for. */
let unbounded = false;

/**
 * The parsers the Prisma adapter passes with every query (functions cannot cross threads): read
 * from the adapter itself, by letting it query a recorder once.
 */
async function prismaParsers(): Promise<Record<number, (v: string) => unknown>> {
  let parsers: Record<number, (v: string) => unknown> = {};
  const recorder = {
    query: async (_sql: string, _params: unknown[], opts: { parsers: typeof parsers }) => {
      parsers = opts.parsers;
      return { fields: [], rows: [] };
    },
  };
  const adapter = await new PrismaPGlite(recorder as unknown as PGlite).connect();
  await adapter.queryRaw({ sql: 'SELECT 1', args: [], argTypes: [] });
  return { ...parsers, ...bytea.parsers };
}

const BYTEA = 17;
/**
 * bytea without a JavaScript loop per byte: PGlite's own serializer and parser, and the Prisma
 * adapter's parser, map every byte through a string (docs/benchmarks.md, "Measurements behind code
 * decisions"). A Uint8Array parameter is bound as it is, which PGlite sends in binary format; a
 * result arrives as hex text (`bytea_output` is left at its default) and is decoded natively.
 */
const bytea = {
  serializers: { [BYTEA]: (value: unknown) => value as string },
  parsers: {
    [BYTEA]: (text: string) => {
      if (!text.startsWith('\\x')) throw new Error('bytea arrived in a format other than hex');
      const out = Buffer.allocUnsafeSlow((text.length - 2) / 2);
      out.write(text.slice(2), 'hex');
      return out;
    },
  },
};

/**
 * The buffers a result holds alone (bytea values decoded above, a dump): moved to the main thread
 * rather than copied. Only results with a bytea column are searched, and only that column.
 */
function owned(result: unknown): ArrayBuffer[] {
  const moved: ArrayBuffer[] = [];
  const take = (v: unknown) => {
    if (v instanceof Uint8Array && v.buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) {
      if (!moved.includes(v.buffer)) moved.push(v.buffer);
    }
  };
  take(result);
  const r = result as { rows?: unknown[]; fields?: { name: string; dataTypeID: number }[] } | null;
  const columns = r?.fields?.flatMap((f, i) => (f.dataTypeID === BYTEA ? [{ i, name: f.name }] : [])) ?? [];
  for (const row of columns.length ? (r?.rows ?? []) : []) {
    for (const c of columns) take(Array.isArray(row) ? row[c.i] : (row as Record<string, unknown>)[c.name]);
  }
  return moved;
}

function wireError(err: unknown): WireError {
  const e = err as Error & Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const k of [
    'severity',
    'code',
    'detail',
    'hint',
    'position',
    'where',
    'schema',
    'table',
    'column',
    'dataType',
    'constraint',
    'routine',
  ]) {
    if (typeof e?.[k] === 'string') fields[k] = e[k] as string;
  }
  return { message: e?.message ?? String(err), database: 'severity' in fields, fields };
}

async function main() {
  const client = await PGlite.create(data.dataDir, {
    extensions: { pg_trgm },
    startParams: data.startParams,
    ...bytea,
    ...(data.image ? { loadDataDir: data.image } : {}),
  });
  // Every statement goes through this synchronous call: mark it so the main thread can see one
  // that runs over the time budget (and end this thread: nothing interrupts WASM from outside).
  const raw = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    if (!unbounded) busySince[0] = Date.now();
    try {
      return raw(message);
    } finally {
      busySince[0] = 0;
    }
  };
  const parsers = await prismaParsers();
  const txs = new Map<number, Transaction>();
  const ends = new Map<number, () => void>();
  const rollbacks = new Map<number, Promise<void>>();
  const listeners = new Map<string, () => Promise<void>>();
  const reply = (id: number, run: () => Promise<unknown>) => {
    run().then(
      (result) => port.postMessage({ id, ok: true, result }, owned(result)),
      (err) => port.postMessage({ id, ok: false, error: wireError(err) }),
    );
  };
  port.on('message', (m: ToWorker) => {
    switch (m.op) {
      case 'query':
        return reply(m.id, async () => {
          const on = m.tx ? txs.get(m.tx) : client;
          if (!on) throw new Error('the transaction has ended');
          const r = await on.query(m.sql, m.params, {
            ...(m.rowMode ? { rowMode: m.rowMode } : {}),
            ...(m.prismaParsers ? { parsers } : {}),
            ...(m.blob ? { blob: new Blob([m.blob as Uint8Array<ArrayBuffer>]) } : {}),
          });
          return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
        });
      case 'exec':
        return reply(m.id, async () => {
          const on = m.tx ? txs.get(m.tx) : client;
          if (!on) throw new Error('the transaction has ended');
          const r = await on.exec(m.sql);
          return r.map((x) => ({ rows: x.rows, fields: x.fields, affectedRows: x.affectedRows }));
        });
      case 'begin': {
        // Answered when the transaction holds PGlite; it ends when the main thread says so.
        const done = client.transaction(
          (tx) =>
            new Promise<void>((resolve) => {
              txs.set(m.id, tx);
              ends.set(m.id, resolve);
              port.postMessage({ id: m.id, ok: true, result: null });
            }),
        );
        void done
          .then(
            () => port.postMessage({ id: m.id, ended: true, ok: true }),
            (err) => port.postMessage({ id: m.id, ended: true, ok: false, error: wireError(err) }),
          )
          .finally(() => {
            txs.delete(m.id);
            ends.delete(m.id);
            rollbacks.delete(m.id);
          });
        return;
      }
      case 'rollback': {
        const rolled = txs.get(m.tx)?.rollback();
        if (rolled)
          rollbacks.set(
            m.tx,
            rolled.catch(() => {}),
          );
        return;
      }
      case 'end': {
        // After a rollback has run, or PGlite would still COMMIT.
        const end = ends.get(m.tx);
        void (rollbacks.get(m.tx) ?? Promise.resolve()).then(() => end?.());
        return;
      }
      case 'listen':
        return reply(m.id, async () => {
          if (listeners.has(m.channel)) return null;
          listeners.set(m.channel, await client.listen(m.channel, () => port.postMessage({ notify: m.channel })));
          return null;
        });
      case 'unlisten':
        return reply(m.id, async () => {
          await listeners.get(m.channel)?.();
          listeners.delete(m.channel);
          return null;
        });
      case 'dump':
        return reply(m.id, async () => new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
      case 'snapshot':
        return reply(m.id, () => snapshot(client, m.to));
      case 'close':
        return reply(m.id, async () => {
          await client.close();
          return null;
        });
    }
  });
  port.postMessage({ ready: true });
}

/**
 * A consistent copy of the data directory while the database serves: a first CHECKPOINT writes
 * the dirty pages out (one statement; others wait for it as for any statement), then, holding
 * PGlite between statements (a transaction of its own, so no other transaction is half done), a
 * second CHECKPOINT (little left to write) and the copy's catch-up: `to` may hold a copy made
 * beforehand by another thread (`precopyDataDir`), of which only the changed pages are rewritten.
 * The copy is the database as of that instant, cleanly checkpointed; writers wait for the held
 * section only.
 */
async function snapshot(client: PGlite, to: string): Promise<SnapshotReport> {
  const dir = data.dataDir;
  if (!dir) throw new Error('an in-memory database has no directory to copy');
  unbounded = true;
  try {
    const began = performance.now();
    await client.exec('CHECKPOINT');
    const checkpointMs = performance.now() - began;
    return await client.transaction(async (tx) => {
      const held = performance.now();
      await tx.exec('CHECKPOINT');
      const [wal] = (
        await tx.query<WalRange>(
          'SELECT redo_wal_file AS redo, pg_walfile_name(pg_current_wal_insert_lsn()) AS current FROM pg_control_checkpoint()',
        )
      ).rows;
      const migrations = (
        await tx.query<{ name: string }>(
          'SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
        )
      ).rows.map((r) => r.name);
      if (!wal) throw new Error('no checkpoint to start the copy from');
      const copied = syncDataDir(dir, to, wal);
      const pauseMs = performance.now() - held;
      return { dir: `${to}/pgdata`, ...copied, checkpointMs, pauseMs, migrations, postgres: postgresVersion(dir) };
    });
  } finally {
    unbounded = false;
  }
}

main().catch((err) => port.postMessage({ fatal: wireError(err) }));
