import { builder } from './builder.js';
import './types/account.js';
import './types/audit-log.js';
import './types/account-resources.js';
import './types/bank-accounts.js';
import './types/event.js';
import './types/banking-verification.js';
import './types/business-verification.js';
import './types/kyc-documents.js';
import './types/ledger.js';
import './types/transaction.js';
import './types/webhook-delivery-stats.js';
import './types/webhook-targets.js';
import './types/workspace.js';

/** The analysts' schema; `schema.graphql` is printed from it (npm run generate:graphql). */
export const schema = builder.toSchema({ sortSchema: true });
