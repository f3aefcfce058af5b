import type { Deps } from '../context.js';
import { AppError, validationError } from '../errors.js';
import { displayTextError } from '../validation/display-text.js';
import { assertEmail } from '../validation/email.js';
import { insertAdmin, insertApiKey } from './credentials.js';

export interface CreateWorkspaceInput {
  name: string;
  sandbox: boolean;
  adminEmail: string;
}

export interface CreatedWorkspace {
  workspaceId: string;
  name: string;
  sandbox: boolean;
  apiKey: { apiKeyId: string; key: string };
  admin: { adminId: string; email: string; role: 'admin' | 'analyst'; token: string };
}

/** A workspace with a first API key and a first admin, all in one transaction (operator use). */
export async function createWorkspace(deps: Deps, input: CreateWorkspaceInput): Promise<CreatedWorkspace> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) {
    throw new AppError('VALIDATION_FAILED', 'name must be 1-100 characters', [{ field: 'name', message: 'must be 1-100 characters' }]);
  }
  const hidden = displayTextError('name', name);
  if (hidden) throw validationError([hidden]);
  assertEmail('adminEmail', input.adminEmail);
  return deps.db.$transaction(async (tx) => {
    const ws = await tx.workspace.create({
      data: { id: deps.ids.uuid(), name, sandbox: input.sandbox },
      select: { id: true, name: true, sandbox: true },
    });
    const key = await insertApiKey(tx, deps.ids, ws.id, 'default');
    const admin = await insertAdmin(tx, deps.ids, ws.id, input.adminEmail, 'admin');
    return {
      workspaceId: ws.id,
      name: ws.name,
      sandbox: ws.sandbox,
      apiKey: { apiKeyId: key.apiKeyId, key: key.key },
      admin,
    };
  });
}
