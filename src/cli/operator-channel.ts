import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { AppError } from '../core/errors.js';
import type { CommandResult, Options } from '../operator/operator-commands.js';
import { type ChannelMessage, operatorSocketPath, socketPathFits } from '../operator/operator-socket.js';
import type { Progress } from '../operator/seed.js';

/** Another process answers on the data directory's socket: the running `fas serve`. */
export class ServerNotListening extends Error {}

/**
 * Runs an operator command inside the `fas serve` that holds the embedded database in `dataDir`.
 * Throws ServerNotListening when no server answers there (then the CLI opens the database itself).
 */
export function runInServer(dataDir: string, command: string, options: Options, onProgress: (p: Progress) => void): Promise<CommandResult> {
  const file = operatorSocketPath(dataDir);
  if (!socketPathFits(file) || !existsSync(file)) return Promise.reject(new ServerNotListening());
  return new Promise((resolve, reject) => {
    let connected = false;
    let settled = false;
    let buffered = '';
    const socket = connect(file, () => {
      connected = true;
      socket.write(`${JSON.stringify({ command, options })}\n`);
    });
    socket.setEncoding('utf8');
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, end)) as ChannelMessage;
        buffered = buffered.slice(end + 1);
        if ('progress' in message) onProgress(message.progress);
        else if ('result' in message) settle(() => resolve(message.result));
        else settle(() => reject(new AppError(message.error.code as AppError['code'], message.error.message, message.error.errors)));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file nobody listens on (ECONNREFUSED) is what a killed server leaves behind.
      settle(() => reject(connected ? err : new ServerNotListening(err.code)));
    });
    socket.on('close', () => settle(() => reject(new Error('the server closed the operator channel without an answer'))));
  });
}
