import type { Worker } from 'node:worker_threads';
import { messages } from '@electric-sql/pglite';
import { FairQueue, NO_CALLER } from './fair-share.js';
import { moduleWorker } from './module-worker.js';
import type { FromWorker, PgliteWorkerData, ToWorker, WireError } from './pglite-protocol.js';
import type { SnapshotReport } from './pglite-snapshot.js';
import { currentDbCaller, currentIsScan } from './request-signal.js';

/** What FAS calls on an embedded database, in this thread or behind `RemotePGlite`. */
export interface PgliteQueryable {
  query<R>(
    sql: string,
    params?: unknown[],
    opts?: { rowMode?: 'array' | 'object'; parsers?: object; blob?: Blob },
  ): Promise<{ rows: R[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}
export interface PgliteTx extends PgliteQueryable {
  rollback(): Promise<void>;
}
export interface PgliteLike extends PgliteQueryable {
  transaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T>;
}

interface Waiter {
  resolve: (v: unknown) => void;
  reject: (err: unknown) => void;
  /** When the call was sent (performance.now()). */
  at?: number;
}

/** How often the time budget is checked. */
const WATCH_MS = 50;

/** PostgreSQL's query_canceled, as the statement timeout raises it: answered as QUERY_TIMEOUT. */
function budgetExceeded(budgetMs: number): Error {
  return Object.assign(new messages.DatabaseError(`canceling statement due to statement timeout (${budgetMs} ms)`, 0, 'error'), {
    severity: 'ERROR',
    code: '57014',
  });
}

function fromWire(e: WireError): Error {
  if (!e.database) return new Error(e.message);
  return Object.assign(new messages.DatabaseError(e.message, 0, 'error'), e.fields);
}

const spawn = (data: PgliteWorkerData): Worker => moduleWorker('pglite-worker', import.meta.url, data);

/**
 * PGlite in a worker thread, called like PGlite (what the Prisma adapter, the raw SQL runner, the
 * migrations and the bulk copy use). A statement running longer than `budgetMs` ends the worker
 * (WASM cannot be interrupted from outside): every call waiting on it fails as a statement timeout,
 * and a new worker reopens the data directory (PostgreSQL's crash recovery). In memory nothing
 * could be reopened: there the budget is not enforced.
 *
 * Statements and transactions are sent to the worker one at a time, chosen by `FairQueue`: the
 * caller (workspace) that has used the connection least recently goes first, so another tenant's
 * read waits for the statement running now, not for everything a heavy caller has queued.
 */
export class RemotePGlite implements PgliteLike {
  private worker!: Worker;
  private live = false;
  private backlog: ToWorker[] = [];
  private ready!: Promise<void>;
  private readonly waiters = new Map<number, Waiter>();
  private readonly txEnds = new Map<number, Waiter>();
  private readonly channels = new Map<string, Set<() => void>>();
  /** One per worker: a worker being ended may still write its own. */
  private busy = new SharedArrayBuffer(8);
  private readonly watch: NodeJS.Timeout;
  private nextId = 1;
  private generation = 0;
  private closed = false;
  /** Longest statement in ms (0: none); set once migrations are done. */
  budgetMs = 0;
  /** Statements ended by the budget since start. */
  timeouts = 0;
  /** Who goes next on the single connection (src/db/fair-share.ts); `callerWaitMs` set with the budget. */
  readonly fair = new FairQueue({ slots: 1, callerWaitMs: 0 });

  private constructor(
    private readonly dataDir: string | undefined,
    private readonly startParams: string[],
    image: Blob | undefined,
  ) {
    this.start(image);
    this.watch = setInterval(() => this.checkBudget(), WATCH_MS);
    this.watch.unref();
  }

  static async open(dataDir: string | undefined, startParams: string[], image?: Blob): Promise<RemotePGlite> {
    const db = new RemotePGlite(dataDir, startParams, image);
    try {
      await db.ready;
    } catch (err) {
      await db.close().catch(() => {});
      throw err;
    }
    return db;
  }

  private start(image?: Blob) {
    this.busy = new SharedArrayBuffer(8);
    const worker = spawn({ dataDir: this.dataDir, startParams: this.startParams, busy: this.busy, ...(image ? { image } : {}) });
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: FromWorker) => {
        if ('ready' in m) {
          this.live = true;
          for (const msg of this.backlog.splice(0)) worker.postMessage(msg);
          resolve();
        } else if ('fatal' in m) reject(fromWire(m.fatal));
        else if ('notify' in m) for (const fn of this.channels.get(m.notify) ?? []) fn();
        else this.settle(m);
      });
      worker.on('error', (err) => {
        reject(err);
        if (this.worker === worker) this.failAll(new Error('the embedded database stopped'));
      });
    });
    // A worker started again relistens: the channels live on in this thread.
    const relisten = [...this.channels.keys()].map((channel) => this.call({ op: 'listen', id: 0, channel }));
    Promise.all(relisten).catch(() => {});
    this.ready.catch(() => {});
  }

  private settle(m: Extract<FromWorker, { id: number }>) {
    const w = m.ended ? this.txEnds.get(m.id) : this.waiters.get(m.id);
    if (!w) return;
    if (m.ended) this.txEnds.delete(m.id);
    else this.waiters.delete(m.id);
    if (m.ok) w.resolve(m.result);
    else w.reject(fromWire(m.error));
  }

  private failAll(err: Error) {
    for (const w of [...this.waiters.values(), ...this.txEnds.values()]) w.reject(err);
    this.waiters.clear();
    this.txEnds.clear();
  }

  private checkBudget() {
    const since = new Float64Array(this.busy)[0] ?? 0;
    if (this.closed || !this.live || !this.dataDir || this.budgetMs <= 0 || since === 0 || Date.now() - since <= this.budgetMs) return;
    this.timeouts++;
    const old = this.worker;
    this.live = false;
    this.generation++;
    this.failAll(budgetExceeded(this.budgetMs));
    void old.terminate().then(() => {
      if (!this.closed) this.start();
    });
  }

  private send(msg: ToWorker) {
    if (this.live) this.worker.postMessage(msg);
    else this.backlog.push(msg);
  }

  private call(msg: ToWorker & { id: number }, transfer?: ArrayBuffer[]): Promise<unknown> {
    if (this.closed && msg.op !== 'close') return Promise.reject(new Error('the embedded database is closed'));
    const id = this.nextId++;
    const sent = { ...msg, id };
    return new Promise((resolve, reject) => {
      this.waiters.set(id, { resolve, reject, at: performance.now() });
      if (this.live && transfer) this.worker.postMessage(sent, transfer);
      else this.send(sent);
    });
  }

  private async queryOn<R>(
    tx: number | undefined,
    sql: string,
    params?: unknown[],
    opts?: { rowMode?: 'array' | 'object'; parsers?: object; blob?: Blob },
  ) {
    const blob = opts?.blob ? new Uint8Array(await opts.blob.arrayBuffer()) : undefined;
    const msg: ToWorker & { id: number } = {
      op: 'query',
      id: 0,
      sql,
      ...(tx ? { tx } : {}),
      ...(params?.length ? { params } : {}),
      ...(opts?.rowMode ? { rowMode: opts.rowMode } : {}),
      // Only the Prisma adapter passes parsers: the worker applies the same ones.
      ...(opts?.parsers ? { prismaParsers: true } : {}),
      ...(blob ? { blob } : {}),
    };
    return (await this.call(msg, blob ? [blob.buffer as ArrayBuffer] : undefined)) as {
      rows: R[];
      fields: { name: string; dataTypeID: number }[];
      affectedRows?: number;
    };
  }

  query<R>(sql: string, params?: unknown[], opts?: { rowMode?: 'array' | 'object'; parsers?: object; blob?: Blob }) {
    return this.fair.run(currentDbCaller() ?? NO_CALLER, () => this.queryOn<R>(undefined, sql, params, opts), currentIsScan());
  }

  exec(sql: string) {
    return this.fair.run(currentDbCaller() ?? NO_CALLER, () => this.call({ op: 'exec', id: 0, sql }));
  }

  /** A transaction holds the connection from BEGIN to its end: one unit of the fair queue. */
  transaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T> {
    return this.fair.run(currentDbCaller() ?? NO_CALLER, () => this.runTransaction(fn));
  }

  private async runTransaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T> {
    const generation = this.generation;
    const id = this.nextId;
    const ended = new Promise((resolve, reject) => this.txEnds.set(id, { resolve, reject }));
    ended.catch(() => {});
    await this.call({ op: 'begin', id: 0 });
    const gone = () => (this.generation !== generation ? Promise.reject(budgetExceeded(this.budgetMs)) : undefined);
    let rolledBack = false;
    const tx: PgliteTx = {
      query: (sql, params, opts) => gone() ?? this.queryOn(id, sql, params, opts),
      exec: (sql) => gone() ?? this.call({ op: 'exec', id: 0, tx: id, sql }),
      rollback: async () => {
        rolledBack = true;
        if (this.generation === generation) this.send({ op: 'rollback', tx: id });
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!rolledBack && this.generation === generation) this.send({ op: 'rollback', tx: id });
      if (this.generation === generation) this.send({ op: 'end', tx: id });
      await ended.catch(() => {});
      throw err;
    }
    if (this.generation !== generation) throw budgetExceeded(this.budgetMs);
    this.send({ op: 'end', tx: id });
    await ended;
    return result;
  }

  async listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    let fns = this.channels.get(channel);
    if (!fns) {
      fns = new Set();
      this.channels.set(channel, fns);
      await this.call({ op: 'listen', id: 0, channel });
    }
    fns.add(onNotify);
    return async () => {
      fns.delete(onNotify);
      if (fns.size === 0 && this.channels.get(channel) === fns) {
        this.channels.delete(channel);
        if (!this.closed) await this.call({ op: 'unlisten', id: 0, channel });
      }
    };
  }

  /** Copies the data directory into `to` between statements (src/db/pglite-worker.ts, `snapshot`). */
  snapshot(to: string): Promise<SnapshotReport> {
    return this.call({ op: 'snapshot', id: 0, to }) as Promise<SnapshotReport>;
  }

  /** Calls not answered yet: sent to the worker (one runs there at a time) or waiting in the fair queue. */
  pending(): number {
    return this.waiters.size + this.fair.queued();
  }

  /**
   * How long a call from a caller without recent use would wait now, in ms: the time the unit
   * holding the connection has held it (src/db/fair-share.ts). A heavy caller's own queue is not
   * everybody's wait: its calls are refused past `callerWaitMs` instead.
   */
  oldestWaitMs(): number {
    return this.fair.fairWaitMs();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    clearInterval(this.watch);
    try {
      if (this.live) await this.call({ op: 'close', id: 0 });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
