import type { Config } from '../config.js';
import { purgeIdempotencyKeys } from '../core/idempotency/idempotency-store.js';
import { warmValidators } from '../core/validation/validators.js';
import { ensureSigningKey } from '../core/webhooks/rotate-signing-key.js';
import { safeError } from '../logging/safe-error.js';
import { keyFingerprint } from '../operator/backup/master-key-seal.js';
import { snapshotCommand } from '../operator/backup/snapshot-command.js';
import { startOperatorSocket } from '../operator/operator-socket.js';
import { buildApp } from './app.js';
import { bootstrapSandbox } from './bootstrap.js';
import { openDeps } from './deps.js';
import { connectionTracker } from './graceful-stop.js';
import { loadMasterKey } from './master-key.js';
import { createMetrics } from './metrics.js';
import { startMetricsServer } from './metrics-route.js';
import { assertAddressAvailable, unavailableAddress } from './port-check.js';
import { announceSandbox } from './sandbox-banner.js';
import { stopOnSignals } from './shutdown.js';
import { startWebhookWorker } from './webhook-worker.js';

/** `fas serve`: the API on the configured database until SIGTERM/SIGINT, then a graceful stop. */
export async function serve(config: Config, opts: { worker: boolean } = { worker: true }): Promise<void> {
  // Before the database is opened (or created, with first-start secrets): a taken port changes nothing.
  const address = { host: config.host, port: config.port, variables: 'PORT and HOST' };
  await assertAddressAvailable(address);
  if (config.metricsAddress) await assertAddressAvailable({ ...config.metricsAddress, variables: 'FAS_METRICS_ADDRESS' });
  const { database, deps } = await openDeps(config, { api: true });
  const boot = await bootstrapSandbox(deps, database, config.dataDir);
  await database.migrations.withLock(() => ensureSigningKey(deps, { bits: config.signingKeyBits }));
  const metrics = createMetrics(deps, database);
  const app = await buildApp({
    metrics: { metrics, token: config.metricsToken },
    deps,
    ping: database.ping,
    listen: database.listen,
    logLevel: config.logLevel,
    // GraphiQL is the analysts' tool in every mode; it shows nothing without a token.
    graphiql: true,
    bodyLimitBytes: config.bodyLimitBytes,
    corsOrigins: config.corsOrigins,
    hsts: config.publicUrl.startsWith('https:'),
    rateLimit: {
      perSecond: config.rateLimit.perSecond,
      burst: config.rateLimit.burst,
      pages: config.rateLimit.pages,
      ...(config.rateLimit.local ? {} : { database }),
    },
    shedding: { ...config.shedding, waiting: database.waiting, oldestWaitMs: database.oldestWaitMs, connections: database.connections },
    timeouts: config.timeouts,
  });
  if (boot) announceSandbox(boot, config.publicUrl, { stdout: process.stdout, stderr: process.stderr, log: (f, m) => app.log.info(f, m) });
  // Once per change of a replica's status, not per request: reads fall back to the primary meanwhile.
  database.replicas?.watch((r, previous) => {
    const fields = { replica: r.name, status: r.status, previous, lagMs: r.lagMs };
    if (r.status === 'serving') app.log.info(fields, 'read replica serving reads');
    else app.log.warn(fields, 'read replica skipped: its reads go to the primary');
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
    ? startWebhookWorker(
        config,
        deps,
        database,
        (err) => app.log.error({ err: safeError(err) }, 'webhook dispatcher failed'),
        metrics.dispatcher,
      )
    : null;
  const metricsServer = config.metricsAddress ? await startMetricsServer(metrics, config.metricsAddress) : null;
  // The embedded database is this process's alone: the CLI's operator commands come through here.
  const operator = config.databaseUrl
    ? null
    : await startOperatorSocket({
        dataDir: config.dataDir,
        deps,
        config,
        onError: (err) => app.log.error({ err: safeError(err) }, 'operator command failed'),
        serverCommands: {
          'backup snapshot': snapshotCommand(database.snapshot, keyFingerprint(loadMasterKey(config.masterKey, config.dataDir))),
        },
      });
  const connections = connectionTracker(app.server);
  stopOnSignals({
    log: (msg, fields) => app.log.info(fields, msg),
    state: () => ({ inProgress: connections.inProgress() }),
    // Requests in progress get the drain deadline; past it their connections are cut.
    deadline: { ms: config.drainTimeoutMs, cut: () => connections.destroyAll() },
    stop: async () => {
      clearInterval(purge);
      connections.drain();
      await operator?.close();
      metricsServer?.close();
      await app.close();
      await worker?.stop();
      await database.close();
    },
  });
  warmValidators();
  // Taken since the check above (another process was quicker): said in the same words.
  await app.listen({ port: config.port, host: config.host }).catch((err) => {
    throw unavailableAddress(err, address) ?? err;
  });
  app.log.info({ database: database.description }, 'FAS gateway ready');
}

/** `fas worker`: webhook delivery only, until SIGTERM/SIGINT. */
export async function runWorker(config: Config): Promise<void> {
  const { database, deps } = await openDeps(config);
  await database.migrations.withLock(() => ensureSigningKey(deps, { bits: config.signingKeyBits }));
  const log = (err: unknown) =>
    process.stderr.write(`${JSON.stringify({ level: 50, msg: 'webhook dispatcher failed', err: safeError(err) })}\n`);
  const metrics = createMetrics(deps, database);
  const worker = startWebhookWorker(config, deps, database, log, metrics.dispatcher);
  const metricsServer = config.metricsAddress ? await startMetricsServer(metrics, config.metricsAddress) : null;
  process.stdout.write(`${JSON.stringify({ level: 30, msg: 'webhook worker ready', database: database.description })}\n`);
  stopOnSignals({
    log: (msg, fields) => process.stdout.write(`${JSON.stringify({ level: 30, msg, ...fields })}\n`),
    stop: async () => {
      metricsServer?.close();
      metrics.database.stop();
      await worker.stop();
      await database.close();
    },
  });
}
