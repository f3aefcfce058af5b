import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';
import { MAX_INPUT_DEPTH } from '../core/validation/storable.js';

/** How deeply `text` nests arrays and objects, scanning past strings; stops once over `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies (REST, /trpc and /graphql alike) are refused when nested deeper than
 * MAX_INPUT_DEPTH, by a linear scan before parsing, so no recursive code downstream (parsers,
 * validators, clones) can run out of stack. Fastify's own parser (with its prototype-poisoning
 * guard) does the parsing; the body size limit applies before either.
 */
export function boundedJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // No route: the answer is 404 whatever the body holds, so it is not judged.
    if (request.is404) {
      done(null, undefined);
      return;
    }
    if (jsonDepthExceeds(body as string, MAX_INPUT_DEPTH)) {
      done(new AppError('MALFORMED_REQUEST', `request body is nested deeper than ${MAX_INPUT_DEPTH} levels`), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
