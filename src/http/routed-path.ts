import type { FastifyRequest } from 'fastify';

/** `%XX` escapes, hex digits in either case. */
const ESCAPE = /%([0-9A-Fa-f]{2})/g;

/** Every escape decoded (UTF-8 where it forms characters, byte by byte otherwise). */
function decodeEscapes(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    // A malformed sequence somewhere: decode the ASCII escapes, which is all a route name uses.
    return path.replace(ESCAPE, (sequence, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code < 0x80 ? String.fromCharCode(code) : sequence;
    });
  }
}

/**
 * A request target's path as a router could ever read it: the query and fragment dropped, every
 * percent-escape decoded (upper or lower hex), runs of slashes collapsed and dot segments resolved.
 * Two spellings of one path give one answer, so a decision taken on it cannot be dodged by
 * spelling the path differently.
 */
export function normalisedPath(url: string): string {
  const raw = url.split(/[?#]/, 1)[0] ?? '';
  const segments: string[] = [];
  for (const segment of decodeEscapes(raw).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = raw.length > 1 && raw.endsWith('/') && segments.length > 0 ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

/**
 * The path the request is answered on: the matched route's pattern (`/api/v2/accounts/:accountId`,
 * `/trpc/:path`), which is what the router decoded the target to, however it was spelt; for a
 * target no route matches, its normalised path. Rate limits, load shedding and the protocol of a
 * refusal decide on this, never on the raw URL (`/%61pi/v2/accounts` is `/api/v2/accounts`).
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? normalisedPath(request.url);
}
