import { createServer } from 'node:net';

/** The address `fas serve` is to listen on cannot be had; the message names the variables to change. */
export class PortUnavailableError extends Error {}

/**
 * Why `host:port` cannot be listened on, in the words of the variables that set it (`PORT` and
 * `HOST`, or `FAS_METRICS_ADDRESS`).
 */
export function unavailableAddress(
  err: unknown,
  where: { host: string; port: number; variables: string },
): PortUnavailableError | undefined {
  const code = (err as NodeJS.ErrnoException)?.code;
  const at = `${where.host}:${where.port} (${where.variables})`;
  const example = where.variables.startsWith('PORT') ? `, e.g. PORT=${where.port === 8080 ? 8081 : 8080} npm start` : '';
  const fix = `set ${where.variables} to a free address${example}`;
  if (code === 'EADDRINUSE') return new PortUnavailableError(`${at} is already in use by another process; ${fix}`);
  if (code === 'EACCES')
    return new PortUnavailableError(`${at} may not be listened on by this user (ports below 1024 need privileges); ${fix}`);
  if (code === 'EADDRNOTAVAIL') return new PortUnavailableError(`${at}: ${where.host} is not an address of this machine; ${fix}`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new PortUnavailableError(`${at}: the host ${where.host} does not resolve; ${fix}`);
  return undefined;
}

/**
 * Fails with a PortUnavailableError when `host:port` cannot be listened on, by binding it for a
 * moment. `fas serve` asks before it opens (or creates) the database and prints first-start
 * secrets, so a taken port changes nothing. Port 0 (any free port) is always available.
 */
export async function assertAddressAvailable(where: { host: string; port: number; variables: string }): Promise<void> {
  if (where.port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err) => {
      const refused = unavailableAddress(err, where);
      reject(refused ? new PortUnavailableError(`${refused.message} (nothing was opened or created)`) : err);
    });
    probe.listen({ host: where.host, port: where.port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
