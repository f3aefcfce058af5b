import { AppError, fieldError } from '../errors.js';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path and id inputs: a malformed id is a client mistake (400), never a database error. */
export function assertUuid(field: string, value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw new AppError('VALIDATION_FAILED', `${field}: must be a UUID`, [
      fieldError(field, 'invalid_format', 'must be a UUID', { format: 'uuid' }),
    ]);
  }
  return value.toLowerCase();
}
