import type { FastifyInstance } from 'fastify';
import { createWebhookTarget } from '../../core/webhooks/create-webhook-target.js';
import { deleteWebhookTarget } from '../../core/webhooks/delete-webhook-target.js';
import { enableWebhookTarget, resumeWebhookTarget } from '../../core/webhooks/enable-webhook-target.js';
import { getWebhookTarget } from '../../core/webhooks/get-webhook-target.js';
import { listWebhookTargets } from '../../core/webhooks/list-webhook-targets.js';
import { pauseWebhookTarget } from '../../core/webhooks/pause-webhook-target.js';
import { recoverWebhookTarget } from '../../core/webhooks/recover-webhook-target.js';
import { testWebhookTarget } from '../../core/webhooks/test-webhook-target.js';
import { updateWebhookTarget } from '../../core/webhooks/update-webhook-target.js';

type ById = { Params: { targetId: string } };

export function webhookTargetRoutes(app: FastifyInstance): void {
  app.post('/api/v2/webhook-targets', async (req, reply) => reply.code(201).send(await createWebhookTarget(req.ctx, req.body)));
  app.get('/api/v2/webhook-targets', async (req) => listWebhookTargets(req.ctx, req.query));
  app.get<ById>('/api/v2/webhook-targets/:targetId', async (req) => getWebhookTarget(req.ctx, req.params));
  app.patch<ById>('/api/v2/webhook-targets/:targetId', async (req) =>
    updateWebhookTarget(req.ctx, { targetId: req.params.targetId, body: req.body }),
  );
  app.delete<ById>('/api/v2/webhook-targets/:targetId', async (req, reply) => {
    await deleteWebhookTarget(req.ctx, req.params);
    return reply.code(204).send();
  });
  app.post<ById>('/api/v2/webhook-targets/:targetId/enable', async (req) => enableWebhookTarget(req.ctx, req.params));
  app.post<ById>('/api/v2/webhook-targets/:targetId/pause', async (req) => pauseWebhookTarget(req.ctx, req.params));
  app.post<ById>('/api/v2/webhook-targets/:targetId/resume', async (req) => resumeWebhookTarget(req.ctx, req.params));
  app.post<ById>('/api/v2/webhook-targets/:targetId/test', async (req, reply) =>
    reply.code(202).send(await testWebhookTarget(req.ctx, { targetId: req.params.targetId, body: req.body })),
  );
  app.post<ById>('/api/v2/webhook-targets/:targetId/recover', async (req, reply) =>
    reply.code(202).send(await recoverWebhookTarget(req.ctx, { targetId: req.params.targetId, body: req.body })),
  );
}
