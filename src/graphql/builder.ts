import SchemaBuilder from '@pothos/core';
import DataLoader from 'dataloader';
import { type Authenticated, authenticate } from '../core/auth/authenticate.js';
import { type Ctx, createContext, type Deps, type RequestOrigin } from '../core/context.js';

export interface GraphqlContext {
  deps: Deps;
  authorization: string | undefined;
  /** Authenticated once per request, on first use (GraphiQL's page needs no credentials). */
  core: () => Promise<Ctx>;
  /** Per-request batch loaders (one query per field per request, not per parent). */
  loaders: Map<string, unknown>;
  /**
   * Set for a query operation before it executes: its lists and aggregates may come from a replica
   * (a mutation's answer must show its own write). A box, as yoga copies the context's fields.
   */
  operation: { query: boolean };
}

/** `authenticated` answers for the request (once per request); by default the header is authenticated on first use. */
export function graphqlContext(
  deps: Deps,
  authorization: string | undefined,
  authenticated: () => Promise<Authenticated> = () => authenticate(deps, authorization),
  request?: RequestOrigin,
): GraphqlContext {
  let auth: Promise<Ctx> | undefined;
  const operation = { query: false };
  return {
    deps,
    authorization,
    loaders: new Map(),
    operation,
    core: () => {
      auth ??= authenticated().then((a) =>
        createContext(deps, a, { ...(operation.query ? { reads: 'replica' as const } : {}), ...(request ? { request } : {}) }),
      );
      return auth;
    },
  };
}

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  Scalars: { DateTime: { Input: string; Output: string }; JSON: { Input: unknown; Output: unknown } };
  DefaultFieldNullability: false;
}>({ defaultFieldNullability: false });

builder.scalarType('DateTime', {
  description: 'RFC 3339 date-time string (UTC, milliseconds).',
  serialize: (v) => v,
  parseValue: (v) => String(v),
});

builder.scalarType('JSON', {
  description: "Any JSON value (an event's `details`, shaped as the webhook of its type in openapi.yaml).",
  serialize: (v) => v,
  parseValue: (v) => v,
});

builder.queryType({ description: 'What analysts read: everything is scoped to the workspace of the token or API key.' });
builder.mutationType({ description: 'The one write GraphQL offers (analysts read; the rest is REST and the dashboard).' });

/** A DataLoader that lives for one request, created on first use under `key`. */
export function loaderFor<K, V>(ctx: GraphqlContext, key: string, batch: (core: Ctx, keys: readonly K[]) => Promise<(V | null)[]>) {
  let loader = ctx.loaders.get(key) as DataLoader<K, V | null> | undefined;
  if (!loader) {
    loader = new DataLoader<K, V | null>(async (keys) => batch(await ctx.core(), keys));
    ctx.loaders.set(key, loader);
  }
  return loader;
}
