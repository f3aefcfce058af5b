// `npm run dev`: the API (restarted on change) on :8080 and Vite's dev server for the dashboard
// (hot reload) on :5173, which proxies /trpc to the API. Open http://127.0.0.1:5173/dashboard/.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/cli/main.ts', 'serve'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
