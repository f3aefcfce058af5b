import type { Config } from '../config.js';
import type { Deps } from '../core/context.js';
import { AppError } from '../core/errors.js';
import { assertUuid } from '../core/validation/uuid.js';
import { rotateSigningKey } from '../core/webhooks/rotate-signing-key.js';
import { createAdmin } from '../core/workspaces/create-admin.js';
import { createApiKey } from '../core/workspaces/create-api-key.js';
import { createWorkspace } from '../core/workspaces/create-workspace.js';
import { listAdmins } from '../core/workspaces/list-admins.js';
import { listApiKeys } from '../core/workspaces/list-api-keys.js';
import { listWorkspaces } from '../core/workspaces/list-workspaces.js';
import { workspaceOfAdmin, workspaceOfApiKey } from '../core/workspaces/operator-workspace.js';
import { revokeAdmin } from '../core/workspaces/revoke-admin.js';
import { revokeApiKey } from '../core/workspaces/revoke-api-key.js';
import { isTeamRole, TEAM_ROLES } from '../core/workspaces/team-role.js';
import { auditVerify } from './audit-verify.js';
import { ledgerVerify } from './ledger-verify.js';
import { operatorContext } from './operator-context.js';
import { type Progress, runSeed } from './seed.js';

/** `failure`: the command ran and reports a failed check; the CLI prints the result, then exits 1 with this message. */
export type CommandResult = { text: string; json: unknown; failure?: string };
export type Options = Record<string, string | boolean | undefined>;
/**
 * An operator command: works on open deps, so it runs the same in the CLI's own process or, when
 * `fas serve` holds the embedded database, inside the server (src/operator/operator-socket.ts).
 */
export type OperatorCommand = (deps: Deps, config: Config, options: Options, progress: (p: Progress) => void) => Promise<CommandResult>;

const table = (rows: string[][]): string => {
  if (rows.length <= 1) return '(none)';
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

export const operatorCommands: Record<string, OperatorCommand> = {
  'workspace create': async (deps, _config, o) => {
    const ws = await createWorkspace(deps, {
      name: String(o.name),
      sandbox: o.sandbox === true,
      adminEmail: typeof o.adminEmail === 'string' ? o.adminEmail : 'admin@workspace.local',
    });
    return {
      json: ws,
      text: [
        `workspaceId: ${ws.workspaceId}${ws.sandbox ? ' (sandbox)' : ''}`,
        `API key:     ${ws.apiKey.key}`,
        `admin token: ${ws.admin.token} (${ws.admin.email})`,
        'These secrets are shown once and stored hashed.',
      ].join('\n'),
    };
  },
  'workspace list': async (deps) => {
    const data = await listWorkspaces(deps);
    return {
      json: { data },
      text: table([
        ['WORKSPACE', 'NAME', 'SANDBOX', 'CREATED'],
        ...data.map((w) => [w.workspaceId, w.name, w.sandbox ? 'yes' : 'no', w.createdAt]),
      ]),
    };
  },
  'apikey create': async (deps, _config, o) => {
    const ctx = await operatorContext(deps, o);
    const key = await createApiKey(ctx, typeof o.name === 'string' ? { name: o.name } : {});
    return {
      json: { workspaceId: ctx.workspaceId, ...key },
      text: `apiKeyId: ${key.apiKeyId}\nAPI key:  ${key.key}\nShown once; stored hashed.`,
    };
  },
  'apikey list': async (deps, _config, o) => {
    const ctx = await operatorContext(deps, o);
    const { data } = await listApiKeys(ctx);
    return {
      json: { workspaceId: ctx.workspaceId, data },
      text: table([
        ['API KEY', 'NAME', 'PREFIX', 'CREATED', 'LAST USED', 'REVOKED'],
        ...data.map((k) => [k.apiKeyId, k.name ?? '', k.prefix, k.createdAt, k.lastUsedAt ?? '', k.revokedAt ?? '']),
      ]),
    };
  },
  'apikey revoke': async (deps, _config, o) => {
    const apiKeyId = assertUuid('id', String(o.id));
    // The key decides the workspace: --workspace is needed only to insist on one.
    const ctx = await operatorContext(deps, o, (d) => workspaceOfApiKey(d, apiKeyId));
    const r = await revokeApiKey(ctx, { apiKeyId });
    return { json: r, text: `revoked ${r.apiKeyId} at ${r.revokedAt}` };
  },
  'admin create': async (deps, _config, o) => {
    const role = o.role ?? 'admin';
    if (!isTeamRole(role)) throw new AppError('VALIDATION_FAILED', `--role must be ${TEAM_ROLES.join(' or ')}`);
    const ctx = await operatorContext(deps, o);
    const a = await createAdmin(ctx, { email: String(o.email), role });
    return {
      json: { workspaceId: ctx.workspaceId, ...a },
      text: `adminId: ${a.adminId} (${a.email}, ${a.role})\ntoken:   ${a.token}\nShown once; stored hashed.`,
    };
  },
  'admin list': async (deps, _config, o) => {
    const ctx = await operatorContext(deps, o);
    const data = await listAdmins(ctx);
    return {
      json: { workspaceId: ctx.workspaceId, data },
      text: table([
        ['ADMIN', 'EMAIL', 'ROLE', 'ACTIVE TOKENS', 'CREATED'],
        ...data.map((a) => [a.adminId, a.email, a.role, String(a.activeTokens), a.createdAt]),
      ]),
    };
  },
  'admin revoke': async (deps, _config, o) => {
    const adminId = assertUuid('id', String(o.id));
    // The admin decides the workspace: --workspace is needed only to insist on one.
    const ctx = await operatorContext(deps, o, (d) => workspaceOfAdmin(d, adminId));
    const r = await revokeAdmin(ctx, { adminId });
    return {
      json: r,
      text: `revoked ${r.revokedTokens} token(s) of ${r.email} (${r.adminId}); ended ${r.endedSessions} dashboard session(s)`,
    };
  },
  'keys rotate': async (deps, config) => {
    const r = await rotateSigningKey(deps, { bits: config.signingKeyBits });
    const retired = r.retired.length ? `; ${r.retired.join(', ')} retire then and stay published for a week` : '';
    return { json: r, text: `new signing key ${r.kid}: published now, signs from ${r.activatesAt}${retired}` };
  },
  seed: (deps, _config, o, progress) => runSeed(deps, o, progress),
  'ledger verify': (deps, _config, o) => ledgerVerify(deps, o),
  'audit verify': (deps, _config, o) => auditVerify(deps, o),
};
