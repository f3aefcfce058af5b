import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Reading the project's Markdown as GitHub renders it, for the documentation tests: its fenced
// blocks, its headings' anchors and its relative links.

export const root = path.resolve(import.meta.dirname, '../..');

/** The documents a reader is sent to: the README, the guides and the contributors' page. */
export function documentFiles(): string[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs.sort()];
}

/** The documents whose shell blocks that call `fas` are run as written. */
export const RUNNABLE_DOCUMENTS = ['README.md', 'docs/api.md', 'docs/operations.md', 'CONTRIBUTING.md'];

export function readDocument(file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}

/** The fenced blocks of one language, each with the line its code starts on. */
export function fencedBlocks(text: string, lang: string): { line: number; code: string }[] {
  const fence = new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, 'gm');
  return [...text.matchAll(fence)].map((m) => ({ line: text.slice(0, m.index).split('\n').length + 1, code: m[1] ?? '' }));
}

/** The text outside fenced blocks, line for line (fenced lines emptied, so line numbers hold). */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (line.startsWith('```')) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every heading anchor of a document, repeated headings numbered as GitHub does (`x`, `x-1`). */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of prose(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

export interface Link {
  file: string;
  line: number;
  target: string;
}

/** The relative links and images of a document's prose (code spans and fenced blocks left out). */
export function relativeLinks(file: string, text: string): Link[] {
  const links: Link[] = [];
  prose(text).forEach((raw, i) => {
    const line = raw.replace(/`[^`]*`/g, '');
    for (const m of line.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      links.push({ file, line: i + 1, target });
    }
  });
  return links;
}

/** Why a relative link is broken, or undefined when its file (and heading, for `#anchor`) exists. */
export function brokenLink(link: Link): string | undefined {
  const [pathPart = '', anchor] = link.target.split('#');
  const resolved = pathPart === '' ? path.join(root, link.file) : path.resolve(path.dirname(path.join(root, link.file)), pathPart);
  if (!resolved.startsWith(root)) return 'points outside the repository';
  if (!existsSync(resolved)) return `no file ${path.relative(root, resolved)}`;
  if (anchor === undefined) return undefined;
  if (!resolved.endsWith('.md')) return 'an anchor into a file that is not Markdown';
  const known = anchors(readFileSync(resolved, 'utf8'));
  return known.has(anchor) ? undefined : `no heading #${anchor} in ${path.relative(root, resolved)}`;
}
