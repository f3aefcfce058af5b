import type { PathOf, QueryOf, Schemas } from '../core/contract.js';
import { createWebhookTarget } from '../core/webhooks/create-webhook-target.js';
import { deleteWebhookTarget } from '../core/webhooks/delete-webhook-target.js';
import { enableWebhookTarget, resumeWebhookTarget } from '../core/webhooks/enable-webhook-target.js';
import { getWebhookTarget } from '../core/webhooks/get-webhook-target.js';
import { listWebhookTargets } from '../core/webhooks/list-webhook-targets.js';
import { pauseWebhookTarget } from '../core/webhooks/pause-webhook-target.js';
import { recoverWebhookTarget } from '../core/webhooks/recover-webhook-target.js';
import { testWebhookTarget } from '../core/webhooks/test-webhook-target.js';
import { updateWebhookTarget } from '../core/webhooks/update-webhook-target.js';
import { authedProcedure, router, typed } from './init.js';
import { mutation, query, withBody } from './use-case.js';

type ById = PathOf<'getWebhookTarget'>;

/** Dashboard: the workspace's webhook targets. */
export const webhookTargetsRouter = router({
  list: query(typed<QueryOf<'listWebhookTargets'> | undefined>(), listWebhookTargets, {}),
  get: query(typed<ById>(), getWebhookTarget, { targetId: '' }),
  create: mutation(typed<Schemas['CreateWebhookTargetRequest']>(), createWebhookTarget),
  update: mutation(typed<ById & Schemas['UpdateWebhookTargetRequest']>(), withBody('targetId', updateWebhookTarget)),
  delete: authedProcedure.input(typed<ById>()).mutation(async ({ ctx, input }) => {
    await deleteWebhookTarget(ctx.core, input ?? { targetId: '' });
    return { deleted: true };
  }),
  enable: mutation(typed<ById>(), enableWebhookTarget, { targetId: '' }),
  pause: mutation(typed<ById>(), pauseWebhookTarget, { targetId: '' }),
  resume: mutation(typed<ById>(), resumeWebhookTarget, { targetId: '' }),
  test: mutation(typed<ById & Schemas['TestWebhookTargetRequest']>(), withBody('targetId', testWebhookTarget)),
  recover: mutation(typed<ById & Schemas['RecoverWebhookTargetRequest']>(), withBody('targetId', recoverWebhookTarget)),
});
