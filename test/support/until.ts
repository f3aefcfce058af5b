/**
 * Polls `check` every 20 ms until it holds; fails naming `what` after `ms`. `what` may be a
 * function, to name what was seen by then (a child process's log, say).
 */
export async function until(what: string | (() => string), check: () => boolean | Promise<boolean>, ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Polls `read` every 20 ms until its value has not changed for `quietMs`, and answers it: for a
 * process that must come to rest (a stream the client stopped reading). Fails naming `what` when
 * it is still changing after `ms`.
 */
export async function settled<T>(what: string, read: () => T, quietMs = 200, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = read();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} to settle (still changing: ${String(value)})`);
    await new Promise((r) => setTimeout(r, 20));
    const now = read();
    if (now !== value) {
      value = now;
      since = Date.now();
    }
  }
  return value;
}
