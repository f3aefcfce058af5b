import { type Ctx, createContext, type Deps } from '../core/context.js';
import { AppError } from '../core/errors.js';
import { assertUuid } from '../core/validation/uuid.js';

type Options = Record<string, string | boolean | undefined>;

/** The operator acting in one workspace: `--workspace`, or the only one there is. */
export async function operatorContext(deps: Deps, options: Options): Promise<Ctx> {
  const given = options.workspace;
  let ws: { id: string; sandbox: boolean };
  if (typeof given === 'string') {
    const id = assertUuid('workspace', given);
    const found = await deps.db.workspace.findUnique({ where: { id }, select: { id: true, sandbox: true } });
    if (!found) throw new AppError('NOT_FOUND', `workspace ${id} not found`);
    ws = found;
  } else {
    const all = await deps.db.workspace.findMany({ select: { id: true, sandbox: true }, take: 2 });
    if (all.length !== 1 || !all[0]) {
      const held = all.length === 0 ? 'no' : 'several';
      throw new AppError('VALIDATION_FAILED', `--workspace is required (the database holds ${held} workspaces)`);
    }
    ws = all[0];
  }
  return createContext(deps, { workspaceId: ws.id, sandbox: ws.sandbox, actor: { kind: 'system', role: 'admin' } });
}
