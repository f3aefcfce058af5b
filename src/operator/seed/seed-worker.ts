import { parentPort, workerData } from 'node:worker_threads';
import { blockText, type SeedPlan } from './seed-rows.js';

// A thread of `fas seed` (see `copyPieces`): draws the blocks it is sent as COPY text, encoded,
// and hands the bytes back without a copy.
const plan = workerData as SeedPlan;
const port = parentPort;
if (!port) throw new Error('seed-worker runs as a worker thread');
const encoder = new TextEncoder();
port.on('message', (block: number) => {
  const { text, rows } = blockText(plan, block);
  const bytes = encoder.encode(text);
  port.postMessage({ block, rows, bytes }, [bytes.buffer as ArrayBuffer]);
});
