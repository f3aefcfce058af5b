import type { Config } from '../config.js';
import { purgeIdempotencyKeys } from '../core/idempotency/idempotency-store.js';
import { ensureSigningKey } from '../core/webhooks/signing-keys.js';
import { safeError } from '../logging/safe-error.js';
import { buildApp } from './app.js';
import { bootstrapSandbox } from './bootstrap.js';
import { openDeps } from './deps.js';
import { startWebhookWorker } from './webhook-worker.js';

/** `fas serve`: the API on the configured database until SIGTERM/SIGINT, then a graceful stop. */
export async function serve(config: Config, opts: { worker: boolean } = { worker: true }): Promise<void> {
  const { database, deps } = await openDeps(config);
  const boot = await bootstrapSandbox(deps, database, config.dataDir);
  await database.migrations.withLock(() => ensureSigningKey(deps, { bits: config.signingKeyBits }));
  if (boot) {
    const c = boot.created;
    process.stdout.write(
      [
        '',
        'Created a sandbox workspace on this empty database. These secrets are shown once:',
        `  workspaceId:  ${c.workspaceId}`,
        `  API key:      ${c.apiKey.key}`,
        `  admin token:  ${c.admin.token}  (${c.admin.email})`,
        `  saved to:     ${boot.file} (mode 0600)`,
        '',
        `  curl -s -H "Authorization: APIKey ${c.apiKey.key}" ${config.publicUrl}/api/v2/accounts`,
        '',
        '',
      ].join('\n'),
    );
  }
  const app = await buildApp({
    deps,
    ping: database.ping,
    logLevel: config.logLevel,
    // GraphiQL is the analysts' tool in every mode; it shows nothing without a token.
    graphiql: true,
    bodyLimitBytes: config.bodyLimitBytes,
  });
  // Stored idempotent answers are kept 24 hours; sweep the older ones every hour.
  const purge = setInterval(
    () => {
      purgeIdempotencyKeys(deps).catch((err) => app.log.error({ err: safeError(err) }, 'idempotency purge failed'));
    },
    60 * 60 * 1000,
  );
  purge.unref();
  const worker = opts.worker
    ? startWebhookWorker(config, deps, database, (err) => app.log.error({ err: safeError(err) }, 'webhook dispatcher failed'))
    : null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    clearInterval(purge);
    try {
      await app.close();
      await worker?.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.description }, 'FAS gateway ready');
}

/** `fas worker`: webhook delivery only, until SIGTERM/SIGINT. */
export async function runWorker(config: Config): Promise<void> {
  const { database, deps } = await openDeps(config);
  await database.migrations.withLock(() => ensureSigningKey(deps, { bits: config.signingKeyBits }));
  const log = (err: unknown) =>
    process.stderr.write(`${JSON.stringify({ level: 50, msg: 'webhook dispatcher failed', err: safeError(err) })}\n`);
  const worker = startWebhookWorker(config, deps, database, log);
  process.stdout.write(`${JSON.stringify({ level: 30, msg: 'webhook worker ready', database: database.description })}\n`);
  const stop = async () => {
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}
