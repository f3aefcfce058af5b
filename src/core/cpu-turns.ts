/**
 * One queue for the slices of CPU-heavy work on the HTTP thread (parsing a large answer of the
 * database, serializing a large response), run at most TURN_MS per turn of the event loop (issue 37).
 *
 * Yielding with `setImmediate` between slices is not enough when many large answers are built at
 * once: each turn of the loop runs one slice of every one of them before it reads the sockets
 * again, so a health probe waits for all (nine aliases of four clients: 36 slices). Here the
 * slices of everyone wait in one FIFO, and a turn runs them only until TURN_MS have passed: then
 * the loop reads its sockets (probes, other tenants' requests) before the next slice. On an idle
 * loop the queue runs on every turn, so the heavy work is not slowed.
 */
const TURN_MS = 5;

const queue: (() => void)[] = [];
let pumping = false;

function pump(): void {
  const start = performance.now();
  while (queue.length > 0 && performance.now() - start < TURN_MS) (queue.shift() as () => void)();
  if (queue.length > 0) setImmediate(pump);
  else pumping = false;
}

/** Runs `slice` (synchronous work of a few ms) in its place in the queue; answers its result. */
export function inTurn<T>(slice: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push(() => {
      try {
        resolve(slice());
      } catch (err) {
        reject(err);
      }
    });
    if (!pumping) {
      pumping = true;
      setImmediate(pump);
    }
  });
}

/** `items.map(fn)`, `size` items per turn (one turn for a short list). */
export async function mapInTurns<T, R>(items: readonly T[], fn: (item: T) => R, size = 2000): Promise<R[]> {
  if (items.length <= size) return items.map(fn);
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    const part = await inTurn(() => items.slice(i, i + size).map(fn));
    for (const r of part) out.push(r);
  }
  return out;
}
