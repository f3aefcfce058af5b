import type { PathOf, QueryOf, Schemas } from '../core/contract.js';
import {
  createWebhookTarget,
  deleteWebhookTarget,
  enableWebhookTarget,
  getWebhookTarget,
  listWebhookTargets,
  updateWebhookTarget,
} from '../core/webhooks/webhook-targets.js';
import { authedProcedure, router, typed } from './init.js';

type ById = PathOf<'getWebhookTarget'>;

/** Dashboard: the workspace's webhook targets. */
export const webhookTargetsRouter = router({
  list: authedProcedure
    .input(typed<QueryOf<'listWebhookTargets'> | undefined>())
    .query(({ ctx, input }) => listWebhookTargets(ctx.core, input ?? {})),
  get: authedProcedure.input(typed<ById>()).query(({ ctx, input }) => getWebhookTarget(ctx.core, input ?? { targetId: '' })),
  create: authedProcedure
    .input(typed<Schemas['CreateWebhookTargetRequest']>())
    .mutation(({ ctx, input }) => createWebhookTarget(ctx.core, input)),
  update: authedProcedure.input(typed<ById & Schemas['UpdateWebhookTargetRequest']>()).mutation(({ ctx, input }) => {
    const { targetId, ...body } = input ?? { targetId: '' };
    return updateWebhookTarget(ctx.core, { targetId, body });
  }),
  delete: authedProcedure.input(typed<ById>()).mutation(async ({ ctx, input }) => {
    await deleteWebhookTarget(ctx.core, input ?? { targetId: '' });
    return { deleted: true };
  }),
  enable: authedProcedure.input(typed<ById>()).mutation(({ ctx, input }) => enableWebhookTarget(ctx.core, input ?? { targetId: '' })),
});
