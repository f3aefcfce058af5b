import { requireSandbox, requireWriter } from '../auth/authorize.js';
import { statusChangeUseCase } from './status-change.js';

/** Sandbox: a bank, chain or exchange reports a new status for a transaction. */
export const simulateTransactionStatus = statusChangeUseCase((ctx) => {
  requireWriter(ctx);
  requireSandbox(ctx);
});
