import { createRequire } from 'node:module';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type ErrorCode, errorKinds } from '../core/errors.js';

// The CommonJS build of graphql, as in yoga.ts: the documents come from the parser yoga runs under Node.
const { getOperationAST } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

function operationInvalid(message: string): GraphQLError {
  const code = 'GRAPHQL_OPERATION_INVALID' satisfies ErrorCode;
  return new GraphQLError(message, { extensions: { code, errors: [], http: { status: errorKinds[code].http } } });
}

/**
 * Refuses, once parsed and before anything runs, a document without one operation this server
 * runs: a subscription (the schema has none; events come by stream or webhook), or an
 * `operationName` that names none of its operations (or is missing while it has several).
 */
export const operationGuardPlugin: Plugin = {
  onParse() {
    return ({ result, context }) => {
      const { request, params } = context as { request?: unknown; params?: { operationName?: unknown } };
      if (!request || !result || result instanceof Error) return;
      const name = typeof params?.operationName === 'string' ? params.operationName : undefined;
      const operation = getOperationAST(result, name);
      if (!operation) {
        throw operationInvalid(
          name !== undefined
            ? `the document has no operation named "${name.slice(0, 100)}"`
            : 'the document has several operations: name the one to run in operationName',
        );
      }
      if (operation.operation === 'subscription') {
        throw operationInvalid('subscriptions are not served: follow events with GET /api/v2/events/stream or webhooks');
      }
    };
  },
};

/** graphql-yoga's own request errors, in the documented vocabulary (docs/api.md, "API conventions"). */
const YOGA_CODES: Record<string, ErrorCode> = {
  // A batched array, a body that is not JSON, a `query` that is not a string, a mutation over GET (405).
  BAD_REQUEST: 'MALFORMED_REQUEST',
  OPERATION_RESOLUTION_FAILURE: 'GRAPHQL_OPERATION_INVALID',
};

interface YogaErrorLike {
  message: string;
  extensions?: { code?: unknown; http?: { status?: number; headers?: Record<string, string> } };
}

/**
 * A yoga request error with one of our codes (its HTTP status and headers kept, its parser's
 * `originalError` dropped); undefined for any other error.
 */
export function documentedRequestError(error: YogaErrorLike): GraphQLError | undefined {
  const code = typeof error.extensions?.code === 'string' ? YOGA_CODES[error.extensions.code] : undefined;
  if (!code) return undefined;
  const http = error.extensions?.http;
  const message = code === 'GRAPHQL_OPERATION_INVALID' ? 'the document has no operation to run with this operationName' : error.message;
  return new GraphQLError(message, {
    extensions: {
      code,
      errors: [],
      http: { status: http?.status ?? errorKinds[code].http, ...(http?.headers ? { headers: http.headers } : {}) },
    },
  });
}
