import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { QueryOperation, Schemas, ValidatedQuery } from '../contract.js';
import { type FieldError, fieldError, validationError } from '../errors.js';
import { compiledValidators } from './compiled-validators.js';
import { bodyKey, CONTRACT_ID, contractAjv, operationIds, queryKey, querySchema } from './contract-ajv.js';
import { contractDocument } from './contract-document.js';
import { DISPLAY_TEXT_FORMAT, DISPLAY_TEXT_MESSAGE, hiddenCharIn } from './display-text.js';
import { unstorableFields } from './storable.js';

let ajv: Ajv2020 | undefined;
/** Ajv with the contract, to compile at run time what the build did not (see compiled-validators.ts). */
function instance() {
  ajv ??= contractAjv(contractDocument());
  return ajv;
}

const cache = new Map<string, ValidateFunction>();

function fieldOf(err: ErrorObject): string {
  const base = err.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.')
    // Array positions read as indexes: `people[2].ownershipPercent`, not `people.2.ownershipPercent`.
    .replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  const extra =
    err.keyword === 'required'
      ? (err.params as { missingProperty: string }).missingProperty
      : err.keyword === 'additionalProperties'
        ? (err.params as { additionalProperty: string }).additionalProperty
        : undefined;
  const full = [base, extra].filter(Boolean).join('.');
  return full || 'body';
}

const formatNames: Record<string, string> = {
  email: 'a valid email address',
  uuid: 'a UUID',
  date: 'a real calendar date YYYY-MM-DD',
  'date-time': 'an RFC 3339 date-time',
  uri: 'a URI',
};

/** The value an error points at (`/a/0/b`), to name what was wrong with it. */
function valueAt(input: unknown, pointer: string): unknown {
  let v = input;
  for (const part of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

/** A display-text error names the first character refused (`U+202E`), so the sender can find it. */
function displayTextOf(err: ErrorObject, field: string, input: unknown): FieldError | undefined {
  if (err.keyword !== 'format' || (err.params as { format?: string }).format !== DISPLAY_TEXT_FORMAT) return undefined;
  const value = valueAt(input, err.instancePath);
  const found = typeof value === 'string' ? hiddenCharIn(value) : undefined;
  return found
    ? fieldError(field, 'hidden_characters', `${DISPLAY_TEXT_MESSAGE} (found ${found})`, { found })
    : fieldError(field, 'hidden_characters', DISPLAY_TEXT_MESSAGE);
}

/** An Ajv error as the contract's field error: its code and params, and the English message. */
function fieldErrorOf(err: ErrorObject, field: string): FieldError {
  const p = err.params as Record<string, unknown>;
  const limit = Number(p.limit);
  switch (err.keyword) {
    case 'required':
      return fieldError(field, 'required', 'is required');
    case 'additionalProperties':
      return fieldError(field, 'unknown_field', 'is not a known field');
    case 'type':
      return fieldError(field, 'invalid_type', `must be ${p.type === 'integer' ? 'an integer' : `of type ${String(p.type)}`}`, {
        type: String(p.type),
      });
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String);
      return fieldError(field, 'not_allowed', `must be one of: ${allowed.join(', ')}`, { allowed });
    }
    case 'const':
      return fieldError(field, 'not_allowed', `must be ${String(p.allowedValue)}`, { allowed: [String(p.allowedValue)] });
    case 'format': {
      const format = String(p.format);
      return fieldError(field, 'invalid_format', `must be ${formatNames[format] ?? `in ${format} format`}`, { format });
    }
    case 'minLength':
      return fieldError(field, 'too_short', `must be at least ${limit} characters`, { limit });
    case 'maxLength':
      return fieldError(field, 'too_long', `must be at most ${limit} characters`, { limit });
    case 'minimum':
      return fieldError(field, 'too_small', `must be >= ${limit}`, { limit });
    case 'maximum':
      return fieldError(field, 'too_large', `must be <= ${limit}`, { limit });
    case 'pattern':
      return fieldError(field, 'invalid_format', 'has an invalid format', { format: 'pattern' });
    case 'minProperties':
      return fieldError(field, 'too_few', `must have at least ${limit} field(s)`, { limit });
    case 'minItems':
      return fieldError(field, 'too_few', `must have at least ${limit} items`, { limit });
    case 'maxItems':
      return fieldError(field, 'too_many', `must have at most ${limit} items`, { limit });
    default:
      return fieldError(field, 'invalid', err.message ?? 'is invalid');
  }
}

/** Ajv errors as field errors: one per field, the most specific first. `input` is what was validated. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, input?: unknown): FieldError[] {
  const out = new Map<string, FieldError>();
  for (const err of errors ?? []) {
    // `type: [string, 'null']` and friends report an `anyOf`/`oneOf` summary after the detail.
    if (err.keyword === 'anyOf' || err.keyword === 'oneOf' || err.keyword === 'if') continue;
    const field = fieldOf(err);
    if (!out.has(field)) out.set(field, displayTextOf(err, field, input) ?? fieldErrorOf(err, field));
  }
  return [...out.values()];
}

/** NUL, lone surrogates and absurd nesting never reach Ajv or the database. */
function refuseUnstorable(input: unknown): void {
  const errors = unstorableFields(input);
  if (errors.length) throw validationError(errors);
}

function run<T>(validate: ValidateFunction, input: unknown): T {
  if (validate(input)) return input as T;
  throw validationError(toFieldErrors(validate.errors, input));
}

/** Validates `input` against `components.schemas[name]`; throws VALIDATION_FAILED. */
export function validateBody<N extends keyof Schemas>(name: N, input: unknown): Schemas[N] {
  const key = bodyKey(String(name));
  let v = cache.get(key);
  if (!v) {
    v = bodyValidator(String(name));
    if (!v) throw new Error(`no schema ${String(name)} in openapi.yaml`);
    cache.set(key, v);
  }
  // A body that is not an object is reported once, for the whole body.
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw validationError([fieldError('body', 'invalid_type', 'must be a JSON object', { type: 'object' })]);
  }
  refuseUnstorable(input);
  return run<Schemas[N]>(v, structuredClone(input));
}

/** A body schema's validator: the build's compiled one, else compiled now. */
function bodyValidator(name: string): ValidateFunction | undefined {
  return compiledValidators()?.[bodyKey(name)] ?? instance().getSchema(`${CONTRACT_ID}#/components/schemas/${name}`);
}

function queryValidator(operationId: string): { validate: ValidateFunction; integers: Set<string> } {
  const { schema, integers } = querySchema(contractDocument(), operationId);
  const validate = compiledValidators()?.[queryKey(operationId)] ?? instance().compile(schema);
  return { validate, integers: new Set(integers) };
}

const queryCache = new Map<string, ReturnType<typeof queryValidator>>();

/**
 * The queries this module produced, with the operation each was validated for: REST validates a
 * request's query once, before its handler (src/rest/query-parameters.ts), and hands the result on
 * as `request.query`; the use case that receives it takes it as it is instead of validating again.
 */
const validatedQueries = new WeakMap<object, string>();

/**
 * Validates the query parameters of an operation as one object (unknown parameters rejected,
 * defaults applied). Integer parameters may arrive as decimal strings (REST query strings);
 * anything else that is not an integer is refused rather than guessed at. The result's type is the
 * operation's generated query type, with the parameters that have a default made required.
 */
export function validateQuery<Op extends QueryOperation>(operationId: Op, input: unknown): ValidatedQuery<Op> {
  if (input && typeof input === 'object' && validatedQueries.get(input) === operationId) return input as ValidatedQuery<Op>;
  let q = queryCache.get(operationId);
  if (!q) {
    q = queryValidator(operationId);
    queryCache.set(operationId, q);
  }
  const source = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  refuseUnstorable(source);
  const value: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source)) {
    if (v === undefined || v === null) continue;
    value[k] = q.integers.has(k) && typeof v === 'string' && /^[+-]?\d{1,15}$/.test(v) ? Number(v) : v;
  }
  const validated = run<ValidatedQuery<Op>>(q.validate, value);
  validatedQueries.set(validated, operationId);
  return validated;
}

/**
 * Validates the query of any operation against the parameters it declares: the REST layer
 * refuses undeclared parameters (and invalid declared ones) this way for every operation, before
 * its handler (src/rest/query-parameters.ts), and passes the result on as the handler's query,
 * which the operation's use case then takes without validating it again.
 */
export function checkOperationQuery(operationId: string, input: unknown): Record<string, unknown> {
  return validateQuery(operationId as QueryOperation, input) as Record<string, unknown>;
}

/** A validator for any schema in the contract, by JSON pointer (used by contract tests). */
export function contractSchemaAt(pointer: string): ValidateFunction {
  const v = instance().getSchema(`${CONTRACT_ID}${pointer}`);
  if (!v) throw new Error(`no schema at ${pointer} in openapi.yaml`);
  return v;
}

/**
 * Compiles every body schema and every operation's query validator now. Lazily, the first
 * requests would each pay a compilation that blocks the event loop (about a second in all here),
 * enough to trip load shedding right after a start; a server calls this before it listens.
 */
export function warmValidators(): void {
  const doc = contractDocument();
  for (const name of Object.keys(doc.components.schemas)) {
    const key = bodyKey(name);
    if (cache.has(key)) continue;
    const v = bodyValidator(name);
    if (v) cache.set(key, v);
  }
  for (const id of operationIds(doc)) {
    if (!queryCache.has(id)) queryCache.set(id, queryValidator(id));
  }
}
