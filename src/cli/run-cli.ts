import { type Command, CommanderError } from 'commander';
import { type Config, ConfigError, loadConfig } from '../config.js';
import type { Deps } from '../core/context.js';
import { DataDirLockedError, MigrationError } from '../core/database-faults.js';
import { AppError, fieldError } from '../core/errors.js';
import { DEFAULTS } from '../defaults.js';
import { BackupFileError, BackupKeyError, BackupTargetError } from '../operator/backup/backup-errors.js';
import type { CommandResult, Options } from '../operator/operator-commands.js';
import { PortUnavailableError } from '../server/port-check.js';
import { ApiCallError } from './api-call.js';
import { buildProgram } from './program.js';

/** An open database as the CLI uses it: the core's deps, closed when the command is done. */
export interface OpenedDeps {
  database: { close(): Promise<void>; applied?: readonly string[] };
  deps: Deps;
}

/** Where a command line reads its configuration and writes its output; tests pass their own. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal (progress is then redrawn in place). */
  stderrIsTTY?: boolean;
  /** Ends a command that runs until stopped (`fas listen`); the process's own ends with it. */
  signal?: AbortSignal;
  /** Opens the configured database; by default the CLI's own (src/server/deps.ts). */
  openDeps?(config: Config): Promise<OpenedDeps>;
}

// The server, the database and the use cases are loaded by the command that needs them, so
// `--help`, a usage error or a bad option answers at once instead of after loading all of them.
const openOwnDeps = async (config: Config): Promise<OpenedDeps> => (await import('../server/deps.js')).openDeps(config);

/** An operator command: inside the running server when it holds the embedded database, else here. */
async function runOperator(io: CliIo, config: Config, name: string, options: Options): Promise<CommandResult> {
  const [{ operatorCommands }, { runInServer, ServerNotListening }, { progressPrinter }] = await Promise.all([
    import('../operator/operator-commands.js'),
    import('./operator-channel.js'),
    import('../operator/seed.js'),
  ]);
  const command = operatorCommands[name];
  if (!command) throw new Error(`no operator command ${name}`);
  const progress = progressPrinter({ write: io.stderr, isTTY: io.stderrIsTTY });
  try {
    if (!config.databaseUrl) {
      try {
        return await runInServer(config.dataDir, name, options, progress.update);
      } catch (err) {
        if (!(err instanceof ServerNotListening)) throw err;
      }
    }
    const { database, deps } = await (io.openDeps ?? openOwnDeps)(config);
    try {
      return await command(deps, config, options, progress.update);
    } finally {
      await database.close();
    }
  } finally {
    progress.end();
  }
}

function print(io: CliIo, result: CommandResult, json: boolean): void {
  io.stdout(json ? `${JSON.stringify(result.json, null, 2)}\n` : `${result.text}\n`);
}

async function run(io: CliIo, name: string, options: Options): Promise<void> {
  const config = loadConfig(io.env);
  if (name === 'serve') return (await import('../server/serve.js')).serve(config, { worker: options.worker !== false });
  if (name === 'worker') return (await import('../server/serve.js')).runWorker(config);
  if (name === 'listen' || name === 'trigger') return apiCommand(io, name, options);
  if (name === 'migrate') {
    // Opening the database applies pending migrations (under a lock on PostgreSQL).
    const { database } = await (io.openDeps ?? openOwnDeps)(config);
    await database.close();
    const applied = database.applied ?? [];
    return print(
      io,
      {
        json: { applied },
        text: applied.length ? `applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}` : 'database is up to date',
      },
      options.json === true,
    );
  }
  if (name === 'backup' || name === 'restore') {
    const result =
      name === 'backup'
        ? await (await import('./backup.js')).backup(config, options)
        : await (await import('./restore.js')).restore(config, options);
    return print(io, result, options.json === true);
  }
  const result = await runOperator(io, config, name, options);
  print(io, result, options.json === true);
  if (result.failure) throw new CheckFailed(result.failure);
}

/** A command that ran and found something wrong (`fas ledger verify`): exit 1, its report already printed. */
class CheckFailed extends Error {}

/** Commands that talk to a running server over HTTP with an API key (no database here). */
async function apiCommand(io: CliIo, name: 'listen' | 'trigger', options: Options): Promise<void> {
  const { apiTarget, ApiCallError } = await import('./api-call.js');
  const target = apiTarget(options, io.env);
  if (!target.apiKey)
    throw new AppError('VALIDATION_FAILED', 'an API key is required', [fieldError('apiKey', 'required', 'is required (or FAS_API_KEY)')]);
  if (name === 'listen') {
    const { listen } = await import('./listen.js');
    return listen({
      target,
      forwardTo: String(options.forwardTo),
      events: options.events as string[] | undefined,
      jwksPort: Number(options.jwksPort ?? DEFAULTS.listenJwksPort),
      out: (line) => io.stdout(`${line}\n`),
      signal: io.signal,
    });
  }
  const { trigger } = await import('./trigger.js');
  const type = String(options.type) as Parameters<typeof trigger>[1];
  const result = await trigger(target, type).catch((err) => {
    throw err instanceof ApiCallError ? err : new ApiCallError((err as Error).message);
  });
  print(
    io,
    { json: { type, ...result }, text: `triggered ${type}: event ${result.eventId} (account ${result.accountId})` },
    options.json === true,
  );
}

/** `adminEmail` -> `--admin-email`: a field error of an operator command names the option. */
const optionName = (field: string) =>
  /^[a-z][A-Za-z]*$/.test(field) ? `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : field;

/**
 * The message and exit code of a failure (docs/operations.md, "CLI"): 2 for usage errors (an unknown command
 * or option, a missing command, required option or value, an invalid value), 1 for the rest.
 */
export function describeFailure(err: unknown): { code: string; message: string; errors?: AppError['errors']; exit: number } {
  if (err instanceof CommanderError) {
    const message = err.code === 'commander.help' ? 'a command is required' : err.message.replace(/^error: /, '');
    return { code: 'USAGE', message, exit: 2 };
  }
  if (err instanceof CheckFailed) return { code: 'CHECK_FAILED', message: err.message, exit: 1 };
  if (err instanceof AppError)
    return { code: err.code, message: err.message, errors: err.errors, exit: err.code === 'VALIDATION_FAILED' ? 2 : 1 };
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof MigrationError ||
    err instanceof PortUnavailableError ||
    err instanceof BackupFileError ||
    err instanceof BackupKeyError ||
    err instanceof BackupTargetError ||
    err instanceof ApiCallError
  ) {
    return {
      code: err.constructor.name
        .replace(/Error$/, '')
        .replace(/[a-z](?=[A-Z])/g, '$&_')
        .toUpperCase(),
      message: err.message,
      exit: 1,
    };
  }
  return { code: 'INTERNAL', message: `unexpected failure: ${(err as Error)?.message ?? String(err)}`, exit: 1 };
}

function eachCommand(command: Command, visit: (c: Command) => void): void {
  visit(command);
  for (const sub of command.commands) eachCommand(sub, visit);
}

/**
 * Runs one `fas` command line (`argv` without node and the script) and answers its exit code;
 * the process's own entry point is src/cli/main.ts. Output goes through `io`, help included.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram((name, options) => run(io, name, options));
  eachCommand(program, (c) => c.configureOutput({ ...c.configureOutput(), writeOut: io.stdout, writeErr: io.stderr }));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError && (err.code === 'commander.helpDisplayed' || err.code === 'commander.version')) return 0;
    const failure = describeFailure(err);
    if (argv.includes('--json')) {
      io.stderr(`${JSON.stringify({ error: { code: failure.code, message: failure.message, errors: failure.errors } })}\n`);
    } else {
      // Field errors are the message, said once, with the option each one is about.
      const said = failure.errors?.length ? failure.errors.map((e) => `${optionName(e.field)} ${e.message}`).join('; ') : failure.message;
      const hint = failure.exit === 2 ? '\n(run `fas --help`, or `fas <command> --help`, for usage)' : '';
      io.stderr(`fas: error: ${said}${hint}\n`);
    }
    return failure.exit;
  }
}
