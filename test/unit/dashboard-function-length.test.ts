import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 39: no function in the React dashboard is longer than 80 lines, so a page stays a data hook
 * plus presentational parts. Every .ts/.tsx file under src/dashboard is parsed with the TypeScript
 * compiler API; every function (declaration, arrow, expression, method, accessor, constructor) is
 * measured from its first to its last line, inclusive.
 */
const MAX_LINES = 80;
const ROOT = join(import.meta.dirname, '../../src/dashboard');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

function functionName(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(file);
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(file).slice(0, 40)})`;
  return '(anonymous)';
}

/** Every function in one source text longer than max lines, as `path:line name (n lines)`. */
function longFunctions(path: string, text: string, max = MAX_LINES): string[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = file.getLineAndCharacterOfPosition(fn.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push(`${path}:${first + 1} ${functionName(fn, file)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('dashboard function length', () => {
  it('finds every kind of function that is too long (the check itself can fail)', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `function declared() {\n${body(3)}\n}`,
      `const arrow = () => {\n${body(3)}\n};`,
      `const expr = function () {\n${body(3)}\n};`,
      `class K {\n  method() {\n${body(3)}\n  }\n}`,
      `const short = () => 1;`,
    ].join('\n');
    const found = longFunctions('x.tsx', text, 4);
    expect(found.map((f) => f.split(' ')[1])).toEqual(['declared', 'arrow', 'expr', 'method']);
    expect(longFunctions('x.tsx', text, 5)).toEqual([]);
  });

  it(`has no function over ${MAX_LINES} lines under src/dashboard`, () => {
    const files = sourceFiles(ROOT);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((p) => longFunctions(relative(join(ROOT, '../..'), p), readFileSync(p, 'utf8')));
    expect(found).toEqual([]);
  });
});
