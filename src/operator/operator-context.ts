import { type Ctx, createContext, type Deps } from '../core/context.js';
import { AppError, fieldError } from '../core/errors.js';
import { assertUuid } from '../core/validation/uuid.js';

type Options = Record<string, string | boolean | undefined>;

/**
 * The workspace a command acts in when `--workspace` is left out and its subject decides it (the
 * API key being revoked is in one workspace): that workspace's id, or null when there is no such
 * subject (the command then says it is not found).
 */
export type WorkspaceOf = (deps: Deps) => Promise<string | null>;

/**
 * The operator acting in one workspace: `--workspace`, else the workspace of the command's subject
 * (`owner`), else the only one there is. Several workspaces and nothing to decide between them is
 * a usage error (VALIDATION_FAILED, exit 2): `--workspace` is then required.
 */
export async function operatorContext(deps: Deps, options: Options, owner?: WorkspaceOf): Promise<Ctx> {
  const given = options.workspace;
  let id: string | null = null;
  if (typeof given === 'string') id = assertUuid('workspace', given);
  else if (owner) id = await owner(deps);
  let ws: { id: string; sandbox: boolean } | null;
  if (id) {
    ws = await deps.db.workspace.findUnique({ where: { id }, select: { id: true, sandbox: true } });
    if (!ws) throw new AppError('NOT_FOUND', `workspace ${id} not found`);
  } else {
    const all = await deps.db.workspace.findMany({ select: { id: true, sandbox: true }, take: 2 });
    if (all.length === 0)
      throw new AppError('NOT_FOUND', 'the database holds no workspace yet: create one with `fas workspace create --name N`');
    if (all.length > 1) {
      const message = 'is required: the database holds several workspaces (`fas workspace list` shows them)';
      throw new AppError('VALIDATION_FAILED', `--workspace ${message}`, [fieldError('workspace', 'required', message)]);
    }
    ws = all[0] ?? null;
  }
  if (!ws) throw new AppError('NOT_FOUND', 'workspace not found');
  return createContext(deps, { workspaceId: ws.id, sandbox: ws.sandbox, actor: { kind: 'system', role: 'admin', name: 'cli' } });
}
