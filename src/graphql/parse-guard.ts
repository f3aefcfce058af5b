import { GraphQLError, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type ErrorCode, errorKinds } from '../core/errors.js';

/** Documents nested deeper than this (selections, lists, objects, arguments) are refused unparsed. */
export const MAX_DOCUMENT_NESTING = 64;
/** More tokens than any real analyst query; the parser stops counting here. */
export const MAX_DOCUMENT_TOKENS = 10_000;

/**
 * The deepest `{`, `[` or `(` nesting in a GraphQL document, skipping strings, block strings and
 * comments; stops once over `limit`. Linear, so a hostile document cannot exhaust the stack of
 * the recursive parser and validators behind it.
 */
export function documentNestingExceeds(source: string, limit: number): boolean {
  let depth = 0;
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '#') {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (c === '"') {
      if (source.startsWith('"""', i)) {
        const end = source.indexOf('"""', i + 3);
        i = end < 0 ? source.length : end + 2;
      } else {
        i++;
        while (i < source.length && source[i] !== '"' && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      }
    } else if (c === '{' || c === '[' || c === '(') {
      if (++depth > limit) return true;
    } else if (c === '}' || c === ']' || c === ')') depth--;
    i++;
  }
  return false;
}

function parseFailed(message: string): GraphQLError {
  const code = 'GRAPHQL_PARSE_FAILED' satisfies ErrorCode;
  return new GraphQLError(message, { extensions: { code, http: { status: errorKinds[code].http } } });
}

/** Bounds a document's nesting and token count before graphql-js parses it. */
export const parseGuardPlugin: Plugin = {
  onParse({ setParseFn }) {
    setParseFn((source, options) => {
      const text = typeof source === 'string' ? source : source.body;
      if (documentNestingExceeds(text, MAX_DOCUMENT_NESTING)) {
        throw parseFailed(`the document is nested deeper than ${MAX_DOCUMENT_NESTING} levels`);
      }
      try {
        return parse(source, { ...options, maxTokens: MAX_DOCUMENT_TOKENS });
      } catch (err) {
        if (err instanceof Error && err.name === 'GraphQLError') throw parseFailed(err.message);
        throw err;
      }
    });
  },
};
