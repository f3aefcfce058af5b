import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { CopyChunk } from '../../db/bulk-copy.js';
import { moduleWorker } from '../../db/module-worker.js';
import { blockCount, blockText, type SeedPlan } from './seed-rows.js';

/** A piece of COPY text (whole lines), and how many rows it holds. */
export interface CopyPiece {
  chunk: CopyChunk;
  rows: number;
}

/** Below this many rows, starting threads costs more than it saves. */
const THREADS_FROM_ROWS = 20_000;

/**
 * Threads that draw the rows of a seed of `rows` rows: one per core (at most 4), or none for a
 * small seed. The database parses COPY on its own process meanwhile.
 */
export function seedThreads(rows: number): number {
  return rows < THREADS_FROM_ROWS ? 0 : Math.min(4, availableParallelism());
}

/**
 * The seed's rows as COPY text, one block a piece, in order. With `threads` > 0 the blocks are
 * drawn on that many worker threads at once, a few blocks ahead of the one being sent; the text
 * is the same either way (each block has random streams of its own). Without, they are drawn here,
 * and the event loop runs between pieces so the socket hands one to the server while the next is
 * drawn.
 */
export async function* copyPieces(plan: SeedPlan, threads: number): AsyncGenerator<CopyPiece> {
  const blocks = blockCount(plan);
  if (threads < 1) {
    for (let b = 0; b < blocks; b++) {
      const { text, rows } = blockText(plan, b);
      yield { chunk: text, rows };
      await new Promise((resolve) => setImmediate(resolve));
    }
    return;
  }
  yield* threadedPieces(plan, Math.min(threads, blocks), blocks);
}

interface Drawn {
  block: number;
  rows: number;
  bytes: Uint8Array<ArrayBuffer>;
}

const startWorker = (plan: SeedPlan): Worker => moduleWorker('seed-worker', import.meta.url, plan);

async function* threadedPieces(plan: SeedPlan, threads: number, blocks: number): AsyncGenerator<CopyPiece> {
  const waiting = new Map<number, { resolve: (d: Drawn) => void; reject: (err: unknown) => void }>();
  const results = new Map<number, Promise<Drawn>>();
  let stopping = false;
  const fail = (err: unknown) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  const workers = Array.from({ length: threads }, () => {
    const w = startWorker(plan);
    w.on('message', (d: Drawn) => {
      waiting.get(d.block)?.resolve(d);
      waiting.delete(d.block);
    });
    w.on('error', fail);
    w.on('exit', (code) => {
      if (!stopping) fail(new Error(`seed: a worker thread exited (code ${code}) before its blocks were drawn`));
    });
    return w;
  });
  // Two blocks ahead per thread keeps every thread busy while the oldest is sent.
  const ahead = 2 * threads;
  let sent = 0;
  const request = (upTo: number) => {
    for (; sent < Math.min(blocks, upTo); sent++) {
      const block = sent;
      const drawn = new Promise<Drawn>((resolve, reject) => waiting.set(block, { resolve, reject }));
      drawn.catch(() => {}); // awaited below in order; a failure is reported there
      results.set(block, drawn);
      (workers[block % threads] as Worker).postMessage(block);
    }
  };
  try {
    for (let b = 0; b < blocks; b++) {
      request(b + ahead);
      const drawn = await (results.get(b) as Promise<Drawn>);
      results.delete(b);
      yield { chunk: drawn.bytes, rows: drawn.rows };
    }
  } finally {
    stopping = true;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
