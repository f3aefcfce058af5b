import type { FastifyInstance } from 'fastify';
import { exportAuditLog } from '../../core/audit/export-audit-log.js';
import { listAuditLog } from '../../core/audit/list-audit-log.js';
import { sendCsv } from '../../http/csv-reply.js';

export function auditLogRoutes(app: FastifyInstance): void {
  app.get('/api/v2/audit-log', async (req) => listAuditLog(req.ctx, req.query));
  app.get('/api/v2/audit-log/export', async (req, reply) => sendCsv(reply, await exportAuditLog(req.ctx, req.query)));
}
