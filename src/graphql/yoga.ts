import { createRequire } from 'node:module';
import { useGraphQlJit } from '@envelop/graphql-jit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Deps } from '../core/context.js';
import { AppError, databaseFault, retryAfterSeconds } from '../core/errors.js';
import { authenticateRequest, requestOrigin } from '../http/request-caller.js';
import { safeError } from '../logging/safe-error.js';
import { type GraphqlContext, graphqlContext } from './builder.js';
import { graphiqlPage } from './graphiql-page.js';
import { operationCost, queryLimitsRule } from './limits.js';
import { documentedRequestError, operationGuardPlugin } from './operation-guard.js';
import { parseGuardPlugin } from './parse-guard.js';
import { schema } from './schema.js';
import { slicedResultPlugin } from './sliced-result.js';
import { variableError } from './variable-errors.js';

/**
 * Deep enough for every real query; a page of 1,000 transactions with ~60 fields fits the cost,
 * and so do up to 9 aggregates (AGGREGATE_COST each). Documented in docs/api.md ("GraphQL and tRPC notes").
 */
export const QUERY_LIMITS = { maxDepth: 10, maxCost: 100_000, maxAliases: 100, maxRootFields: 20 };

interface GraphqlErrorLike {
  name: string;
  originalError?: unknown;
  path?: readonly (string | number)[];
  nodes?: GraphQLError['nodes'];
}

// Duck-typed: graphql may be loaded twice (ESM and CommonJS builds), so `instanceof` is unreliable.
function isGraphqlError(e: unknown): e is GraphqlErrorLike {
  return e instanceof Error && e.name === 'GraphQLError';
}

/** Core errors carry their code into `extensions`; anything unexpected is INTERNAL, unexplained. */
function maskError(error: unknown, log: FastifyInstance['log']): Error {
  const wrapper = isGraphqlError(error) ? error : undefined;
  const original = wrapper?.originalError ?? error;
  const location = { nodes: wrapper?.nodes, path: wrapper?.path };
  const fault = databaseFault(original);
  if (fault) {
    // Nothing was done and it may be retried: HTTP 503 with Retry-After, as REST and tRPC answer it.
    const http = { status: fault.kind.http, headers: { 'retry-after': String(retryAfterSeconds(fault) ?? 1) } };
    return new GraphQLError(fault.message, { ...location, extensions: { code: fault.code, errors: [], http } });
  }
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      ...location,
      extensions: { code: original.code, errors: original.errors ?? [], ...(original.funds ? { funds: original.funds } : {}) },
    });
  }
  const request = wrapper && !wrapper.originalError ? documentedRequestError(wrapper as GraphQLError) : undefined;
  if (request) return request;
  const badInput = wrapper ? variableError(wrapper as GraphQLError) : undefined;
  if (badInput) return badInput;
  // Parse and validation errors of the query itself are the client's, with yoga's own codes.
  if (wrapper && !wrapper.originalError) return error as Error;
  log.error({ err: safeError(original) }, 'graphql internal error');
  return new GraphQLError('internal error', { ...location, extensions: { code: 'INTERNAL' } });
}

const limitsPlugin: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(queryLimitsRule(QUERY_LIMITS));
  },
};

/** Cost units per rate-limit token: a request pays 1 + floor(cost / COST_PER_TOKEN) (docs/api.md, "Rate limits"). */
export const COST_PER_TOKEN = 1000;

/**
 * GraphQL pays the rate limiter for its cost once the document is known, on top of the token every
 * request paid on arrival; a caller without the tokens gets 429 RATE_LIMITED with Retry-After.
 */
const rateCostPlugin: Plugin = {
  async onExecute({ args, setResultAndStopExecution }) {
    const limit = (args.contextValue as { req?: FastifyRequest }).req?.fasRateLimit;
    if (!limit) return;
    const cost = operationCost(args.schema, args.document, args.operationName) ?? QUERY_LIMITS.maxCost;
    const answer = await limit.spend(Math.floor(cost / COST_PER_TOKEN));
    if (answer.ok) return;
    setResultAndStopExecution({
      errors: [
        new GraphQLError(answer.message, {
          extensions: {
            code: 'RATE_LIMITED',
            errors: [],
            http: { status: 429, headers: { 'retry-after': String(answer.retryAfterSeconds) } },
          },
        }),
      ],
    });
  },
};

// The CommonJS build of graphql, which the schema's types (Pothos) and graphql-jit come from under Node: a
// module imported through a bundler-style resolver (vitest) would get the ESM build, whose coercion refuses
// types "from another module or realm".
const { getOperationAST, getVariableValues } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/**
 * Variables are coerced by graphql-js, as without the compiler: its errors carry the messages and
 * locations `variableError` turns into REST's field errors (graphql-jit words them differently).
 */
const variablesPlugin: Plugin = {
  onExecute({ executeFn, setExecuteFn }) {
    setExecuteFn((args) => {
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.variableDefinitions?.length) {
        const coerced = getVariableValues(args.schema, operation.variableDefinitions, args.variableValues ?? {}, { maxErrors: 50 });
        if (coerced.errors) return { errors: coerced.errors };
      }
      return executeFn(args);
    });
  },
};

/** A query's lists and aggregates may come from a replica; a mutation reads on the primary (its answer shows its write). */
const readsPlugin: Plugin = {
  onExecute({ args }) {
    (args.contextValue as unknown as GraphqlContext).operation.query =
      getOperationAST(args.document, args.operationName)?.operation === 'query';
  },
};

const JSON_RESULT = /^application\/(graphql-response\+)?json\b/;

/** Mounts graphql-yoga at /graphql, with GraphiQL (assets bundled, served from here) for browsers. */
export function graphqlRoute(app: FastifyInstance, opts: { deps: Deps; graphiql: boolean }): void {
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }, GraphqlContext>({
    schema,
    graphiql: opts.graphiql,
    renderGraphiQL: () => graphiqlPage().html,
    landingPage: false,
    // CORS is decided for the whole server (src/server/cors.ts): configured origins only.
    cors: false,
    logging: false,
    maskedErrors: { maskError: (error) => maskError(error, app.log) },
    context: ({ req }) =>
      graphqlContext(opts.deps, req.headers.authorization, () => authenticateRequest(opts.deps, req), requestOrigin(req)),
    // Queries compiled to JavaScript (graphql-jit), once per document (yoga caches parsed documents): a
    // page of 100 transactions resolves thousands of fields, which graphql-js's interpreter made
    // cost far more than REST (docs/benchmarks.md, "Measurements behind code decisions").
    // A document graphql-jit cannot compile comes back as the result's errors, masked and logged
    // once as a JSON line by maskError: not also printed on the console (the plugin's default).
    plugins: [
      parseGuardPlugin,
      operationGuardPlugin,
      limitsPlugin,
      rateCostPlugin,
      readsPlugin,
      useGraphQlJit({}, { onError: () => {} }),
      variablesPlugin,
      slicedResultPlugin,
    ],
  });
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      if (response.headers.get('content-type')?.startsWith('text/html')) {
        reply.header('content-security-policy', graphiqlPage().csp);
      }
      reply.status(response.status);
      // A JSON result is one string already: sent as it is, not streamed through a Web stream turned
      // into a Node one (docs/benchmarks.md, "Where REST's time goes"); GraphiQL's page and any
      // incremental (multipart, event-stream) answer still stream.
      reply.send(JSON_RESULT.test(response.headers.get('content-type') ?? '') ? await response.text() : response.body);
      return reply;
    },
  });
}
