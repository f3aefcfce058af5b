import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { insertApiKey } from './issue-credentials.js';

export interface CreateApiKeyInput {
  name?: string;
}

/** A new API key for the caller's workspace; the secret is returned once and stored hashed. */
export async function createApiKey(ctx: Ctx, input: CreateApiKeyInput) {
  requireWriter(ctx);
  return ctx.db.$transaction((tx) => insertApiKey(tx, ctx.ids, ctx.workspaceId, input.name ?? null));
}
