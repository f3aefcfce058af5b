/**
 * Error facts safe to log: type, code and stack frames, never the message, which may quote user
 * input (PII) or a database value.
 */
export function safeError(err: unknown) {
  const e = err as (Error & { code?: unknown }) | undefined;
  return { type: e?.name ?? typeof err, code: e?.code, stack: e?.stack?.split('\n').slice(1, 8).join('\n') };
}
