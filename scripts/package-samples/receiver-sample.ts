// Installed from the @fas-gateway/receiver tarball alone (scripts/check-packages.ts): registers a
// local target, causes an event and verifies the signed delivery, typed from the contract.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryDeduplicator, createWebhookVerifier, type WebhookEventOf } from '@fas-gateway/receiver';

const base = process.env.FAS_URL ?? 'http://localhost:8080';
const auth = { authorization: `APIKey ${process.env.FAS_API_KEY}`, 'content-type': 'application/json' };
const verifier = createWebhookVerifier({
  jwksUrl: `${base}/.well-known/jwks.json`,
  tenantId: process.env.FAS_WORKSPACE_ID ?? '',
  dedupe: createMemoryDeduplicator(),
});

const got = new Promise<WebhookEventOf<'account_created'>>((resolve, reject) => {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const verified = await verifier.verify(Buffer.concat(chunks), req.headers);
        res.writeHead(204).end();
        if (verified.event.type === 'account_created') {
          server.close();
          resolve(verified.event);
        }
      } catch (err) {
        res.writeHead(400).end();
        reject(err);
      }
    });
  });
  server.listen(0, '127.0.0.1', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const target = await fetch(`${base}/api/v2/webhook-targets`, { method: 'POST', headers: auth, body: JSON.stringify({ url }) });
    if (target.status !== 201) reject(new Error(`target: ${target.status}`));
    await fetch(`${base}/api/v2/accounts`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ type: 'individual', email: 'hook@example.com' }),
    });
  });
});

const event = await got;
console.log(JSON.stringify({ ok: true, type: event.type, email: event.details.account.email }));
