import { type FieldError, fieldError } from '../errors.js';

/** Inputs nested deeper than this are refused before any recursive code (Ajv, clone) sees them. */
export const MAX_INPUT_DEPTH = 32;

/**
 * PostgreSQL text cannot hold U+0000 (it answers 22021); a lone surrogate would be silently
 * replaced by U+FFFD on the way to the database. Both are refused as field errors instead.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

function messageFor(s: string): string {
  return s.includes('\u0000') ? 'must not contain NUL characters' : 'must not contain unpaired UTF-16 surrogates';
}

/**
 * Field errors for strings (values and keys) that cannot be stored, and for nesting deeper than
 * MAX_INPUT_DEPTH. Iterative, so a hostile input cannot overflow the stack here. `root` names the
 * field of a top-level scalar ('body').
 */
export function unstorableFields(input: unknown, root = 'body'): FieldError[] {
  const errors: FieldError[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  const name = (path: string[]) => path.join('.') || root;
  while (stack.length > 0 && errors.length < 20) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      if (unstorable(value)) errors.push(fieldError(name(path), 'unstorable', messageFor(value)));
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      errors.push(fieldError(name(path), 'too_deep', `is nested deeper than ${MAX_INPUT_DEPTH} levels`, { limit: MAX_INPUT_DEPTH }));
      continue;
    }
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, v] of entries) {
      if (unstorable(key)) {
        errors.push(fieldError(name(path), 'unstorable', `field names ${messageFor(key)}`));
        continue;
      }
      stack.push({ value: v, path: [...path, key] });
    }
  }
  return errors.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}
