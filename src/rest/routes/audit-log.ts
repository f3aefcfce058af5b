import type { FastifyInstance } from 'fastify';
import { listAuditLog } from '../../core/audit/list-audit-log.js';

export function auditLogRoutes(app: FastifyInstance): void {
  app.get('/api/v2/audit-log', async (req) => listAuditLog(req.ctx, req.query));
}
