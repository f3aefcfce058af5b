import type { Readable } from 'node:stream';

/**
 * A readable as pull-based chunks, with backpressure (the stream stays paused until asked), and
 * `drain()` to discard whatever remains once the consumer gave up, so the request still ends and
 * the refusal can be answered. (A Readable's own async iterator destroys the stream on early exit.)
 */
export function streamChunks(stream: Readable): { chunks: AsyncIterable<Buffer>; drain(): void } {
  const queue: Buffer[] = [];
  let ended = false;
  let failure: Error | null = null;
  let draining = false;
  let waiting: (() => void) | null = null;
  const wake = () => {
    const w = waiting;
    waiting = null;
    w?.();
  };
  stream.on('data', (chunk: Buffer) => {
    if (draining) return;
    queue.push(chunk);
    stream.pause();
    wake();
  });
  stream.on('end', () => {
    ended = true;
    wake();
  });
  stream.on('error', (err) => {
    failure = err;
    wake();
  });
  stream.pause();
  const chunks: AsyncIterable<Buffer> = {
    [Symbol.asyncIterator]: () => ({
      async next(): Promise<IteratorResult<Buffer>> {
        for (;;) {
          const chunk = queue.shift();
          if (chunk) return { value: chunk, done: false };
          if (failure) throw failure;
          if (ended) return { value: undefined, done: true };
          const arrived = new Promise<void>((resolve) => {
            waiting = resolve;
          });
          stream.resume();
          await arrived;
        }
      },
    }),
  };
  return {
    chunks,
    drain() {
      draining = true;
      queue.length = 0;
      stream.resume();
    },
  };
}
