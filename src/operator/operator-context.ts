import { type Ctx, createContext, type Deps } from '../core/context.js';
import { assertUuid } from '../core/validation/uuid.js';
import { operatorWorkspace } from '../core/workspaces/operator-workspace.js';

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
  const ws = await operatorWorkspace(deps, id);
  return createContext(deps, { workspaceId: ws.id, sandbox: ws.sandbox, actor: { kind: 'system', role: 'admin', name: 'cli' } });
}
