import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 39: no fixed sleep over 200 ms in a test without a comment saying why nothing can be
 * awaited. A test waits for a signal (an event, a state it polls for with `until`), not for time:
 * a sleep is slow on an idle machine and still too short on a busy one. Every .ts file under test/
 * is read as text; a fixed sleep is a literal duration (digits, `_`, products of them) given to
 * `setTimeout(resolve, N)` (a timer whose callback is a bare function name: a promise's resolve),
 * to `setTimeout(N)` of node:timers/promises, or to `sleep`, `delay`, `wait`, `waitForTimeout` or
 * `scheduler.wait`. It is allowed when a comment ends on the line before it or on its own line.
 */
const MAX_MS = 200;
const ROOT = join(import.meta.dirname, '..');
const SELF = join(import.meta.dirname, 'fixed-sleeps.test.ts');

const DURATION = String.raw`(\d[\d_]*(?:\.\d+)?(?:\s*\*\s*\d[\d_]*(?:\.\d+)?)*)`;
const SLEEPS = [
  new RegExp(String.raw`\bsetTimeout\(\s*[A-Za-z_$][\w$]*\s*,\s*${DURATION}\s*[,)]`, 'g'),
  new RegExp(String.raw`(?:\b(?:setTimeout|sleep|delay|wait|waitForTimeout)|\bscheduler\.wait)\(\s*${DURATION}\s*[,)]`, 'g'),
];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(path);
    return e.name.endsWith('.ts') && path !== SELF ? [path] : [];
  });
}

function milliseconds(literal: string): number {
  return literal.split('*').reduce((product, factor) => product * Number(factor.trim().replaceAll('_', '')), 1);
}

/** A line the statement goes on after (it ends inside an open call, argument list or arrow). */
const CONTINUED = /(\(|,|=>|\[|\{|&&|\|\||\?|:)\s*$/;
const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line) || /\*\/\s*$/.test(line);

/** Every uncommented fixed sleep over `max` ms in one source text, as `path:line text`. */
function uncommentedSleeps(path: string, text: string, max = MAX_MS): string[] {
  const lines = text.split('\n');
  const found = new Map<number, string>();
  for (const pattern of SLEEPS) {
    for (const m of text.matchAll(pattern)) {
      if (milliseconds(m[1] as string) <= max) continue;
      const line = text.slice(0, m.index).split('\n').length - 1;
      const own = lines[line] as string;
      // The statement's first line: a sleep may be the last part of a statement over several lines.
      let start = line;
      while (start > 0 && CONTINUED.test(lines[start - 1] as string)) start--;
      const above = start > 0 ? (lines[start - 1] as string) : '';
      if (own.includes('//') || own.includes('/*') || isComment(above)) continue;
      found.set(line, `${path}:${line + 1} ${own.trim()}`);
    }
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, s]) => s);
}

describe('fixed sleeps in tests', () => {
  it('finds each spelling over the bound, and lets a commented one and a short one pass', () => {
    const code = [
      'it("waits", async () => {',
      'await new Promise((r) => setTimeout(r, 1500));',
      'await new Promise((resolve) =>',
      '  setTimeout(resolve, 1_000));',
      "await setTimeout(250, 'x');",
      'await sleep(2 * 1000);',
      'await delay(300);',
      'await page.waitForTimeout(500);',
      'await scheduler.wait(201);',
      '// Nothing to await: the server keeps no record of an ignored request.',
      'await new Promise((r) => setTimeout(r, 1500));',
      'await sleep(900); // the kernel frees the port with no event',
      'await new Promise((r) => setTimeout(r, 200));',
      '// A sleep over several lines, commented above its first line.',
      'await new Promise((resolve) =>',
      '  setTimeout(resolve, 5000),',
      ');',
      'setTimeout(() => child.kill(), 120_000);',
      'await db.sql`SELECT pg_sleep(30)`;',
    ].join('\n');
    expect(uncommentedSleeps('x.ts', code).map((s) => Number(s.split(' ')[0]?.split(':')[1]))).toEqual([2, 4, 5, 6, 7, 8, 9]);
  });

  it(`no test under test/ sleeps a fixed time over ${MAX_MS} ms without a comment saying why`, () => {
    const found = testFiles(ROOT).flatMap((path) => uncommentedSleeps(relative(join(ROOT, '..'), path), readFileSync(path, 'utf8')));
    expect(found, `fixed sleeps over ${MAX_MS} ms without a comment:\n${found.join('\n')}`).toEqual([]);
  });
});
