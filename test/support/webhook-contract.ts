import type { IncomingHttpHeaders } from 'node:http';
import type { ErrorObject } from 'ajv';
import { contractDocument } from '../../src/core/validation/contract-document.js';
import { contractSchemaAt } from '../../src/core/validation/validators.js';

interface WebhookOperation {
  parameters: { $ref: string }[];
}

/**
 * Checks one real delivery against the `webhooks` section of openapi.yaml: the event type is
 * documented, the body validates against that event's schema, and every documented header is
 * valid and present unless optional (`required: false`, such as X-Service-Test). Returns the violations (empty when it conforms).
 */
export function webhookViolations(headers: IncomingHttpHeaders, body: unknown): string[] {
  const doc = contractDocument() as unknown as {
    webhooks: Record<string, { post: WebhookOperation }>;
    components: { parameters: Record<string, { name: string; required?: boolean }> };
  };
  const type = (body as { type?: unknown } | null)?.type;
  const operation = typeof type === 'string' ? doc.webhooks[type]?.post : undefined;
  if (!operation) return [`webhook type ${String(type)} is not in the contract's webhooks`];
  const problems: string[] = [];
  const validate = contractSchemaAt(`#/webhooks/${type}/post/requestBody/content/application~1json/schema`);
  if (!validate(body))
    problems.push(...(validate.errors ?? []).map((e: ErrorObject) => `${type} body ${e.instancePath || '/'} ${e.message}`));
  if (!String(headers['content-type'] ?? '').startsWith('application/json')) problems.push(`${type}: content-type is not application/json`);
  for (const { $ref } of operation.parameters) {
    const name = $ref.split('/').pop() ?? '';
    const parameter = doc.components.parameters[name];
    const header = parameter?.name.toLowerCase() ?? '';
    const value = headers[header];
    const check = contractSchemaAt(`${$ref}/schema`);
    if (value === undefined && parameter?.required === false) continue;
    if (value === undefined) problems.push(`${type}: header ${header} missing`);
    else if (!check(value)) problems.push(`${type}: header ${header}=${String(value)} ${check.errors?.[0]?.message}`);
  }
  return problems;
}
