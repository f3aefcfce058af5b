import pg from 'pg';

/**
 * Creates the bench's PostgreSQL database named by `url` when it is missing (`fresh`: drops it
 * first). The name is checked, as it is spliced into the statement.
 */
export async function ensureBenchDatabase(url: string, opts: { fresh?: boolean } = {}): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bench: unexpected database name "${name}"`);
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    if (opts.fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) {
      process.stderr.write(`creating database ${name}\n`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
  } finally {
    await admin.end();
  }
}
