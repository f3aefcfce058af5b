import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookViolations } from './webhook-contract.js';

export interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
  json: any;
}

/** A real HTTP receiver on 127.0.0.1 recording what it gets; `respond` decides each answer. */
export async function startReceiver(respond: (r: Received, res: ServerResponse) => unknown = (_r, res) => res.writeHead(204).end()) {
  const received: Received[] = [];
  // Every delivery the suite receives is checked against the contract's webhooks section; close() fails on any violation.
  const violations: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const r = { headers: req.headers, body, json: JSON.parse(body.toString('utf8') || 'null') };
      received.push(r);
      // Checked after answering: the first check compiles the schemas, which must not eat into the sender's timeout.
      await respond(r, res);
      violations.push(...webhookViolations(req.headers, r.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    setResponder(fn: typeof respond) {
      respond = fn;
    },
    violations,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      if (violations.length) throw new Error(`deliveries that break openapi.yaml's webhooks:\n${[...new Set(violations)].join('\n')}`);
    },
  };
}
