import { TRPCClientError, type TRPCClientErrorLike } from '@trpc/client';
import type { AppRouter } from '../trpc/router.js';
import { fieldLabel } from './labels.js';

/** The `data` of a tRPC error, as the server's error formatter shapes it (src/trpc/init.ts). */
type ErrorData = NonNullable<TRPCClientErrorLike<AppRouter>['data']>;
export type FieldError = ErrorData['errors'][number];

/** The shared error vocabulary (`code`, field `errors`) carried in tRPC errors. */
export function errorInfo(err: unknown): { code: string; message: string; errors: FieldError[] } {
  if (err instanceof TRPCClientError) {
    const data = err.data as Partial<ErrorData> | undefined;
    // No error document at all: the request never got an answer from FAS.
    return { code: data?.code ?? 'NETWORK', message: err.message, errors: data?.errors ?? [] };
  }
  return { code: 'INTERNAL', message: err instanceof Error ? err.message : 'unexpected error', errors: [] };
}

/** The validator's wording ("must be at least 3 characters") as an instruction to a person. */
export function friendlyFieldMessage(message: string): string {
  const rules: [RegExp, (...m: string[]) => string][] = [
    [/^must be at least (\d+) characters$/, (n) => `Type at least ${n} characters`],
    [/^must be at most (\d+) characters$/, (n) => `Use at most ${n} characters`],
    [/^must be a UUID$/, () => 'Enter a whole id (36 characters, as shown by the copy button)'],
    [/^must be an RFC 3339 date-time$/, () => 'Enter a date and time'],
    [/^must be one of: (.*)$/, (list) => `Choose one of: ${list}`],
    [/^must be >= (\S+)$/, (n) => `Use ${n} or more`],
    [/^must be <= (\S+)$/, (n) => `Use ${n} or less`],
    [/^is not a known field$/, () => 'Is not something this page can filter by'],
    [/^is required$/, () => 'Fill this in'],
  ];
  for (const [re, say] of rules) {
    const m = re.exec(message);
    if (m) return say(...m.slice(1));
  }
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** A problem as a person reads it: a sentence, and one line per field when the input was refused. */
export function friendlyError(err: unknown): { title: string; fields: { label: string; message: string }[]; code: string } {
  const e = errorInfo(err);
  const fields = e.errors.map((f) => ({ label: fieldLabel(f.field), message: friendlyFieldMessage(f.message) }));
  const titles: Record<string, string> = {
    VALIDATION_FAILED: fields.length ? 'Please check these values:' : `Please check what you entered: ${e.message}`,
    MALFORMED_REQUEST: 'The request could not be read; reload the page and try again.',
    NOT_FOUND: 'Not found: it does not exist in this workspace, or it was deleted.',
    FORBIDDEN: 'Your role may not do this (analysts read only).',
    UNAUTHENTICATED: 'Your session has ended; sign in again.',
    INVALID_STATE: `Not possible now: ${e.message}.`,
    LIMIT_REACHED: `Limit reached: ${e.message}.`,
    RATE_LIMITED: 'Too many requests right now; wait a moment and try again.',
    OVERLOADED: 'The server is busy right now; wait a moment and try again.',
    QUERY_TIMEOUT: 'This took too long to answer; narrow the filters and try again.',
    DATABASE_UNAVAILABLE: 'The database is unavailable for a moment; nothing was changed. Try again shortly.',
    NETWORK: 'The server could not be reached; check the connection and try again.',
    INTERNAL: 'Something went wrong on the server. Try again; if it persists, tell your operator.',
  };
  return { title: titles[e.code] ?? e.message, fields, code: e.code };
}
