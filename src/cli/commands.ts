import type { Config } from '../config.js';
import type { Deps } from '../core/context.js';
import { AppError } from '../core/errors.js';
import { assertUuid } from '../core/validation/uuid.js';
import { rotateSigningKey } from '../core/webhooks/signing-keys.js';
import { createAdmin } from '../core/workspaces/create-admin.js';
import { createApiKey } from '../core/workspaces/create-api-key.js';
import { createWorkspace } from '../core/workspaces/create-workspace.js';
import { revokeApiKey } from '../core/workspaces/revoke-api-key.js';
import { openDeps } from '../server/deps.js';
import { runWorker, serve } from '../server/serve.js';
import { operatorContext } from './operator-context.js';
import { seedCommand } from './seed.js';

export type CommandResult = { text: string; json: unknown } | undefined;
type Options = Record<string, string | boolean | undefined>;
type Command = (config: Config, options: Options) => Promise<CommandResult>;

function required(options: Options, name: string): string {
  const v = options[name];
  if (typeof v !== 'string' || v === '') throw new AppError('VALIDATION_FAILED', `--${name} is required`);
  return v;
}

/** Runs `fn` with the database open, closing it whatever happens. */
async function withDeps<T>(config: Config, fn: (deps: Deps) => Promise<T>): Promise<T> {
  const { database, deps } = await openDeps(config);
  try {
    return await fn(deps);
  } finally {
    await database.close();
  }
}

export const commands: Record<string, Command> = {
  serve: async (config, o) => {
    await serve(config, { worker: o['no-worker'] !== true });
    return undefined;
  },
  worker: async (config) => {
    await runWorker(config);
    return undefined;
  },
  migrate: async (config) => {
    // Opening the database applies pending migrations (under a lock on PostgreSQL).
    const { database } = await openDeps(config);
    await database.close();
    const applied = database.applied;
    return {
      json: { applied },
      text: applied.length ? `applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}` : 'database is up to date',
    };
  },
  'workspace create': async (config, o) =>
    withDeps(config, async (deps) => {
      const ws = await createWorkspace(deps, {
        name: required(o, 'name'),
        sandbox: o.sandbox === true,
        adminEmail: typeof o['admin-email'] === 'string' ? o['admin-email'] : 'admin@workspace.local',
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
    }),
  'apikey create': async (config, o) =>
    withDeps(config, async (deps) => {
      const ctx = await operatorContext(deps, o);
      const key = await createApiKey(ctx, typeof o.name === 'string' ? { name: o.name } : {});
      return {
        json: { workspaceId: ctx.workspaceId, ...key },
        text: `apiKeyId: ${key.apiKeyId}\nAPI key:  ${key.key}\nShown once; stored hashed.`,
      };
    }),
  'apikey revoke': async (config, o) =>
    withDeps(config, async (deps) => {
      const ctx = await operatorContext(deps, o);
      const r = await revokeApiKey(ctx, { apiKeyId: assertUuid('id', required(o, 'id')) });
      return { json: r, text: `revoked ${r.apiKeyId} at ${r.revokedAt}` };
    }),
  seed: seedCommand,
  'keys rotate': async (config) =>
    withDeps(config, async (deps) => {
      const r = await rotateSigningKey(deps, { bits: config.signingKeyBits });
      const retired = r.retired.length ? `; ${r.retired.join(', ')} retire then and stay published for a week` : '';
      return { json: r, text: `new signing key ${r.kid}: published now, signs from ${r.activatesAt}${retired}` };
    }),
  'admin create': async (config, o) =>
    withDeps(config, async (deps) => {
      const role = o.role ?? 'admin';
      if (role !== 'admin' && role !== 'analyst') {
        throw new AppError('VALIDATION_FAILED', '--role must be admin or analyst');
      }
      const ctx = await operatorContext(deps, o);
      const a = await createAdmin(ctx, { email: required(o, 'email'), role });
      return {
        json: { workspaceId: ctx.workspaceId, ...a },
        text: `adminId: ${a.adminId} (${a.email}, ${a.role})\ntoken:   ${a.token}\nShown once; stored hashed.`,
      };
    }),
};
