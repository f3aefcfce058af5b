import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns, withIsoDates } from '../columns.js';
import type { Schemas } from '../contract.js';

export type WebhookTargetDto = Schemas['WebhookTarget'];

export const targetSelect = columns(
  'id',
  'url',
  'description',
  'status',
  'disabledReason',
  'disabledAt',
  'createdAt',
  'updatedAt',
) satisfies Prisma.WebhookTargetSelect;

export function toTargetDto(r: Prisma.WebhookTargetGetPayload<{ select: typeof targetSelect }>): WebhookTargetDto {
  return withIsoDates(r);
}
