import type { Deps } from '../context.js';
import { AppError, fieldError } from '../errors.js';

/**
 * The workspace an operator command acts in (`fas ...` with or without `--workspace`): the one
 * with `id`, else the only one there is. None with that id, or no workspace at all, is NOT_FOUND;
 * several and no id is a usage error (VALIDATION_FAILED, exit 2): `--workspace` is then required.
 */
export async function operatorWorkspace(deps: Pick<Deps, 'db'>, id: string | null): Promise<{ id: string; sandbox: boolean }> {
  if (id) {
    const ws = await deps.db.workspace.findUnique({ where: { id }, select: { id: true, sandbox: true } });
    if (!ws) throw new AppError('NOT_FOUND', `workspace ${id} not found`);
    return ws;
  }
  const all = await deps.db.workspace.findMany({ select: { id: true, sandbox: true }, take: 2 });
  if (all.length === 0)
    throw new AppError('NOT_FOUND', 'the database holds no workspace yet: create one with `fas workspace create --name N`');
  if (all.length > 1) {
    const message = 'is required: the database holds several workspaces (`fas workspace list` shows them)';
    throw new AppError('VALIDATION_FAILED', `--workspace ${message}`, [fieldError('workspace', 'required', message)]);
  }
  return all[0]!;
}

/** The workspace of an API key, for a command whose subject it is (`fas apikey revoke`); NOT_FOUND when there is none. */
export async function workspaceOfApiKey(deps: Pick<Deps, 'db'>, apiKeyId: string): Promise<string> {
  const key = await deps.db.apiKey.findUnique({ where: { id: apiKeyId }, select: { workspaceId: true } });
  if (!key) throw new AppError('NOT_FOUND', `API key ${apiKeyId} not found`);
  return key.workspaceId;
}

/** The workspace of an admin, for a command whose subject they are (`fas admin revoke`); NOT_FOUND when there is none. */
export async function workspaceOfAdmin(deps: Pick<Deps, 'db'>, adminId: string): Promise<string> {
  const admin = await deps.db.admin.findUnique({ where: { id: adminId }, select: { workspaceId: true } });
  if (!admin) throw new AppError('NOT_FOUND', `admin ${adminId} not found`);
  return admin.workspaceId;
}
