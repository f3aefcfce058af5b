import { AppError, fieldError } from '../errors.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** For operator inputs that have no contract schema (CLI): the same rule and error shape. */
export function assertEmail(field: string, value: string): void {
  if (value.length > 254 || !EMAIL.test(value)) {
    throw new AppError('VALIDATION_FAILED', `${field}: must be a valid email address`, [
      fieldError(field, 'invalid_format', 'must be a valid email address', { format: 'email' }),
    ]);
  }
}
