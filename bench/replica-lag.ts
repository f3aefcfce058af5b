// npm run bench:replica [-- --rows N]
//
// How far a streaming replica falls behind, as FAS measures it (src/db/read-replicas.ts, the lag
// behind FAS_READ_MAX_LAG_MS): a replica of the local cluster made with pg_basebackup -R (as the
// replica test does), then the lag sampled every 100 ms while the primary is idle for 3 s, and while
// it takes one INSERT of 100,000 and one of N rows (default 1,000,000; 200 bytes each) in a
// database of its own, each followed by 3 s. Prints p50 and max per phase and the machine's load.
//
// PostgreSQL at DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres);
// the database and the replica are removed at the end.
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { startReplicaCluster } from '../test/support/replica-cluster.js';

const args = process.argv.slice(2);
const ROWS = args.includes('--rows') ? Number(args[args.indexOf('--rows') + 1]) : 1_000_000;
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (s: string) => process.stdout.write(`${s}\n`);

const name = `fas_bench_replica_${Date.now()}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
const replica = await startReplicaCluster(server);
const database = await openDatabase({
  databaseUrl: url,
  dataDir: '',
  migrate: false,
  reads: { urls: [replica.urlOf(url)], maxLagMs: 5000 },
});
const lags: number[] = [];
const sampler = setInterval(() => {
  const lag = database.replicas?.states()[0]?.lagMs;
  if (lag !== null && lag !== undefined) lags.push(lag);
}, 100);
const writer = new pg.Client({ connectionString: url });
await writer.connect();
const pause = () => new Promise((r) => setTimeout(r, 3000));
const report = (phase: string) => {
  const got = lags.splice(0).sort((a, b) => a - b);
  log(`| ${phase} | ${got.length} | ${got[Math.floor(got.length / 2)] ?? '-'} | ${got.at(-1) ?? '-'} |`);
};
try {
  log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  log('| phase | samples | lag p50 (ms) | lag max (ms) |\n|---|---|---|---|');
  await pause();
  report('idle');
  await writer.query('CREATE TABLE burst (id bigint, pad text)');
  for (const rows of [100_000, ROWS]) {
    const started = Date.now();
    await writer.query(`INSERT INTO burst SELECT g, repeat('x', 200) FROM generate_series(1, ${rows}) g`);
    const ms = Date.now() - started;
    await pause();
    report(`INSERT ${rows.toLocaleString('en')} rows (${ms} ms) and 3 s`);
  }
  log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  clearInterval(sampler);
  await writer.end();
  await database.close();
  await replica.remove();
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
}
