import { AppError } from '../errors.js';
import { statusChangeUseCase } from './status-change.js';

/** Dashboard: a workspace admin (not an API key, not an analyst) moves a transaction. */
export const updateTransactionStatus = statusChangeUseCase((ctx) => {
  if (ctx.actor.kind === 'api_key' || ctx.actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'only workspace admins may change a transaction status');
  }
});
