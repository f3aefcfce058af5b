import { createRequire } from 'node:module';
import { Command, InvalidArgumentError, Option } from 'commander';
import { EVENT_TYPES } from '../core/webhooks/events.js';
import { TEAM_ROLES } from '../core/workspaces/team-role.js';
import { DEFAULTS } from '../defaults.js';
import type { Options } from '../operator/operator-commands.js';

// package.json is two levels up from src/cli and from dist/cli alike.
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/** What the program runs once a command line is parsed: the command's name and its options. */
export type Runner = (name: string, options: Options) => Promise<void>;

const json = () => new Option('--json', 'machine-readable output: the result as JSON on stdout, errors as JSON on stderr');
const workspace = () => new Option('--workspace <id>', 'the workspace to act in (may be left out when the database holds exactly one)');

function positiveInteger(max: number) {
  return (raw: string) => {
    if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
      throw new InvalidArgumentError(`must be a positive integer (1 to ${max.toLocaleString('en-US')})`);
    }
    return raw;
  };
}

function httpUrl(raw: string): string {
  let u: URL | undefined;
  try {
    u = new URL(raw);
  } catch {}
  if (!u || !/^https?:$/.test(u.protocol)) throw new InvalidArgumentError('must be an http:// or https:// URL');
  return raw;
}

function eventTypes(raw: string): string[] {
  const list = raw.split(',').map((s) => s.trim());
  const unknown = list.filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (unknown.length || !list.length)
    throw new InvalidArgumentError(`unknown event type ${unknown.join(', ')} (see \`fas trigger --help\`)`);
  return list;
}

function port(raw: string): string {
  if (!/^[0-9]{1,5}$/.test(raw) || Number(raw) > 65535) throw new InvalidArgumentError('must be a port number (0 to 65535)');
  return raw;
}

/**
 * The `fas` command line (commander): help per command with its options and an example, usage
 * errors exit 2. Operator commands reach a running `fas serve` on the embedded database through
 * its socket, or open the database themselves (src/cli/main.ts decides).
 */
export function buildProgram(run: Runner): Command {
  const program = new Command('fas')
    .description('FAS gateway: serve the API, deliver webhooks, and administer workspaces')
    .version(version, '-v, --version', 'print the version of fas')
    .addHelpText(
      'after',
      '\nThe database comes from DATABASE_URL / FAS_DATA_DIR (docs/operations.md, "Configuration"). While `fas serve` runs on the\nembedded database, the operator commands go through its socket in FAS_DATA_DIR.\nRun `fas <command> --help` for a command\'s options and an example.',
    )
    // Errors are printed by run-cli.ts (as JSON with --json); subcommands inherit these settings.
    .configureOutput({ outputError: () => {} })
    .exitOverride();
  const command = (parent: Command, name: string, description: string, example: string) =>
    parent.command(name).description(description).addOption(json()).addHelpText('after', `\nExample:\n  $ ${example}`).exitOverride();
  const action = (name: string) => (options: Options) => run(name, options);

  command(program, 'serve', 'serve the API (REST, /trpc, /graphql, pages) and deliver webhooks', 'npx fas serve --no-worker')
    .option('--no-worker', 'do not deliver webhooks in this process (run `fas worker` instead)')
    .action(action('serve'));
  command(
    program,
    'worker',
    'deliver webhooks only (any number of workers share one PostgreSQL)',
    'DATABASE_URL=postgres://... npx fas worker',
  ).action(action('worker'));
  command(program, 'migrate', 'apply pending database migrations', 'npx fas migrate --json').action(action('migrate'));

  const ws = program.command('workspace').description('create and list workspaces (tenants)').exitOverride();
  command(
    ws,
    'create',
    'create a workspace with an API key and an admin token (secrets shown once)',
    'npx fas workspace create --name Acme --sandbox --json',
  )
    .requiredOption('--name <name>', 'the workspace name')
    .option('--sandbox', 'a sandbox workspace (simulations allowed)', false)
    .option('--admin-email <email>', 'email of its first admin', 'admin@workspace.local')
    .action(action('workspace create'));
  command(ws, 'list', 'list every workspace of this installation', 'npx fas workspace list --json').action(action('workspace list'));

  const key = program.command('apikey').description('create, list and revoke API keys').exitOverride();
  command(key, 'create', 'create an API key (shown once, stored hashed)', 'npx fas apikey create --name ci --json')
    .option('--name <name>', 'a label to tell keys apart')
    .addOption(workspace())
    .action(action('apikey create'));
  command(key, 'list', "list a workspace's API keys (never their secrets)", 'npx fas apikey list --json')
    .addOption(workspace())
    .action(action('apikey list'));
  command(key, 'revoke', 'revoke an API key; the running server refuses it at once', 'npx fas apikey revoke --id <apiKeyId>')
    .requiredOption('--id <apiKeyId>', 'the key to revoke (see `fas apikey list`)')
    .addOption(workspace())
    .action(action('apikey revoke'));

  const admin = program.command('admin').description('create, list and revoke admins and analysts').exitOverride();
  command(
    admin,
    'create',
    'create an admin (or a read-only analyst) with a token (shown once)',
    'npx fas admin create --email ops@acme.test --role analyst',
  )
    .requiredOption('--email <email>', "the admin's email, unique in the workspace")
    .addOption(new Option('--role <role>', 'admin acts; analyst only reads').choices(TEAM_ROLES).default('admin'))
    .addOption(workspace())
    .action(action('admin create'));
  command(admin, 'list', "list a workspace's admins and analysts", 'npx fas admin list')
    .addOption(workspace())
    .action(action('admin list'));
  command(
    admin,
    'revoke',
    "revoke an admin's or analyst's tokens and end their dashboard sessions at once",
    'npx fas admin revoke --id <adminId>',
  )
    .requiredOption('--id <adminId>', 'the admin or analyst (see `fas admin list`)')
    .addOption(workspace())
    .action(action('admin revoke'));

  const keys = program.command('keys').description('webhook signing keys').exitOverride();
  command(keys, 'rotate', 'add a signing key: published in the JWKS now, signs after 65 minutes', 'npx fas keys rotate --json').action(
    action('keys rotate'),
  );

  command(program, 'seed', 'bulk-insert deterministic demo transactions (progress on stderr)', 'npx fas seed --transactions 100000')
    .requiredOption('--transactions <n>', 'how many transactions', positiveInteger(100_000_000))
    .option('--accounts <n>', 'over how many accounts (default max(10, n/1000))', positiveInteger(10_000_000))
    .option('--seed <n>', 'random seed (same seed, same data)', positiveInteger(2_147_483_647))
    .addOption(workspace())
    .action(action('seed'));

  const ledger = program.command('ledger').description('check the ledger').exitOverride();
  command(
    ledger,
    'verify',
    'recompute every balance from the entries and check every entry and transaction; exit 1 naming each drift',
    'npx fas ledger verify --json',
  )
    .option('--workspace <id>', 'only this workspace (default: every workspace)')
    .action(action('ledger verify'));

  command(
    program,
    'backup',
    'copy the embedded database to one checksummed file while `fas serve` keeps serving (writers wait for the copy only)',
    'npx fas backup backups/fas-$(date +%F).fasbak',
  )
    .argument('<file>', 'the backup file to write (must not exist)')
    .option('--passphrase-file <file>', 'seal the master key inside the backup with the passphrase in this file (12 characters or more)')
    .action((file: string, options: Options) => run('backup', { ...options, file }));
  command(
    program,
    'restore',
    'restore a backup into an empty or new data directory (checks the checksum, the format and the master key first)',
    'npx fas restore backups/fas-2026-12-01.fasbak --data-dir ./data-restored --master-key-file master.key.copy',
  )
    .argument('<file>', 'the backup file')
    .option('--data-dir <dir>', 'where to restore (default FAS_DATA_DIR); must be empty or absent')
    .option('--passphrase-file <file>', 'open the master key sealed in the backup with the passphrase in this file')
    .option('--master-key-file <file>', "the master key, base64 (a copy of the backed-up data directory's master.key)")
    .action((file: string, options: Options) => run('restore', { ...options, file }));
  const audit = program.command('audit').description('check the audit log').exitOverride();
  command(
    audit,
    'verify',
    "recompute every workspace's audit chain; exit 1 naming each edited, removed or reordered record",
    'npx fas audit verify --json',
  )
    .option('--workspace <id>', 'only this workspace (default: every workspace)')
    .action(action('audit verify'));

  const apiOptions = (c: Command) =>
    c
      .option('--url <url>', 'the running server (default FAS_URL, else http://127.0.0.1:$PORT)', httpUrl)
      .option('--api-key <key>', 'an API key of the workspace (default FAS_API_KEY)');
  apiOptions(
    command(
      program,
      'listen',
      'forward each new event of the workspace to a local URL as a signed delivery (like `stripe listen`)',
      'npx fas listen --forward-to http://localhost:3000/hook --events account_created --api-key "$FAS_API_KEY"',
    ),
  )
    .requiredOption('--forward-to <url>', 'where each event is POSTed', httpUrl)
    .option('--events <types>', 'only these event types, comma-separated (default: all)', eventTypes)
    .option(
      '--jwks-port <port>',
      `port of the session's local JWKS on 127.0.0.1 (default ${DEFAULTS.listenJwksPort}; 0: any free one)`,
      port,
    )
    .action(action('listen'));
  apiOptions(
    command(
      program,
      'trigger',
      'make the sandbox emit an event for real through the API (creating what it needs)',
      'npx fas trigger bank_transaction_created --api-key "$FAS_API_KEY"',
    ),
  )
    .argument('<event-type>', `one of: ${EVENT_TYPES.join(', ')}`, (raw: string) => eventTypes(raw)[0])
    .action((type: string, options: Options) => run('trigger', { ...options, type }));
  return program;
}
