import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/context.js';
import { requireCredentials } from './authenticate.js';
import type { StreamOptions } from './event-stream.js';
import { idempotentPosts } from './idempotency.js';
import { refuseUndeclaredQuery } from './query-parameters.js';
import { accountResourceRoutes } from './routes/account-resources.js';
import { accountRoutes } from './routes/accounts.js';
import { auditLogRoutes } from './routes/audit-log.js';
import { bankingVerificationRoutes } from './routes/banking-verification.js';
import { eventRoutes } from './routes/events.js';
import { ledgerRoutes } from './routes/ledger.js';
import { simulationRoutes } from './routes/simulations.js';
import { transactionRoutes } from './routes/transactions.js';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries.js';
import { webhookTargetRoutes } from './routes/webhook-targets.js';
import { workspaceRoutes } from './routes/workspace.js';

/** The authenticated `/api/v2` REST surface; each resource adds its routes here. */
export async function restApi(app: FastifyInstance, opts: { deps: Deps; streams?: Partial<StreamOptions> }): Promise<void> {
  requireCredentials(app, opts.deps);
  refuseUndeclaredQuery(app);
  idempotentPosts(app);
  accountRoutes(app);
  accountResourceRoutes(app);
  bankingVerificationRoutes(app);
  transactionRoutes(app);
  ledgerRoutes(app);
  simulationRoutes(app);
  webhookTargetRoutes(app);
  webhookDeliveryRoutes(app);
  eventRoutes(app, opts.streams);
  auditLogRoutes(app);
  await workspaceRoutes(app);
}
