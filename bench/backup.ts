// npm run bench:backup [-- --transactions N] [--data-dir DIR]
// `fas backup` of the embedded database while `fas serve` serves 4 clients that create accounts
// over HTTP: how long the backup takes, how long the server held writers (its own report), and the
// longest request the writers saw during the backup against the same writers without a backup
// (the baseline). Then `fas restore` of the file into a new directory. The database is seeded
// with N transactions (default 100,000) in a temporary data directory, or `--data-dir DIR` is
// copied (a seeded directory kept between runs). Needs `npm run build`. Prints a markdown table.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startServe } from './support/serve-process.js';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const TRANSACTIONS = Number(arg('--transactions') ?? 100_000);
const CACHED = arg('--data-dir');
const BASELINE_MS = 15_000;
const root = path.resolve(import.meta.dirname, '..');
const log = (s: string) => process.stderr.write(`${s}\n`);
const env = { DATABASE_URL: '', LOG_LEVEL: 'warn', FAS_RATE_LIMIT_PER_SECOND: '0' };

function fas(argv: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string; seconds: number }> {
  const began = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'bin/fas.js'), ...argv], {
    cwd: root,
    env: { ...process.env, ...env, FAS_DATA_DIR: dataDir },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr, seconds: (performance.now() - began) / 1000 })),
  );
}
const must = async (p: ReturnType<typeof fas>) => {
  const r = await p;
  if (r.code !== 0) throw new Error(r.stderr);
  return r;
};

const work = mkdtempSync(path.join(tmpdir(), 'fas-bench-backup-'));
const dataDir = path.join(work, 'data');
let server: Awaited<ReturnType<typeof startServe>> | undefined;
try {
  if (CACHED) cpSync(CACHED, dataDir, { recursive: true, preserveTimestamps: true });
  else {
    await must(fas(['workspace', 'create', '--name', 'Backup bench', '--json'], dataDir));
    log(`seeding ${TRANSACTIONS.toLocaleString('en-US')} transactions...`);
    await must(fas(['seed', '--transactions', String(TRANSACTIONS), '--json'], dataDir));
  }
  const key = (JSON.parse((await must(fas(['apikey', 'create', '--name', 'bench', '--json'], dataDir))).stdout) as { key: string }).key;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  server = await startServe({ ...env, FAS_DATA_DIR: dataDir }, port);
  const requests: { start: number; end: number }[] = [];
  let writing = true;
  const client = async (n: number) => {
    for (let i = 0; writing; i++) {
      const start = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/v2/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'individual', email: `bench${n}.${i}@example.com` }),
      });
      await res.arrayBuffer();
      if (res.status === 201) requests.push({ start, end: performance.now() });
    }
  };
  const clients = [0, 1, 2, 3].map(client);
  // Warm (the server's first requests compile validators and plans): the baseline starts after 40 writes.
  while (requests.length < 40) await new Promise((r) => setTimeout(r, 50));
  const baselineFrom = performance.now();
  await new Promise((r) => setTimeout(r, BASELINE_MS));
  const backupFrom = performance.now();
  const backup = await must(fas(['backup', path.join(work, 'bench.fasbak'), '--json'], dataDir));
  const backupTo = performance.now();
  writing = false;
  await Promise.all(clients);
  const report = JSON.parse(backup.stdout) as {
    bytes: number;
    payload: { bytes: number };
    snapshot: { pauseMs: number; checkpointMs: number };
  };
  const longest = (from: number, to: number) => {
    const within = requests.filter((r) => r.end > from && r.start < to);
    const ms = within.map((r) => r.end - r.start).sort((a, b) => a - b);
    return { n: ms.length, max: ms.at(-1) ?? 0, p99: ms[Math.floor(ms.length * 0.99)] ?? 0 };
  };
  const base = longest(baselineFrom, backupFrom);
  const during = longest(backupFrom, backupTo);
  const restored = await must(
    fas(
      [
        'restore',
        path.join(work, 'bench.fasbak'),
        '--data-dir',
        path.join(work, 'restored'),
        '--master-key-file',
        path.join(dataDir, 'master.key'),
      ],
      dataDir,
    ),
  );
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
  const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  console.log(
    `\nbackup: ${CACHED ? `copy of ${CACHED}` : `${fmt(TRANSACTIONS)} transactions seeded`}, 4 clients creating accounts over HTTP`,
  );
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`data directory ${mb(report.payload.bytes)}, backup file ${mb(report.bytes)}`);
  console.log('| measure | without a backup (baseline) | during `fas backup` | ratio |');
  console.log('|---|---|---|---|');
  console.log(`| \`fas backup\` duration | | ${backup.seconds.toFixed(1)} s | |`);
  console.log(
    `| writers held by the server (\`snapshot.pauseMs\`) | | ${fmt(report.snapshot.pauseMs)} ms (checkpoint before: ${fmt(report.snapshot.checkpointMs)} ms) | |`,
  );
  console.log(`| longest write request | ${fmt(base.max)} ms | ${fmt(during.max)} ms | ${(during.max / base.max).toFixed(1)}x |`);
  console.log(`| p99 write request | ${fmt(base.p99)} ms | ${fmt(during.p99)} ms | ${(during.p99 / base.p99).toFixed(1)}x |`);
  console.log(
    `| writes acknowledged | ${fmt(base.n)} in ${(BASELINE_MS / 1000).toFixed(0)} s | ${fmt(during.n)} in ${backup.seconds.toFixed(0)} s | |`,
  );
  console.log(`| \`fas restore\` duration (verify, extract, open once) | | ${restored.seconds.toFixed(1)} s | |`);
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
}
