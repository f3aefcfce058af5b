// `npm run dev`: the API (restarted on change) on :8080 and Vite's dev server for the dashboard
// (hot reload) on :5173, which proxies /trpc to the API. Open http://127.0.0.1:5173/dashboard/.
// The tools are started directly, not through npx: npx does not pass SIGTERM on, and a stopped
// `npm run dev` must leave nothing behind. For the same reason this script runs in node itself
// (`node --import tsx`), not under the tsx command: tsx relays a signal to its child and SIGKILLs
// it when the child has not acknowledged within 30 ms, which a busy machine misses, and a script
// killed so never stops its tools (seen in CI: the watcher, the server and Vite left running).
import { spawn } from 'node:child_process';
import path from 'node:path';

const bin = (name: string) => path.join(import.meta.dirname, '..', 'node_modules', '.bin', name);
const children = [
  // The server's node flags (bin/fas.js), through NODE_OPTIONS as tsx starts the node that runs it.
  spawn(bin('tsx'), ['watch', 'src/cli/main.ts', 'serve'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=32`.trim() },
  }),
  spawn(bin('vite'), [], { stdio: 'inherit' }),
];
let stopping = false;
const running = () => children.filter((c) => c.exitCode === null && c.signalCode === null);
const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
  if (stopping) return;
  stopping = true;
  for (const c of running()) c.kill(signal);
  // A tool that ignores the signal (seen once: the watcher and Vite both outlived a SIGTERM) is
  // killed after a grace period, so a stopped `npm run dev` never leaves a process behind.
  setTimeout(() => {
    for (const c of running()) c.kill('SIGKILL');
  }, 10_000).unref();
};
// Should this process end first, whatever way it ends, its tools end with it.
process.on('exit', () => {
  for (const c of running()) c.kill('SIGKILL');
});
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode ||= code ?? 0;
  });
