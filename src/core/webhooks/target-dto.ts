import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Schemas } from '../contract.js';

export type WebhookTargetDto = Schemas['WebhookTarget'];

export const targetSelect = {
  id: true,
  url: true,
  description: true,
  status: true,
  disabledReason: true,
  disabledAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.WebhookTargetSelect;

export function toTargetDto(r: Prisma.WebhookTargetGetPayload<{ select: typeof targetSelect }>): WebhookTargetDto {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    status: r.status,
    disabledReason: r.disabledReason,
    disabledAt: r.disabledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
