import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { AppError } from '../core/errors.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { MigrationError } from '../db/migrate.js';
import { type CommandResult, commands } from './commands.js';

const USAGE = `Usage: fas <command> [options]

Commands:
  serve [--no-worker]                     serve the API (REST, /trpc, /graphql) and deliver webhooks
  worker                                  deliver webhooks only (any number of workers share one PostgreSQL)
  migrate                                 apply pending database migrations
  workspace create --name N [--sandbox] [--admin-email E]
                                          create a workspace with an API key and an admin token
  apikey create [--workspace W] [--name N] create an API key (shown once)
  apikey revoke --id K [--workspace W]    revoke an API key
  admin create --email E [--role admin|analyst] [--workspace W]
                                          create an admin (analyst: read-only) with a token (shown once)
  seed --transactions N [--accounts A] [--seed S] [--workspace W]
                                          bulk-insert deterministic demo transactions (progress on stderr)
  keys rotate                             add a webhook signing key (published now, signs after 65 minutes)

Options:
  --json       machine-readable output
  -h, --help   this help

--workspace may be left out when the database holds exactly one workspace.
The database comes from DATABASE_URL / FAS_DATA_DIR (see README "Configuration").
`;

export class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      name: { type: 'string' },
      sandbox: { type: 'boolean', default: false },
      'admin-email': { type: 'string' },
      workspace: { type: 'string' },
      id: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      'no-worker': { type: 'boolean', default: false },
      transactions: { type: 'string' },
      accounts: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const [group, action] = positionals;
  if (values.help || !group) {
    process.stdout.write(USAGE);
    return group || values.help ? 0 : 2;
  }
  const name = action && !['serve', 'migrate', 'worker', 'seed'].includes(group) ? `${group} ${action}` : group;
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command "${positionals.join(' ')}"`);
  const result: CommandResult = await command(loadConfig(), values);
  if (result === undefined) return 0;
  process.stdout.write(values.json ? `${JSON.stringify(result.json, null, 2)}\n` : `${result.text}\n`);
  return 0;
}

function describe(err: unknown): { message: string; code: number } {
  if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    return { message: `${(err as Error).message}\n\n${USAGE}`, code: 2 };
  }
  if (err instanceof AppError) {
    const fields = err.errors?.map((e) => `  ${e.field}: ${e.message}`).join('\n');
    return { message: fields ? `${err.message}\n${fields}` : err.message, code: 1 };
  }
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof MigrationError) {
    return { message: err.message, code: 1 };
  }
  return { message: `unexpected failure: ${(err as Error)?.message ?? String(err)}`, code: 1 };
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (err) => {
    const { message, code } = describe(err);
    process.stderr.write(`fas: error: ${message}\n`);
    process.exit(code);
  },
);
