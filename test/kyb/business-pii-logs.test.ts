import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BUSINESS_SECRETS, businessSubmission } from '../factories/business-verification.js';
import { cliEnv, fasBin } from '../support/cli.js';
import { templatedDataDir } from '../support/data-dir-template.js';
import { freePort } from '../support/free-port.js';
import { until } from '../support/until.js';

// What the server writes to its log while a business is verified, searched for the tax id and each
// person's PII: a real `fas serve` at LOG_LEVEL=debug, a submission, bad submissions that carry the
// values in the failing fields, the masked read and the representative's page.
const onPostgres = inject('databaseUrl').startsWith('postgres');
const root = path.resolve(import.meta.dirname, '../..');
let child: ChildProcess | undefined;
let dir = '';
afterAll(() => {
  child?.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('KYB and the log (PGlite data dir)', () => {
  it(
    'no tax id, name, birth date, phone, id number or street of a person reaches the log, errors included',
    { timeout: 120_000 },
    async () => {
      dir = templatedDataDir('fas-kyb-log-');
      const port = await freePort();
      child = spawn(process.execPath, [fasBin, 'serve'], {
        cwd: root,
        env: { ...process.env, ...cliEnv(dir, { PORT: String(port), LOG_LEVEL: 'debug' }) },
      });
      let log = '';
      child.stdout?.on('data', (d) => {
        log += d;
      });
      child.stderr?.on('data', (d) => {
        log += d;
      });
      // A server that exits (a port taken meanwhile, say) is reported with its log, not waited for.
      await until(
        'the server ready',
        () => {
          if (child?.exitCode !== null || child.signalCode !== null) {
            throw new Error(`the server exited (${child?.exitCode ?? child?.signalCode}) before it was ready:\n${log}`);
          }
          return log.includes('FAS gateway ready');
        },
        60_000,
      );
      const key: string = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8')).apiKey.key;
      const call = async (method: string, p: string, body?: unknown) => {
        const res = await fetch(`http://127.0.0.1:${port}${p}`, {
          method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as any };
      };
      const account = await call('POST', '/api/v2/accounts', { type: 'business', email: 'ops@acme.example' });
      const accountId: string = account.body.accountId;
      const good = businessSubmission(accountId) as any;
      const saved = await call('POST', '/api/v2/kyc/banking-verification/business', good);
      expect(saved.status).toBe(200);
      // Refused bodies holding the values where the validator looks: each answer names the field, not the value.
      const bad = [
        { ...good, company: { ...good.company, taxId: `${good.company.taxId}\u202e` } },
        { ...good, people: [{ ...good.people[0], phone: `${good.people[0].phone}x` }, ...good.people.slice(1)] },
        { ...good, people: [{ ...good.people[0], dateOfBirth: `${good.people[0].dateOfBirth}T00:00:00Z` }, ...good.people.slice(1)] },
        { ...good, people: [{ ...good.people[0], lastName: `${good.people[0].lastName}\u0000` }, ...good.people.slice(1)] },
      ];
      for (const body of bad) {
        const refused = await call('POST', '/api/v2/kyc/banking-verification/business', body);
        expect(refused.status).toBe(400);
        for (const secret of BUSINESS_SECRETS) expect(JSON.stringify(refused.body)).not.toContain(secret);
      }
      expect((await call('GET', `/api/v2/kyc/banking-verification/${accountId}/business`)).status).toBe(200);
      const page = await fetch(new URL(saved.body.verificationUrl).pathname.replace(/^/, `http://127.0.0.1:${port}`));
      expect(page.status).toBe(200);
      await new Promise((r) => setTimeout(r, 200)); // the last lines flushed
      expect(log).toMatch(/"msg":"request completed"|incoming request/);
      for (const secret of BUSINESS_SECRETS) expect(log, secret).not.toContain(secret);
    },
  );
});
