import type { Config } from '../config.js';
import type { Deps } from '../core/context.js';
import { Dispatcher, type DispatcherObserver } from '../core/webhooks/dispatch/dispatcher.js';
import { DELIVERIES_CHANNEL } from '../core/webhooks/events.js';
import { DEFAULT_RETRY_POLICY } from '../core/webhooks/retry-schedule.js';
import type { Database } from './deps.js';
import { startDocumentRetention } from './document-retention.js';
import { startEventPruning } from './event-pruning.js';
import { httpWebhookSender } from './http-webhook-sender.js';

/** The webhook dispatcher as configured (in `fas serve` or a separate `fas worker`). */
export function startWebhookWorker(
  config: Config,
  deps: Deps,
  database: Database,
  onError: (err: unknown) => void,
  observer?: DispatcherObserver,
) {
  const sender = httpWebhookSender({
    timeoutMs: config.webhookTimeoutMs,
    allowInsecure: config.allowInsecureWebhooks,
    allowPrivate: config.webhookAllowPrivate,
  });
  const dispatcher = new Dispatcher(
    { ...deps, sql: database.dispatchSql },
    {
      sender,
      timeoutMs: config.webhookTimeoutMs,
      retry: { ...DEFAULT_RETRY_POLICY, baseMs: config.webhookRetryBaseMs, factor: config.webhookRetryFactor },
      onError,
      observer,
      wakeups: (wake) => database.listen(DELIVERIES_CHANNEL, wake),
    },
  );
  dispatcher.start();
  const stopPruning = startEventPruning(database.dispatchSql, { retentionDays: config.eventRetentionDays, onError });
  const stopRetention = startDocumentRetention(deps, { onError });
  return {
    stop: async () => {
      await stopPruning();
      await stopRetention();
      await dispatcher.stop();
      await sender.close();
    },
  };
}
