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

/**
 * A field error as an instruction to a person, from its machine `code` and `params` (openapi.yaml
 * `FieldErrorCode`), not from the English `message`, whose wording the server may change. A code
 * with nothing more to say than the server's sentence (`invalid`, a rule of the operation) shows it.
 */
export function friendlyFieldMessage(e: Pick<FieldError, 'code' | 'params' | 'message'>): string {
  const p = e.params ?? {};
  const say: Partial<Record<FieldError['code'], string>> = {
    required: 'Fill this in',
    unknown_field: 'Is not something this page can filter by',
    too_short: p.limit === 1 ? 'Must not be blank' : `Type at least ${p.limit} characters`,
    too_long: `Use at most ${p.limit} characters`,
    too_small: p.limit === undefined ? undefined : `Use ${p.limit} or more`,
    too_large: p.limit === undefined ? undefined : `Use ${p.limit} or less`,
    not_allowed: p.allowed ? `Choose one of: ${p.allowed.join(', ')}` : undefined,
    too_precise: p.limit === undefined ? undefined : `Use at most ${p.limit} decimal places${p.currency ? ` for ${p.currency}` : ''}`,
    hidden_characters: `Remove the hidden character${p.found ? ` (${p.found})` : ''}: control, invisible or direction marks`,
    unstorable: 'Remove the invisible control characters',
    invalid_format: formatAdvice(p.format),
  };
  const text = say[e.code] ?? e.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function formatAdvice(format: string | undefined): string | undefined {
  switch (format) {
    case 'uuid':
      return 'Enter a whole id (36 characters, as shown by the copy button)';
    case 'date-time':
      return 'Enter a date and time';
    case 'date':
      return 'Enter a real date';
    case 'email':
      return 'Enter an email address such as name@example.com';
    case 'uri':
      return 'Enter a whole address, starting with https://';
    default:
      return undefined;
  }
}

/** A problem as a person reads it: a sentence, and one line per field when the input was refused. */
export function friendlyError(err: unknown): { title: string; fields: { label: string; message: string }[]; code: string } {
  const e = errorInfo(err);
  const fields = e.errors.map((f) => ({ label: fieldLabel(f.field), message: friendlyFieldMessage(f) }));
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
