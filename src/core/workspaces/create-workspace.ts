import { DEFAULTS } from '../../defaults.js';
import { recordAudit } from '../audit/record-audit.js';
import { type Actor, createContext, type Deps } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError, fieldError, validationError } from '../errors.js';
import { displayTextError } from '../validation/display-text.js';
import { assertEmail } from '../validation/email.js';
import { insertAdmin, insertApiKey } from './credentials.js';

export interface CreateWorkspaceInput {
  name: string;
  sandbox: boolean;
  adminEmail: string;
  /** Who creates it, for the audit log (default: the system, as `fas workspace create` and the first start). */
  actor?: Actor;
}

const SYSTEM: Actor = { kind: 'system', role: 'admin', name: 'cli' };

export interface CreatedWorkspace {
  workspaceId: string;
  name: string;
  sandbox: boolean;
  apiKey: { apiKeyId: string; key: string };
  admin: { adminId: string; email: string; role: Schemas['TeamMember']['role']; token: string };
}

/** A workspace with a first API key and a first admin, all in one transaction (operator use). */
export async function createWorkspace(deps: Deps, input: CreateWorkspaceInput): Promise<CreatedWorkspace> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) {
    throw new AppError('VALIDATION_FAILED', 'name must be 1-100 characters', [
      fieldError('name', name.length < 1 ? 'too_short' : 'too_long', 'must be 1-100 characters', { limit: name.length < 1 ? 1 : 100 }),
    ]);
  }
  const hidden = displayTextError('name', name);
  if (hidden) throw validationError([hidden]);
  assertEmail('adminEmail', input.adminEmail);
  return deps.db.$transaction(
    async (tx) => {
      const ws = await tx.workspace.create({
        data: { id: deps.ids.uuid(), name, sandbox: input.sandbox },
        select: { id: true, name: true, sandbox: true },
      });
      const key = await insertApiKey(tx, deps.ids, ws.id, 'default');
      const admin = await insertAdmin(tx, deps.ids, ws.id, input.adminEmail, 'admin');
      const ctx = createContext(deps, { workspaceId: ws.id, sandbox: ws.sandbox, actor: input.actor ?? SYSTEM });
      await recordAudit(tx, ctx, {
        action: 'workspace.created',
        object: { type: 'workspace', id: ws.id },
        changes: { name: { after: ws.name }, sandbox: { after: ws.sandbox } },
      });
      await recordAudit(tx, ctx, {
        action: 'api_key.created',
        object: { type: 'api_key', id: key.apiKeyId },
        changes: { name: { after: 'default' }, prefix: { after: key.prefix } },
      });
      await recordAudit(tx, ctx, {
        action: 'admin.created',
        object: { type: 'admin', id: admin.adminId },
        changes: { email: { after: admin.email }, role: { after: admin.role } },
      });
      return {
        workspaceId: ws.id,
        name: ws.name,
        sandbox: ws.sandbox,
        apiKey: { apiKeyId: key.apiKeyId, key: key.key },
        admin,
      };
    },
    { maxWait: DEFAULTS.transactionMaxWaitMs, timeout: DEFAULTS.transactionTimeoutMs },
  );
}
