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
