import { type ASTNode, GraphQLError, Kind, parse, visit } from 'graphql';
import { type ErrorCode, errorKinds, type FieldError } from '../core/errors.js';
import { contractDocument } from '../core/validation/contract-document.js';
import { schema } from './schema.js';

const VARIABLE_ERROR = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)" /;
const AT_PATH = /^Variable "\$[_A-Za-z0-9]+" got invalid value .*? at "\$?[_A-Za-z0-9]+((?:\.[_A-Za-z0-9]+|\[\d+\])*)"; /s;

/** Where `$name` is used: argument name, then input-object field names (first use). */
function usagePath(source: string, name: string): string[] {
  const path: string[] = [];
  let found: string[] | undefined;
  visit(parse(source, { noLocation: true }), {
    enter(node: ASTNode) {
      if (node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD) path.push(node.name.value);
      if (node.kind === Kind.VARIABLE && node.name.value === name && path.length && !found) found = [...path];
    },
    leave(node: ASTNode) {
      if (node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD) path.pop();
    },
  });
  return found ?? [name];
}

function enumValues(typeName: string): string[] {
  // The contract's order, as REST lists them; GraphQL's printed schema sorts them.
  const contract = contractDocument().components.schemas[typeName] as { enum?: string[] } | undefined;
  if (contract?.enum) return contract.enum;
  // Duck-typed: the schema may come from the other (CommonJS) build of graphql, so isEnumType fails.
  const type = schema.getType(typeName) as { getValues?: () => { value: unknown }[] } | undefined;
  return type?.getValues ? type.getValues().map((v) => String(v.value)) : [];
}

/** graphql-js's coercion message, said the way the REST validators say it. */
function restMessage(reason: string): Omit<FieldError, 'field'> & { field?: string } {
  let m = /^Field "([^"]+)" of required type .* was not provided/.exec(reason);
  if (m) return { field: m[1], code: 'required', message: 'is required' };
  m = /^Field "([^"]+)" is not defined by type/.exec(reason);
  if (m) return { field: m[1], code: 'unknown_field', message: 'is not a known field' };
  m = /^Value .* does not exist in "([^"]+)" enum/s.exec(reason);
  if (m) {
    const allowed = enumValues(m[1] as string);
    return { code: 'not_allowed', params: { allowed }, message: `must be one of: ${allowed.join(', ')}` };
  }
  if (/^(Expected non-nullable type .* not to be null|.* was not provided)/.test(reason))
    return { code: 'required', message: 'is required' };
  const type = (t: string, message: string) => ({ code: 'invalid_type' as const, params: { type: t }, message });
  if (/^Int cannot represent/.test(reason)) return type('integer', 'must be an integer');
  if (/^Float cannot represent/.test(reason)) return type('number', 'must be of type number');
  if (/^Boolean cannot represent/.test(reason)) return type('boolean', 'must be of type boolean');
  if (/^(String|ID) cannot represent/.test(reason)) return type('string', 'must be of type string');
  if (/^Expected type .* to be an object/.test(reason)) return type('object', 'must be of type object');
  return { code: 'invalid', message: 'is invalid' };
}

/**
 * A variable that does not fit its declared type is the client's mistake: BAD_USER_INPUT with
 * the field errors REST gives for the same input (field named as in the REST body or query:
 * `createAccount(input: $i)` with `$i.email` missing is `email: is required`). Other errors: undefined.
 */
export function variableError(error: GraphQLError): GraphQLError | undefined {
  const head = VARIABLE_ERROR.exec(error.message);
  const source = error.nodes?.[0]?.loc?.source.body;
  if (!head || source === undefined) return undefined;
  const variable = head[1] as string;
  const reason = error.message.includes('; ') ? error.message.slice(error.message.indexOf('; ') + 2) : error.message;
  const inner = (AT_PATH.exec(error.message)?.[1] ?? '').split(/\.|\[(\d+)\]/).filter((s): s is string => !!s);
  const { field, ...problem } = restMessage(error.message.includes('; ') ? reason : error.message);
  let segments = [...usagePath(source, variable), ...inner, ...(field ? [field] : [])];
  // The wrapping argument (`input`, `filter`) is the REST body or query string itself.
  if (segments.length > 1) segments = segments.slice(1);
  const errors: FieldError[] = [{ field: segments.join('.'), ...problem }];
  return new GraphQLError(`${errors[0]?.field}: ${problem.message}`, {
    nodes: error.nodes,
    extensions: { code: 'BAD_USER_INPUT' satisfies ErrorCode, errors, http: { status: errorKinds.BAD_USER_INPUT.http } },
  });
}
