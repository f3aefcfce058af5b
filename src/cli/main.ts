import { CommanderError } from 'commander';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { AppError } from '../core/errors.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { MigrationError } from '../db/migrate.js';
import type { CommandResult, Options } from './operator-commands.js';
import { buildProgram } from './program.js';

// The server, the database and the use cases are loaded by the command that needs them, so
// `--help`, a usage error or a bad option answers at once instead of after loading all of them.
const openDeps = async (config: Config) => (await import('../server/deps.js')).openDeps(config);

const jsonWanted = process.argv.includes('--json');

function print(result: CommandResult, json: boolean): void {
  process.stdout.write(json ? `${JSON.stringify(result.json, null, 2)}\n` : `${result.text}\n`);
}

/** An operator command: inside the running server when it holds the embedded database, else here. */
async function runOperator(config: Config, name: string, options: Options): Promise<CommandResult> {
  const [{ operatorCommands }, { runInServer, ServerNotListening }, { progressPrinter }] = await Promise.all([
    import('./operator-commands.js'),
    import('./operator-channel.js'),
    import('./seed.js'),
  ]);
  const command = operatorCommands[name];
  if (!command) throw new Error(`no operator command ${name}`);
  const progress = progressPrinter();
  try {
    if (!config.databaseUrl) {
      try {
        return await runInServer(config.dataDir, name, options, progress.update);
      } catch (err) {
        if (!(err instanceof ServerNotListening)) throw err;
      }
    }
    const { database, deps } = await openDeps(config);
    try {
      return await command(deps, config, options, progress.update);
    } finally {
      await database.close();
    }
  } finally {
    progress.end();
  }
}

async function run(name: string, options: Options): Promise<void> {
  const config = loadConfig();
  if (name === 'serve') return (await import('../server/serve.js')).serve(config, { worker: options.worker !== false });
  if (name === 'worker') return (await import('../server/serve.js')).runWorker(config);
  if (name === 'migrate') {
    // Opening the database applies pending migrations (under a lock on PostgreSQL).
    const { database } = await openDeps(config);
    await database.close();
    const applied = database.applied;
    return print(
      {
        json: { applied },
        text: applied.length ? `applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}` : 'database is up to date',
      },
      options.json === true,
    );
  }
  print(await runOperator(config, name, options), options.json === true);
}

/** The message and exit code of a failure: 2 for usage errors, 1 for the rest. */
function describe(err: unknown): { code: string; message: string; errors?: AppError['errors']; exit: number } {
  if (err instanceof CommanderError) return { code: 'USAGE', message: err.message.replace(/^error: /, ''), exit: 2 };
  if (err instanceof AppError) return { code: err.code, message: err.message, errors: err.errors, exit: 1 };
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof MigrationError) {
    return { code: err.constructor.name.replace(/Error$/, '').toUpperCase(), message: err.message, exit: 1 };
  }
  return { code: 'INTERNAL', message: `unexpected failure: ${(err as Error)?.message ?? String(err)}`, exit: 1 };
}

const program = buildProgram(run);

program.parseAsync(process.argv).then(
  () => {},
  (err) => {
    if (
      err instanceof CommanderError &&
      (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version')
    ) {
      process.exitCode = err.exitCode;
      return;
    }
    const failure = describe(err);
    if (jsonWanted) {
      process.stderr.write(`${JSON.stringify({ error: { code: failure.code, message: failure.message, errors: failure.errors } })}\n`);
    } else {
      const fields = failure.errors?.map((e) => `\n  ${e.field}: ${e.message}`).join('') ?? '';
      const hint = failure.exit === 2 ? '\n(run `fas --help`, or `fas <command> --help`, for usage)' : '';
      process.stderr.write(`fas: error: ${failure.message}${fields}${hint}\n`);
    }
    process.exit(failure.exit);
  },
);
