import { requireAdminPerson } from '../auth/authorize.js';
import { statusChangeUseCase } from './status-change.js';

/** Dashboard: a workspace admin (not an API key, not an analyst) moves a transaction. */
export const updateTransactionStatus = statusChangeUseCase((ctx) => requireAdminPerson(ctx, 'change a transaction status'));
