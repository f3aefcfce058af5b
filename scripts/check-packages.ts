// Packs @fas-gateway/client and @fas-gateway/receiver, installs each tarball alone into a scratch
// project, typechecks a sample and every TypeScript example of the package's README (as installed:
// the README must ship in the tarball) against the installed types, runs the sample (and the
// client README's example) against a live server (in-memory database), then reports the installed
// size. What an integrator does, end to end.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'fas-packages-'));
const tsc = path.join(root, 'node_modules/.bin/tsc');
const quiet = { stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'], encoding: 'utf8' as const };

function du(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += du(p);
    else if (entry.isFile()) total += statSync(p).size;
  }
  return total;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(): Promise<{ url: string; credentials: any; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = path.join(work, 'data');
  const child = spawn(process.execPath, [path.join(root, 'bin/fas.js'), 'serve'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: 'memory://', FAS_DATA_DIR: dataDir, FAS_WEBHOOK_ALLOW_INSECURE: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) {
        return { url, child, credentials: JSON.parse(readFileSync(path.join(dataDir, 'credentials.json'), 'utf8')) };
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready in 60 s');
}

// `runReadme`: the README's first example is a complete program that ends; the receiver's serves
// forever, so `serveReadmeJs` runs its JavaScript example as saved (receiver.mjs) and has it verify
// a real delivery.
const packages = [
  { name: '@fas-gateway/client', dir: 'packages/client', sample: 'client-sample.ts', runReadme: true },
  { name: '@fas-gateway/receiver', dir: 'packages/receiver', sample: 'receiver-sample.ts', runReadme: false, serveReadmeJs: true },
];

/** The ```ts blocks of a README, in order. */
function typescriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
}

function javascriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
}

/**
 * Runs the README's JavaScript receiver as an integrator saves it (`node receiver.mjs`), registers
 * it as a webhook target, creates an account and waits for the receiver to log the verified
 * `account_created` delivery.
 */
async function serveReadmeReceiver(project: string, code: string, server: { url: string; credentials: any }): Promise<void> {
  writeFileSync(path.join(project, 'receiver.mjs'), code);
  const port = await freePort();
  const child = spawn(process.execPath, ['receiver.mjs'], {
    cwd: project,
    env: { ...process.env, PORT: String(port), FAS_URL: server.url, FAS_WORKSPACE_ID: server.credentials.workspaceId },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (c: Buffer) => {
    out += c.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  try {
    // Listening (a GET answers 405) before the target is registered, or the first attempt finds no one.
    for (let i = 0; i < 600; i++) {
      if (
        await fetch(`http://127.0.0.1:${port}/`).then(
          (r) => r.status === 405,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const api = (p: string, body: unknown) =>
      fetch(`${server.url}${p}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.credentials.apiKey.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => {
        if (!r.ok) throw new Error(`POST ${p}: ${r.status} ${await r.text()}`);
        return r.json() as Promise<any>;
      });
    await api('/api/v2/webhook-targets', { url: `http://127.0.0.1:${port}/hook`, eventTypes: ['account_created'] });
    const account = await api('/api/v2/accounts', { type: 'individual', email: 'receiver-readme@example.com' });
    const expected = `received account_created ${account.accountId}`;
    for (let i = 0; i < 600 && !out.includes(expected); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    if (!out.includes(expected)) throw new Error(`the README's receiver.mjs did not log "${expected}" within 60 s; it printed:\n${out}`);
  } finally {
    child.kill('SIGTERM');
  }
}

function fail(message: string): never {
  throw new Error(message);
}

execFileSync('npm', ['run', 'build', '--workspaces', '--if-present', '--silent'], { ...quiet, cwd: root });
const server = await startServer();
const rows: string[] = [];
try {
  for (const pkg of packages) {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', work], { ...quiet, cwd: path.join(root, pkg.dir) }),
    ) as { filename: string; files: { path: string }[] }[];
    const tarball = packed[0]?.filename ?? fail(`${pkg.name}: npm pack reported no tarball`);
    if (!packed[0]?.files.some((f) => f.path === 'README.md')) throw new Error(`${pkg.name}: README.md is not in the tarball`);
    const project = path.join(work, pkg.dir.split('/')[1] ?? 'p');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', path.join(work, tarball)], { ...quiet, cwd: project });
    copyFileSync(path.join(root, 'scripts/package-samples', pkg.sample), path.join(project, 'sample.ts'));
    // The README as installed from the tarball, so an example that is not shipped cannot pass.
    const examples = typescriptBlocks(readFileSync(path.join(project, 'node_modules', pkg.name, 'README.md'), 'utf8'));
    if (examples.length === 0) throw new Error(`${pkg.name}: its README has no TypeScript example`);
    examples.forEach((code, i) => {
      writeFileSync(path.join(project, `readme-${i + 1}.ts`), code);
    });
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          outDir: 'out',
          types: ['node'],
          typeRoots: [path.join(root, 'node_modules/@types')],
        },
        files: ['sample.ts', ...examples.map((_, i) => `readme-${i + 1}.ts`)],
      }),
    );
    try {
      execFileSync(tsc, ['-p', project], quiet);
    } catch (err) {
      throw new Error(
        `${pkg.name}: the sample or a README example does not typecheck against the installed package:\n${(err as { stdout?: string }).stdout}`,
      );
    }
    const run = (file: string) =>
      execFileSync(process.execPath, [path.join(project, 'out', file)], {
        ...quiet,
        cwd: project,
        timeout: 60_000,
        env: {
          ...process.env,
          FAS_URL: server.url,
          FAS_API_KEY: server.credentials.apiKey.key,
          FAS_WORKSPACE_ID: server.credentials.workspaceId,
        },
      });
    if (pkg.runReadme) {
      try {
        run('readme-1.js');
      } catch (err) {
        throw new Error(`${pkg.name}: the README's example failed against a live server:\n${(err as { stderr?: string }).stderr}`);
      }
    }
    if (pkg.serveReadmeJs) {
      const [js] = javascriptBlocks(readFileSync(path.join(project, 'node_modules', pkg.name, 'README.md'), 'utf8'));
      await serveReadmeReceiver(project, js ?? fail(`${pkg.name}: its README has no JavaScript example`), server);
    }
    const out = run('sample.js');
    const result = JSON.parse(out.trim().split('\n').pop() ?? '{}');
    if (!result.ok) throw new Error(`${pkg.name}: the sample failed: ${out}`);
    const installed = du(path.join(project, 'node_modules'));
    const deps = readdirSync(path.join(project, 'node_modules'), { withFileTypes: true }).filter((d) => !d.name.startsWith('.')).length;
    rows.push(
      `| ${pkg.name} | ${tarball} | ${(statSync(path.join(work, tarball)).size / 1024).toFixed(1)} KB | ${(installed / 1024 / 1024).toFixed(2)} MB (${deps} top-level entries) | ${out.trim()} |`,
    );
  }
} finally {
  server.child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
console.log('| package | tarball | tarball size | installed node_modules | sample against a live server |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
