import type { Ctx, Deps } from '../../src/core/context.js';
import { createApiKey } from '../../src/core/workspaces/create-api-key.js';
import type { Database } from '../../src/db/database.js';
import { buildApp } from '../../src/server/app.js';

/**
 * The real app (buildApp) served in the bench's own process on 127.0.0.1 at a free port, with an
 * API key of `ctx`'s workspace: what the benches that compare a use case with its REST answer start.
 */
export async function serveInProcess(
  database: Database,
  deps: Deps,
  ctx: Ctx,
  keyName = 'bench',
): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; base: string; port: number; key: string }> {
  const { key } = await createApiKey(ctx, { name: keyName });
  const app = await buildApp({
    deps,
    ping: database.ping,
    listen: database.listen,
    logLevel: false,
    graphiql: false,
    bodyLimitBytes: 1 << 20,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}`, port, key };
}
