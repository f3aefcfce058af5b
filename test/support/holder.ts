import { expect } from 'vitest';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, poster } from './harness.js';

/** A workspace, an individual account and a saved verification: the holder's link and its token. */
export async function holderLink(h: Harness, overrides: Record<string, unknown> = {}) {
  const ws = await workspaceFactory(h.deps);
  const call = poster(h, ws.apiKey);
  const account = await call('/api/v2/accounts', { type: 'individual', email: 'holder@example.com' });
  const accountId = account.body.accountId as string;
  const saved = await call('/api/v2/kyc/banking-verification/individual', submission(accountId, overrides));
  expect(saved.status).toBe(200);
  const token = String(saved.body.verificationUrl).split('/verify/')[1] as string;
  return { ws, call, accountId, token, path: `/verify/${token}` };
}

/** The page as a browser gets it, and the nonce its forms carry. */
export async function openPage(h: Harness, token: string) {
  const res = await fetch(`${h.baseUrl}/verify/${token}`);
  const html = await res.text();
  const nonce = /name="nonce" value="([^"]+)"/.exec(html)?.[1];
  return { res, html, nonce };
}

/** A form upload as a browser sends it (fields first, then the file). */
export async function uploadFile(
  h: Harness,
  token: string,
  opts: { nonce: string | undefined; kind: string; file: Buffer; name?: string; type?: string; json?: boolean },
) {
  const form = new FormData();
  if (opts.nonce !== undefined) form.append('nonce', opts.nonce);
  form.append('kind', opts.kind);
  form.append('file', new Blob([new Uint8Array(opts.file)], { type: opts.type ?? 'application/octet-stream' }), opts.name ?? 'photo.jpg');
  const res = await fetch(`${h.baseUrl}/verify/${token}/documents`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: opts.json ? { accept: 'application/json' } : {},
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: opts.json ? JSON.parse(text) : undefined };
}

export async function signForm(h: Harness, token: string, fields: Record<string, string>, json = false) {
  const res = await fetch(`${h.baseUrl}/verify/${token}/signature`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(json ? { accept: 'application/json' } : {}) },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: json ? JSON.parse(text) : undefined };
}

/** What the database holds for an account's documents (rows, and chunk rows of any of them). */
export async function storedFor(h: Harness, accountId: string) {
  const docs = await h.deps.db.kycDocument.findMany({ where: { accountId }, select: { id: true } });
  const chunks = await h.deps.db.kycDocumentChunk.count({ where: { documentId: { in: docs.map((d) => d.id) } } });
  return { documents: docs.length, chunks };
}
