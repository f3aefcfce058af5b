import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/** A streaming replica of the PostgreSQL primary, in a temporary directory, on a port of its own. */
export interface ReplicaCluster {
  port: number;
  /** `url` (a database of the primary) as read from the replica. */
  urlOf(url: string): string;
  /** Runs `sql` on the replica, in database `url`'s. */
  query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]>;
  stop(): Promise<void>;
  /** Stops it (if running) and removes its directory. */
  remove(): Promise<void>;
}

/** PostgreSQL refuses to run as root: the server's files and processes belong to `postgres` then. */
const asRoot = process.getuid?.() === 0;
const POSTGRES_USER = 'postgres';

async function as(bin: string, args: string[]): Promise<string> {
  const [file, argv] = asRoot ? ['runuser', ['-u', POSTGRES_USER, '--', bin, ...args]] : [bin, args];
  const { stdout } = await run(file, argv, { timeout: 120_000 });
  return stdout;
}

/**
 * Makes a replica of the primary at `primaryUrl` with `pg_basebackup -R` (the whole cluster: its
 * size sets the time this takes) and starts it with `pg_ctl` from the primary's own version's
 * binaries. The primary must accept replication connections from 127.0.0.1; the error says how
 * when it does not.
 */
export async function startReplicaCluster(primaryUrl: string): Promise<ReplicaCluster> {
  const primary = new URL(primaryUrl);
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();
  const facts = await admin.query<{ major: string; hba: string }>(
    "SELECT current_setting('server_version_num')::int / 10000 AS major, current_setting('hba_file') AS hba",
  );
  // A hot standby refuses to start with less of these than its primary has.
  const limits = await admin.query<{ name: string; setting: string }>(
    `SELECT name, setting FROM pg_settings
     WHERE name IN ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
  );
  await admin.end();
  const { major, hba } = facts.rows[0] as { major: string; hba: string };
  const bin = process.env.FAS_PG_BIN ?? `/usr/lib/postgresql/${major}/bin`;
  if (!existsSync(path.join(bin, 'pg_ctl'))) throw new Error(`no PostgreSQL ${major} binaries in ${bin} (set FAS_PG_BIN)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'fas-replica-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', POSTGRES_USER]);
    const { stdout: gid } = await run('id', ['-g', POSTGRES_USER]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  try {
    await as(path.join(bin, 'pg_basebackup'), [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username) || 'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      // A test's copy need not survive a power cut: not syncing it saves seconds per gigabyte.
      '--no-sync',
    ]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const text = String((err as { stderr?: unknown }).stderr ?? err);
    if (/pg_hba\.conf/.test(text)) {
      throw new Error(
        `the primary refuses replication connections from 127.0.0.1: add the line\n  host replication all 127.0.0.1/32 trust\nto ${hba}, then reload it (SELECT pg_reload_conf(), or pg_ctlcluster ${major} main reload). .ci/run does this.\n${text}`,
      );
    }
    throw err;
  }
  // Debian keeps the primary's configuration outside its data directory: the copy gets its own.
  const own = (file: string, text: string) => writeFileSync(path.join(data, file), text);
  own(
    'postgresql.conf',
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      ...limits.rows.map((r) => `${r.name} = ${r.setting}`),
      'shared_buffers = 16MB',
      'fsync = off',
      "log_destination = 'stderr'",
      '',
    ].join('\n'),
  );
  own('pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  own('pg_ident.conf', '');
  if (asRoot) await run('chown', ['-R', POSTGRES_USER, data]);
  const pgCtl = path.join(bin, 'pg_ctl');
  const log = path.join(dir, 'server.log');
  let running = false;
  const start = async () => {
    await as(pgCtl, ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
    running = true;
  };
  const stop = async () => {
    if (!running) return;
    running = false;
    await as(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
  };
  try {
    await start();
  } catch (err) {
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `the replica did not start: ${
        text
          .split('\n')
          .filter((l) => /FATAL|DETAIL|HINT/.test(l))
          .join('\n') || String(err)
      }`,
    );
  }
  const urlOf = (url: string) => {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  return {
    port,
    urlOf,
    async query(url, sql) {
      const c = new pg.Client({ connectionString: urlOf(url) });
      await c.connect();
      try {
        return (await c.query(sql)).rows;
      } finally {
        await c.end();
      }
    },
    stop,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
