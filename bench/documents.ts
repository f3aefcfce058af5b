// npm run bench:documents [-- --runs N] [--only memory|disk|postgres] [--baseline FILE] [--save FILE]
//
// A holder's document of 1 MiB and 10 MiB into and out of each database FAS runs on (PGlite in
// memory, PGlite on disk, PostgreSQL), through three layers so the time can be placed:
// - HTTP: the verification link's multipart upload (`POST /verify/:token/documents`, what the
//   holder's page sends), the REST download and the dashboard's content route;
// - core: `receiveDocument` in this process (type sniffing, SHA-256, the rows and events), no HTTP;
// - store: the document store alone (encryption and the chunk rows), writing and reading back.
// Prints MiB/s (median of N runs, default 3) against the target (10 MB/s into the database) and,
// with --baseline, against a file written by --save (bench/baselines/documents.json: the code
// before the bytes path was profiled). The server is built in this process (as bench:dashboard),
// on a port of its own; PostgreSQL: a fresh database `fas_bench_documents` on DATABASE_URL's server.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createAccount } from '../src/core/accounts/create-account.js';
import { type Ctx, createContext, type Deps } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { documentStoreOf } from '../src/core/kyc/documents/holder-link.js';
import { receiveDocument } from '../src/core/kyc/documents/receive-document.js';
import { submitBankingVerification } from '../src/core/kyc/submit-banking-verification.js';
import { startSession } from '../src/core/sessions/start-session.js';
import { createWorkspace } from '../src/core/workspaces/create-workspace.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { buildApp } from '../src/server/app.js';
import { depsOf } from '../src/server/deps.js';
import { jpegHead } from '../test/factories/holder-files.js';
import { type BenchTarget, pgliteTarget, postgresTarget } from './support/targets.js';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(arg('--runs') ?? 3);
const MiB = 1024 * 1024;
const SIZES = [1, 10];
const TARGET_MB_S = 10;
const log = (s: string) => process.stderr.write(`${s}\n`);

/** What is measured, each in MiB/s. */
const STEPS = ['upload (HTTP)', 'core (no HTTP)', 'store write', 'REST download', 'dashboard download', 'store read'] as const;
type Step = (typeof STEPS)[number];
/** database -> size in MiB -> step -> median MiB/s, and the upload's CPU time per MiB (ms). */
type Results = Record<string, Record<number, Partial<Record<Step | 'upload CPU', number>>>>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const rate = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);

/** A JPEG by its first bytes, then random bytes: `mib` MiB in all. */
// A phone-sized JPEG header (the upload parses it) and random bytes as the scan.
const fileOf = (mib: number) => {
  const head = jpegHead(4032, 3024);
  return Buffer.concat([head, randomBytes(mib * MiB - head.length)]);
};

/** The file as the multipart parser hands it on: 64 KiB pieces. */
async function* pieces(file: Buffer): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < file.length; i += 64 * 1024) yield file.subarray(i, i + 64 * 1024);
}

interface Setup {
  deps: Deps;
  ctx: Ctx;
  base: string;
  apiKey: string;
  cookie: string;
  close: () => Promise<void>;
}

async function setUp(database: Database): Promise<Setup> {
  const deps = depsOf(database, {
    cipher: createFieldCipher(randomBytes(32)),
    publicUrl: 'http://127.0.0.1',
    allowInsecureWebhooks: false,
  });
  const app = await buildApp({ deps, ping: database.ping, listen: database.listen, logLevel: false, graphiql: false, bodyLimitBytes: MiB });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const ws = await createWorkspace(deps, { name: 'bench-documents', sandbox: true, adminEmail: `bench-${Date.now()}@example.com` });
  const ctx = createContext(deps, { workspaceId: ws.workspaceId, sandbox: true, actor: { kind: 'system', role: 'admin' } });
  const session = await startSession(deps, { token: ws.admin.token });
  return { deps, ctx, base, apiKey: ws.apiKey.key, cookie: `fas_session=${session.secret}`, close: () => app.close() };
}

/** A new individual account with saved KYC data: its link's token and the page's form nonce. */
async function holderLink(s: Setup): Promise<{ accountId: string; token: string; nonce: string }> {
  const account = await createAccount(s.ctx, { type: 'individual', email: 'holder@example.com' });
  const saved = await submitBankingVerification(s.ctx, {
    accountId: account.accountId,
    dateOfBirth: '1990-04-17',
    phone: '+14155550123',
    documentId: { idNumber: 'X12345678', idDocumentType: 'passport', idCountryOfIssue: 'US', nationality: 'US' },
    address: { address1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
  });
  const token = String(saved.verificationUrl).split('/verify/')[1] as string;
  const html = await (await fetch(`${s.base}/verify/${token}`)).text();
  const nonce = /name="nonce" value="([^"]+)"/.exec(html)?.[1];
  if (!nonce) throw new Error('the holder page has no form nonce');
  return { accountId: account.accountId, token, nonce };
}

/** One upload as the holder's page sends it; its time until the answer is read. */
async function upload(s: Setup, link: { token: string; nonce: string }, file: Buffer): Promise<{ ms: number; documentId: string }> {
  const form = new FormData();
  form.append('nonce', link.nonce);
  form.append('kind', 'document_front');
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'bench.jpg');
  const t0 = performance.now();
  const res = await fetch(`${s.base}/verify/${link.token}/documents`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  });
  const body = (await res.json()) as { ok: boolean; message: string; document?: { documentId: string; sizeBytes: number } };
  const ms = performance.now() - t0;
  if (!body.ok || body.document?.sizeBytes !== file.length) throw new Error(`upload answered ${res.status}: ${body.message}`);
  return { ms, documentId: body.document.documentId };
}

/** A download read to its end; its bytes must be the file's. */
async function download(url: string, headers: Record<string, string>, file: Buffer): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  if (res.status !== 200 || !body.equals(file)) throw new Error(`download answered ${res.status} with ${body.length} bytes`);
  return ms;
}

/** The document store alone: a row to hang the chunks on, the write, the read, then both removed. */
async function storeRoundTrip(s: Setup, accountId: string, file: Buffer): Promise<{ write: number; read: number }> {
  const store = documentStoreOf(s.deps);
  const id = s.deps.ids.uuid();
  await s.deps.db.kycDocument.create({
    data: {
      id,
      workspaceId: s.ctx.workspaceId,
      accountId,
      kind: 'selfie',
      fileName: 'bench.jpg',
      mediaType: 'image/jpeg',
      sizeBytes: file.length,
      sha256: '',
      createdAt: new Date(),
    },
    select: { id: true },
  });
  let t0 = performance.now();
  await store.write(s.ctx.workspaceId, id, pieces(file));
  const write = performance.now() - t0;
  t0 = performance.now();
  const hash = createHash('sha256');
  for await (const chunk of store.read(s.ctx.workspaceId, id)) hash.update(chunk);
  const read = performance.now() - t0;
  if (hash.digest('hex') !== createHash('sha256').update(file).digest('hex')) throw new Error('the store read back other bytes');
  await store.delete(s.ctx.workspaceId, [id]);
  await s.deps.db.kycDocument.delete({ where: { workspaceId_id: { workspaceId: s.ctx.workspaceId, id } }, select: { id: true } });
  return { write, read };
}

async function measure(database: Database): Promise<Results[string]> {
  const s = await setUp(database);
  const out: Results[string] = {};
  try {
    // Warm-up (JIT, the database's first pages), not counted.
    const warm = await holderLink(s);
    await upload(s, warm, fileOf(1));
    for (const mib of SIZES) {
      const file = fileOf(mib);
      const link = await holderLink(s);
      const times: Record<Step, number[]> = Object.fromEntries(STEPS.map((k) => [k, []])) as unknown as Record<Step, number[]>;
      const cpuMs: number[] = [];
      const content = (documentId: string) => `${link.accountId}/documents/${documentId}/content`;
      for (let run = 0; run < RUNS; run++) {
        const cpu = process.cpuUsage();
        const up = await upload(s, link, file);
        const used = process.cpuUsage(cpu);
        cpuMs.push((used.user + used.system) / 1000 / mib);
        times['upload (HTTP)'].push(up.ms);
        times['REST download'].push(
          await download(
            `${s.base}/api/v2/kyc/banking-verification/${content(up.documentId)}`,
            { authorization: `APIKey ${s.apiKey}` },
            file,
          ),
        );
        times['dashboard download'].push(await download(`${s.base}/dashboard/kyc/${content(up.documentId)}`, { cookie: s.cookie }, file));
        const t0 = performance.now();
        await receiveDocument(s.ctx, { accountId: link.accountId, kind: 'proof_of_address', fileName: 'bench.jpg', content: pieces(file) });
        times['core (no HTTP)'].push(performance.now() - t0);
        const store = await storeRoundTrip(s, link.accountId, file);
        times['store write'].push(store.write);
        times['store read'].push(store.read);
        log(`  ${mib} MiB run ${run + 1}: upload ${rate(file.length, up.ms).toFixed(1)} MiB/s`);
      }
      out[mib] = { ...Object.fromEntries(STEPS.map((k) => [k, rate(file.length, median(times[k]))])), 'upload CPU': median(cpuMs) };
    }
  } finally {
    await s.close();
  }
  return out;
}

const TARGETS: Record<string, () => Promise<{ target: BenchTarget; url: string | undefined; dataDir: string }>> = {
  'PGlite in memory': async () => ({ target: await pgliteTarget('documents'), url: 'memory://', dataDir: '/nonexistent' }),
  'PGlite on disk': async () => {
    const target = await pgliteTarget('documents');
    return { target, url: undefined, dataDir: target.env.FAS_DATA_DIR as string };
  },
  PostgreSQL: async () => {
    const target = await postgresTarget('fas_bench_documents');
    return { target, url: target.env.DATABASE_URL, dataDir: target.env.FAS_DATA_DIR as string };
  },
};
const ONLY: Record<string, string> = { memory: 'PGlite in memory', disk: 'PGlite on disk', postgres: 'PostgreSQL' };

async function main() {
  const only = arg('--only');
  const names = only ? [ONLY[only] ?? only] : Object.keys(TARGETS);
  const results: Results = {};
  const load = [loadavg()[0] as number];
  for (const name of names) {
    const open = TARGETS[name];
    if (!open) throw new Error(`--only takes memory, disk or postgres, not ${only}`);
    log(name);
    const { target, url, dataDir } = await open();
    const database = await openDatabase({ databaseUrl: url, dataDir: path.resolve(dataDir) });
    try {
      results[name] = await measure(database);
    } finally {
      await database.close();
      await target.cleanup();
    }
    load.push(loadavg()[0] as number);
  }
  report(results, arg('--baseline'), load);
  const save = arg('--save');
  if (save) writeFileSync(save, `${JSON.stringify(results, null, 2)}\n`);
}

function report(r: Results, baselineFile: string | undefined, load: number[]) {
  const b: Results | undefined = baselineFile ? JSON.parse(readFileSync(baselineFile, 'utf8')) : undefined;
  console.log(`\nMiB/s, median of ${RUNS} runs; load average ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`);
  console.log(`target: ${TARGET_MB_S} MB/s (${((TARGET_MB_S * 1e6) / MiB).toFixed(2)} MiB/s) into the database, upload over HTTP`);
  const cell = (db: string, mib: number, step: Step) => {
    const now = r[db]?.[mib]?.[step];
    const before = b?.[db]?.[mib]?.[step];
    if (now === undefined) return '';
    return before ? `${now.toFixed(1)} (${(now / before).toFixed(1)}x)` : now.toFixed(1);
  };
  console.log("upload CPU: ms per MiB of this process (server, client and PGlite threads; not PostgreSQL's)");
  console.log(`\n| database | size | ${STEPS.join(' | ')} | upload / target | upload CPU |${b ? ' (in brackets: / baseline)' : ''}`);
  console.log(`|---|---|${STEPS.map(() => '---|').join('')}---|---|`);
  for (const db of Object.keys(r)) {
    for (const mib of SIZES) {
      const up = r[db]?.[mib]?.['upload (HTTP)'] ?? 0;
      const cells = STEPS.map((step) => cell(db, mib, step));
      const cpu = r[db]?.[mib]?.['upload CPU'];
      const cpuBefore = b?.[db]?.[mib]?.['upload CPU'];
      const cpuCell = cpu === undefined ? '' : `${cpu.toFixed(0)}${cpuBefore ? ` (${(cpu / cpuBefore).toFixed(2)}x)` : ''}`;
      console.log(`| ${db} | ${mib} MiB | ${cells.join(' | ')} | ${((up * MiB) / (TARGET_MB_S * 1e6)).toFixed(2)} | ${cpuCell} |`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
