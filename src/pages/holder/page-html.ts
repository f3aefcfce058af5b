import type { VerificationLinkState } from '../../core/kyc/open-verification-link.js';

export type ValidLink = Extract<VerificationLinkState, { state: 'valid' }>;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function formatBytes(n: number): string {
  const mb = n / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/**
 * A time as the holder reads it: day, month in words, 24-hour time, and the zone named. The server
 * does not know the holder's zone, so the page says UTC, and the page's script (verify.js) rewrites
 * each such time into the browser's own zone, named too; without scripts UTC stays, stated.
 */
export function humanTime(d: Date): string {
  const month = d.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `<time class="local-time" datetime="${d.toISOString()}">${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${hh}:${mm} UTC</time>`;
}

/** Who asks, at the top of every page of a link: the workspace's logo (served from here) and display name. */
export function brandHtml(requester: ValidLink['requester'] | undefined): string {
  if (!requester) return '';
  const logo = requester.logoUrl ? `<img class="logo" src="${escapeHtml(requester.logoUrl)}" alt="" width="40" height="40">` : '';
  return `<header class="brand">${logo}<span class="requester">${escapeHtml(requester.name)}</span></header>`;
}

/**
 * How to reach the workspace (SPEC 1's support contact): "Questions? Contact <name>" with its email
 * and help page as links when set, the name alone when not.
 */
export function supportHtml(requester: ValidLink['requester']): string {
  const ways: string[] = [];
  if (requester.supportEmail) {
    const email = escapeHtml(requester.supportEmail);
    ways.push(`<a href="mailto:${email}">${email}</a>`);
  }
  if (requester.supportUrl) {
    const url = escapeHtml(requester.supportUrl);
    ways.push(`<a href="${url}" rel="noopener noreferrer">${escapeHtml(requester.supportUrl.replace(/^https:\/\//, ''))}</a>`);
  }
  const who = escapeHtml(requester.name);
  return `<p class="support" id="support">Questions? Contact ${who}${ways.length ? `: ${ways.join(' or ')}` : ''}.</p>`;
}

/**
 * A complete page: no inline script or style (the CSP forbids them), assets from this server. The
 * script loads in the head without `defer` so it marks the page as scripted before the first
 * paint (the stylesheet shows or hides the parts that depend on it); it waits for the DOM itself.
 */
export function pageHtml(title: string, body: string, opts: { script?: boolean; requester?: ValidLink['requester'] } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(opts.requester ? `${title} · ${opts.requester.name}` : title)}</title>
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/verify-assets/verify.css">
${opts.script ? '<script src="/verify-assets/verify.js"></script>\n' : ''}</head><body><main>
${brandHtml(opts.requester)}
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>
`;
}

export interface Notice {
  kind: 'ok' | 'error';
  message: string;
}

export function noticeHtml(notice: Notice | undefined): string {
  if (!notice) return '';
  const role = notice.kind === 'error' ? 'alert' : 'status';
  return `<p class="notice ${notice.kind}" role="${role}" id="notice">${escapeHtml(notice.message)}</p>`;
}

export function messagePage(title: string, message: string, requester?: ValidLink['requester']): string {
  return pageHtml(title, `<p class="lede">${escapeHtml(message)}</p>`, { requester });
}
