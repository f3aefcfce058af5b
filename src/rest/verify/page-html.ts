import type { VerificationLinkState } from '../../core/kyc/open-verification-link.js';

type ValidLink = Extract<VerificationLinkState, { state: 'valid' }>;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function formatBytes(n: number): string {
  const mb = n / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Every file input offers these; the server still decides by content. */
const ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,application/pdf,.jpg,.jpeg,.png,.heic,.heif,.pdf';

/** A complete page: no inline script or style (the CSP forbids them), assets from this server. */
export function pageHtml(title: string, body: string, opts: { script?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/verify-assets/verify.css">
${opts.script ? '<script src="/verify-assets/verify.js" defer></script>\n' : ''}</head><body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>
`;
}

export interface Notice {
  kind: 'ok' | 'error';
  message: string;
}

function noticeHtml(notice: Notice | undefined): string {
  if (!notice) return '';
  const role = notice.kind === 'error' ? 'alert' : 'status';
  return `<p class="notice ${notice.kind}" role="${role}" id="notice">${escapeHtml(notice.message)}</p>`;
}

function documentItem(link: ValidLink, action: string, doc: ValidLink['required'][number]): string {
  const got = link.received.get(doc.kind);
  const inputId = `file-${doc.kind}`;
  const state = got
    ? `<p class="state received">Received: ${escapeHtml(got.fileName)} (${utc(got.uploadedAt)})</p>`
    : '<p class="state missing">Not received yet</p>';
  const capture = doc.capture ? ` capture="${doc.capture}"` : '';
  const choose = doc.capture ? 'Take a photo or choose a file' : 'Choose a file';
  return `<li class="doc" data-kind="${doc.kind}">
<h2>${escapeHtml(doc.label[0]?.toUpperCase() + doc.label.slice(1))}</h2>
${state}
<form class="upload" method="post" action="${action}" enctype="multipart/form-data">
<input type="hidden" name="nonce" value="${escapeHtml(link.nonce)}">
<input type="hidden" name="kind" value="${doc.kind}">
<label for="${inputId}">${choose}${got ? ' to replace it' : ''}</label>
<input id="${inputId}" type="file" name="file" accept="${ACCEPT}"${capture} required>
<p class="drop-hint">or drop a file here</p>
<progress max="100" value="0" hidden></progress>
<p class="msg" aria-live="polite"></p>
<button type="submit">${got ? 'Replace' : 'Upload'}</button>
</form>
</li>`;
}

const TERMS = `<div class="terms" tabindex="0" role="region" aria-label="Terms and conditions">
<p>By signing you confirm that the documents you uploaded are genuine, belong to you and are current,
and that the information given for your account is true. You allow the account provider and its
verification partner to process these documents and your personal data to verify your identity,
as required by anti-money-laundering law, and to keep them for as long as that law requires.</p>
</div>`;

function signatureSection(link: ValidLink, action: string): string {
  if (link.signedAt) {
    return `<section id="signature"><h2>Terms and signature</h2><p class="state received">You signed the terms on ${utc(link.signedAt)}.</p></section>`;
  }
  return `<section id="signature"><h2>Terms and signature</h2>
${TERMS}
<form class="sign" method="post" action="${action}">
<input type="hidden" name="nonce" value="${escapeHtml(link.nonce)}">
<p><input type="checkbox" id="acceptTerms" name="acceptTerms" required>
<label for="acceptTerms">I have read and accept the terms and conditions</label></p>
<p><label for="fullName">Type your full name as your signature</label>
<input type="text" id="fullName" name="fullName" autocomplete="name" minlength="2" maxlength="200" required></p>
<button type="submit">Sign</button>
</form></section>`;
}

function summary(link: ValidLink): string {
  const missing = link.required.filter((d) => !link.received.has(d.kind));
  if (missing.length === 0 && link.signedAt) {
    return '<p class="summary done" id="summary">Thank you: we have everything we need from you. Your documents will now be reviewed; you will hear from the company that sent you this link. You can close this page.</p>';
  }
  const todo = missing.map((d) => escapeHtml(d.label));
  if (!link.signedAt) todo.push('your signature');
  return `<p class="summary" id="summary">Still needed: ${todo.join('; ')}.</p>`;
}

/** The holder's page for a usable link: one form per required file, then the signature. */
export function verificationPage(link: ValidLink, token: string, maxBytes: number, notice?: Notice): string {
  const base = `/verify/${token}`;
  const items = link.required.map((d) => documentItem(link, `${base}/documents`, d)).join('\n');
  return pageHtml(
    'Complete your identity verification',
    `${noticeHtml(notice)}
<p>To finish opening your account, please upload the files below and sign the terms. Photos (JPEG,
PNG or HEIC) or PDF files, up to ${formatBytes(maxBytes)} each.</p>
<ol class="docs">
${items}
</ol>
${signatureSection(link, `${base}/signature`)}
${summary(link)}
<p class="expiry">This link expires on ${utc(link.expiresAt)}.</p>`,
    { script: true },
  );
}

export function messagePage(title: string, message: string): string {
  return pageHtml(title, `<p>${escapeHtml(message)}</p>`);
}
