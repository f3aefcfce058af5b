import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Deps } from '../core/context.js';
import { AppError, type FieldError } from '../core/errors.js';
import { type CommandResult, type OperatorCommand, operatorCommands } from './operator-commands.js';

/** The socket in the data directory through which `fas` reaches a server that holds the embedded database. */
export const operatorSocketPath = (dataDir: string) => path.join(dataDir, 'fas.sock');

/** Unix socket paths are limited to 107 bytes on Linux. */
export const socketPathFits = (p: string) => Buffer.byteLength(p) <= 107;

/** One line of the channel's protocol (newline-delimited JSON), server to CLI. */
export type ChannelMessage =
  | { progress: { done: number; total: number; seconds: number; phase?: string } }
  | { result: CommandResult }
  | { error: { code: string; message: string; errors?: FieldError[] } };

/**
 * Serves the CLI's operator commands (workspace, apikey, admin, keys, seed) inside `fas serve`
 * while it holds the embedded database, which no other process may open. The socket is created
 * 0600 in the data directory: only the directory's owner (and root) can connect, and nothing
 * listens on the network. A request is one JSON line `{command, options}`; the answer is progress
 * lines, then one result or error line.
 */
export async function startOperatorSocket(opts: {
  dataDir: string;
  deps: Deps;
  config: Config;
  onError: (err: unknown) => void;
  /** Commands only the server can run (`backup snapshot`: it holds the database handle). */
  serverCommands?: Record<string, OperatorCommand>;
}) {
  const file = operatorSocketPath(opts.dataDir);
  if (!socketPathFits(file)) return { close: async () => {} };
  rmSync(file, { force: true }); // left by a process that was killed; the data-dir lock says we own the directory now
  const server: Server = createServer((socket) => serve(socket, opts));
  const previous = process.umask(0o177); // no window in which the socket exists with wider permissions
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
  } finally {
    process.umask(previous);
  }
  chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

function serve(
  socket: Socket,
  opts: { deps: Deps; config: Config; onError: (err: unknown) => void; serverCommands?: Record<string, OperatorCommand> },
): void {
  let buffered = '';
  const send = (m: ChannelMessage) => socket.write(`${JSON.stringify(m)}\n`);
  socket.setEncoding('utf8');
  socket.on('error', () => {});
  socket.on('data', async (chunk: string) => {
    buffered += chunk;
    const end = buffered.indexOf('\n');
    if (end < 0) {
      if (buffered.length > 64 * 1024) socket.destroy();
      return;
    }
    socket.pause();
    let command: OperatorCommand | undefined;
    let options: Record<string, string | boolean | undefined> = {};
    try {
      const request = JSON.parse(buffered.slice(0, end)) as { command?: unknown; options?: unknown };
      command =
        typeof request.command === 'string' ? (opts.serverCommands?.[request.command] ?? operatorCommands[request.command]) : undefined;
      if (request.options && typeof request.options === 'object') options = request.options as typeof options;
      if (!command) throw new AppError('VALIDATION_FAILED', `unknown operator command ${String(request.command)}`);
      const result = await command(opts.deps, opts.config, options, (progress) => send({ progress }));
      send({ result });
    } catch (err) {
      if (err instanceof AppError) send({ error: { code: err.code, message: err.message, errors: err.errors } });
      else {
        opts.onError(err);
        send({ error: { code: 'INTERNAL', message: 'the server failed to run the command; see its log' } });
      }
    }
    socket.end();
  });
}
