import { createHash } from 'node:crypto';

/** `'sha256-...'` source for an inline `<script>` or `<style>` body, as CSP hashes it. */
export function cspHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

type FetchDirective = 'script' | 'style' | 'img' | 'font' | 'connect' | 'worker';

export interface CspSources extends Partial<Record<FetchDirective, string[]>> {
  /** `default-src` for what is not listed: none, or self for our own pages. */
  fallback?: "'none'" | "'self'";
  /** `form-action`: where forms may post (default none, or self for pages). */
  formAction?: string[];
  /** Adds `sandbox`: the document runs as an opaque origin with no scripts (served files). */
  sandbox?: boolean;
}

/**
 * The one Content-Security-Policy builder. Nothing but what is listed (`default-src 'none'`
 * unless a page asks for its own origin),
 * `object-src`, framing and `<base>` always refused, and every source names this origin (or
 * data:/blob: and inline content pinned by hash) and no other host, so pages work offline and a
 * stray CDN reference is refused.
 */
export function strictPolicy(s: CspSources = {}): string {
  const parts = [`default-src ${s.fallback ?? "'none'"}`];
  for (const d of ['script', 'style', 'img', 'font', 'connect', 'worker'] as const) {
    const sources = s[d];
    if (sources?.length) parts.push(`${d}-src ${sources.join(' ')}`);
  }
  parts.push(`form-action ${s.formAction?.length ? s.formAction.join(' ') : "'none'"}`);
  parts.push("object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'");
  if (s.sandbox) parts.push('sandbox');
  return parts.join('; ');
}

/** Our own HTML pages: their own origin for everything, plus what each page adds. */
export function contentSecurityPolicy(s: CspSources = {}): string {
  const self = (extra: string[] = []) => ["'self'", ...extra];
  return strictPolicy({
    fallback: "'self'",
    script: self(s.script),
    style: self(s.style),
    img: self(['data:', ...(s.img ?? [])]),
    font: self(['data:', ...(s.font ?? [])]),
    connect: self(s.connect),
    worker: self(s.worker),
    formAction: s.formAction ?? ["'self'"],
  });
}

/** JSON and other answers that are not pages: nothing may load or run. */
export const API_POLICY = strictPolicy();

/** Pulls the bodies of inline `<script>` and `<style>` elements out of a page, for hashing. */
export function inlineBodies(html: string, tag: 'script' | 'style'): string[] {
  const re = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g');
  return [...html.matchAll(re)].map((m) => m[1] ?? '');
}
