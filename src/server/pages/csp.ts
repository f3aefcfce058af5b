import { createHash } from 'node:crypto';

/** `'sha256-...'` source for an inline `<script>` or `<style>` body, as CSP hashes it. */
export function cspHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

export interface CspSources {
  script?: string[];
  style?: string[];
  img?: string[];
  worker?: string[];
  font?: string[];
  connect?: string[];
}

/**
 * A Content-Security-Policy that names no other host: every fetch, script, style, font, image,
 * frame and worker comes from this origin (or, where a page needs it, data:/blob: and inline
 * content pinned by hash). The pages work offline and a stray CDN reference is refused.
 */
export function contentSecurityPolicy(s: CspSources = {}): string {
  const list = (base: string[], extra: string[] = []) => [...base, ...extra].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list(["'self'"], s.script)}`,
    `style-src ${list(["'self'"], s.style)}`,
    `img-src ${list(["'self'", 'data:'], s.img)}`,
    `font-src ${list(["'self'", 'data:'], s.font)}`,
    `connect-src ${list(["'self'"], s.connect)}`,
    `worker-src ${list(["'self'"], s.worker)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Pulls the bodies of inline `<script>` and `<style>` elements out of a page, for hashing. */
export function inlineBodies(html: string, tag: 'script' | 'style'): string[] {
  const re = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g');
  return [...html.matchAll(re)].map((m) => m[1] ?? '');
}
