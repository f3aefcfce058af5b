import { accountsRouter } from './accounts.js';
import { adminsRouter } from './admins.js';
import { apiKeysRouter } from './api-keys.js';
import { auditLogRouter } from './audit-log.js';
import { eventsRouter } from './events.js';
import { router } from './init.js';
import { kycRouter } from './kyc.js';
import { ledgerRouter } from './ledger.js';
import { overviewRouter } from './overview.js';
import { sessionRouter } from './session.js';
import { signingKeysRouter } from './signing-keys.js';
import { simulationsRouter } from './simulations.js';
import { transactionsRouter } from './transactions.js';
import { webhookDeliveriesRouter } from './webhook-deliveries.js';
import { webhookTargetsRouter } from './webhook-targets.js';
import { workspaceRouter } from './workspace.js';

/** The dashboard's API. Clients import `AppRouter` as a type only. */
export const appRouter = router({
  accounts: accountsRouter,
  kyc: kycRouter,
  transactions: transactionsRouter,
  webhookTargets: webhookTargetsRouter,
  webhookDeliveries: webhookDeliveriesRouter,
  events: eventsRouter,
  auditLog: auditLogRouter,
  session: sessionRouter,
  apiKeys: apiKeysRouter,
  admins: adminsRouter,
  overview: overviewRouter,
  signingKeys: signingKeysRouter,
  simulations: simulationsRouter,
  workspace: workspaceRouter,
  ledger: ledgerRouter,
});

export type AppRouter = typeof appRouter;
