import { listAuditLog } from '../core/audit/list-audit-log.js';
import type { QueryOf } from '../core/contract.js';
import { router, typed } from './init.js';
import { query } from './use-case.js';

/** Dashboard: the audit log page and an object's history (admins only). */
export const auditLogRouter = router({
  list: query(typed<QueryOf<'listAuditLog'> | undefined>(), listAuditLog, {}),
});
