import type { Ctx } from '../context.js';
import { toTargetDto, type WebhookTargetDto } from './target-dto.js';
import { findTarget } from './target-lookup.js';

export async function getWebhookTarget(ctx: Ctx, input: { targetId: string }): Promise<WebhookTargetDto> {
  return toTargetDto(await findTarget(ctx, input.targetId));
}
