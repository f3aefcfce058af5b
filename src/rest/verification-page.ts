import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/context.js';
import { openVerificationLink } from '../core/kyc/open-verification-link.js';

const documentNames: Record<string, string> = {
  passport: 'the photo page of your passport',
  driver_license: "the front and the back of your driver's license",
  national_id: 'the front and the back of your national identity card',
  ssn: 'your Social Security card',
  itin: 'your ITIN assignment letter (IRS CP565)',
  ein: 'your EIN confirmation letter (IRS CP575)',
  other: 'the identity document you named',
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>
`;
}

/** The account holder's page behind a verification link: HTML, no credentials, no PII. */
export function verificationPageRoute(app: FastifyInstance, opts: { deps: Deps }): void {
  app.get<{ Params: { token: string } }>('/verify/:token', async (req, reply) => {
    const link = await openVerificationLink(opts.deps, req.params.token);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (link.state === 'unknown') {
      return reply
        .code(404)
        .send(
          page(
            'Link not found',
            '<p>This verification link is not valid. It may have been replaced by a newer one; please use the most recent link you received.</p>',
          ),
        );
    }
    if (link.state === 'expired') {
      return reply.code(410).send(page('Link expired', '<p>This verification link has expired. Please ask for a new one.</p>'));
    }
    if (link.status === 'completed') {
      return reply.send(page('Verification complete', '<p>Your identity has been verified. There is nothing more to do.</p>'));
    }
    const doc = documentNames[link.idDocumentType] ?? documentNames.other ?? '';
    return reply.send(
      page(
        'Complete your identity verification',
        `<p>To finish opening your account, please upload:</p>
<ul><li>${escapeHtml(doc)}</li><li>a selfie holding the same document</li><li>a proof of address dated within the last 3 months (utility bill or bank statement)</li></ul>
<p>This link expires on ${escapeHtml(link.expiresAt.toISOString().slice(0, 16).replace('T', ' '))} UTC.</p>`,
      ),
    );
  });
}
