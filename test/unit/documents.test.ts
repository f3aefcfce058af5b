import { describe, expect, it } from 'vitest';
import { anchors, brokenLink, documentFiles, readDocument, relativeLinks, slug } from '../support/markdown.js';

// The documents stay the size a reader can take in, and every relative link in them leads
// somewhere: a file that exists and, for `#anchor`, a heading in it (as GitHub names them).

describe('documents by reader', () => {
  it('the README is at most 250 lines and docs/benchmarks.md at most 300', () => {
    expect(readDocument('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
    expect(readDocument('docs/benchmarks.md').trimEnd().split('\n').length).toBeLessThanOrEqual(300);
  });

  it('the README, CONTRIBUTING.md and every docs/*.md are there', () => {
    expect(documentFiles()).toEqual(
      expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/api.md', 'docs/operations.md', 'docs/benchmarks.md']),
    );
  });

  it('every relative link points to an existing file and heading', () => {
    const links = documentFiles().flatMap((file) => relativeLinks(file, readDocument(file)));
    expect(links.length).toBeGreaterThan(20);
    const broken = links.flatMap((l) => {
      const why = brokenLink(l);
      return why ? [`${l.file}:${l.line} ${l.target}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });
});

describe('the link checker itself', () => {
  it("names headings as GitHub does (punctuation dropped, repeats numbered, fenced '#' lines ignored)", () => {
    expect(slug('CLI (`fas`)')).toBe('cli-fas');
    expect(slug("The holder's verification page (`/verify/<token>`)")).toBe('the-holders-verification-page-verifytoken');
    expect(slug('Where REST’s time goes (2026-11-25)')).toBe('where-rests-time-goes-2026-11-25');
    const text = '# Title\n## Results\n```sh\n# not a heading\n```\n### Results\n';
    expect([...anchors(text)]).toEqual(['title', 'results', 'results-1']);
  });

  it('finds a broken file, a broken anchor, and leaves web addresses and code alone', () => {
    const text = [
      'See [the API](docs/api.md#api-conventions), [gone](docs/nothing.md), [bad](docs/api.md#no-such-heading).',
      'Also [web](https://example.com/x.md) and `[code](missing.md)`.',
      '```sh',
      'echo "[in a block](missing.md)"',
      '```',
    ].join('\n');
    const found = relativeLinks('README.md', text).map((l) => [l.target, brokenLink(l)]);
    expect(found).toEqual([
      ['docs/api.md#api-conventions', undefined],
      ['docs/nothing.md', 'no file docs/nothing.md'],
      ['docs/api.md#no-such-heading', 'no heading #no-such-heading in docs/api.md'],
    ]);
  });
});
