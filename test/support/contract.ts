import type { ErrorObject } from 'ajv';
import { contractDocument } from '../../src/core/validation/contract-document.js';
import { contractSchemaAt } from '../../src/core/validation/validators.js';

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
}

const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function templates(): { template: string; regex: RegExp }[] {
  return Object.keys(contractDocument().paths).map((template) => ({
    template,
    regex: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
}

/** The documented path template a concrete path belongs to: literal segments win over parameters. */
export function templateOf(path: string, method = 'get'): string | undefined {
  const paths = contractDocument().paths;
  const params = (t: string) => (t.match(/\{/g) ?? []).length;
  const matching = templates()
    .filter((t) => t.regex.test(path))
    .sort(
      (a, b) => Number(!!paths[b.template]?.[method]) - Number(!!paths[a.template]?.[method]) || params(a.template) - params(b.template),
    );
  return matching[0]?.template;
}

const problemPointer = '#/components/schemas/Problem';

/**
 * Checks one real response against openapi.yaml: the status is documented for the operation,
 * the media type is the documented one, and the body validates against its schema. Undocumented
 * routes must answer a Problem. Returns the violations (empty when it conforms).
 */
export function contractViolations(method: string, url: string, status: number, contentType: string | null, body: unknown): string[] {
  // The server ignores one trailing slash (openapi.yaml, "Paths").
  const path = new URL(url, 'http://x').pathname.replace(/(.)\/$/, '$1');
  const template = templateOf(path, method.toLowerCase());
  const mediaType = (contentType ?? '').split(';')[0]?.trim() ?? '';
  const check = (pointer: string): string[] => {
    const validate = contractSchemaAt(pointer);
    return validate(body) ? [] : (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message}`);
  };
  if (!template) {
    if (status < 400) return [`${method} ${path}: not in the contract but answered ${status}`];
    return mediaType === 'application/problem+json' ? check(problemPointer) : [`${path}: error without problem+json`];
  }
  const doc = contractDocument() as unknown as { paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>> };
  const op = doc.paths[template]?.[method.toLowerCase()];
  if (!op) {
    // No route: 404, or what the HTTP layer answers before routing (a malformed percent-encoding,
    // a path parameter over 200 characters, headers too large; openapi.yaml "Errors"), never a
    // judgement of the body.
    const code = (body as { code?: unknown } | undefined)?.code;
    const badEncoding = !decodes(path);
    const beforeRouting =
      (status === 414 && code === 'URI_TOO_LONG') ||
      (status === 431 && code === 'HEADERS_TOO_LARGE') ||
      (status === 400 && code === 'MALFORMED_REQUEST' && badEncoding);
    return (status === 404 || beforeRouting) && mediaType === 'application/problem+json'
      ? check(problemPointer)
      : [`${method} ${template}: no such operation, answered ${status}`];
  }
  // The operation's `x-error-codes` (scripts/derive-error-codes.ts) name every code it may answer.
  const declared = (op as { 'x-error-codes'?: Record<string, string[]> })['x-error-codes'];
  const answered = (body as { code?: unknown } | undefined)?.code;
  if (declared && status >= 400 && typeof answered === 'string' && !declared[String(status)]?.includes(answered)) {
    return [`${method} ${template}: code ${answered} is not in its x-error-codes for ${status}`];
  }
  let response = op.responses[String(status)];
  let base = `#/paths/${pointerEscape(template)}/${method.toLowerCase()}/responses/${status}`;
  if (!response) return [`${method} ${template}: status ${status} is not documented`];
  if (response.$ref) {
    base = response.$ref;
    const name = response.$ref.split('/').pop() ?? '';
    response = (doc as unknown as { components: { responses: Record<string, ResponseObject> } }).components.responses[name];
    if (!response) return [`unresolved ${base}`];
  }
  if (!response.content) return body === undefined || body === '' ? [] : [`${method} ${template} ${status}: body not documented`];
  if (!response.content[mediaType]) {
    return [`${method} ${template} ${status}: media type "${mediaType}" not documented (${Object.keys(response.content).join(', ')})`];
  }
  if (mediaType.endsWith('json')) return check(`${base}/content/${pointerEscape(mediaType)}/schema`);
  return [];
}

/** Whether a path's percent-encoding decodes (well-formed escapes of valid UTF-8). */
function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
