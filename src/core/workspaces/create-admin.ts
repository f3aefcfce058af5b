import { Prisma } from '../../db/generated/prisma/client.js';
import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { assertEmail } from '../validation/email.js';
import { insertAdmin } from './credentials.js';
import type { TeamRole } from './team-role.js';

export interface CreateAdminInput {
  email: string;
  role: TeamRole;
}

/** A new admin (or read-only analyst) of the caller's workspace, with a token shown once. */
export async function createAdmin(ctx: Ctx, input: CreateAdminInput) {
  requireWriter(ctx);
  assertEmail('email', input.email);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const admin = await insertAdmin(tx, ctx.ids, ctx.workspaceId, input.email, input.role);
      await recordAudit(tx, ctx, {
        action: 'admin.created',
        object: { type: 'admin', id: admin.adminId },
        changes: { email: { after: admin.email }, role: { after: admin.role } },
      });
      return admin;
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('INVALID_STATE', `an admin with email ${input.email} already exists in this workspace`);
    }
    throw err;
  }
}
