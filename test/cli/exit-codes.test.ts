import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, inProcessCli } from '../support/cli.js';
import { type Harness, startHarness } from '../support/harness.js';

// The `fas` program in this process, on the file's own database, which starts without workspaces.
let h: Harness;
let cli: ReturnType<typeof inProcessCli>;
beforeAll(async () => {
  h = await startHarness();
  cli = inProcessCli(h);
});
afterAll(async () => {
  cli?.cleanup();
  await h?.close();
});

const root = path.resolve(import.meta.dirname, '../..');
const json = (r: CliRun) => JSON.parse(r.stdout);
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('fas exit codes and messages (docs/operations.md "CLI": 0 success, 1 failure, 2 usage error)', () => {
  it('with no workspace, a command that needs one fails (1) and says how to make one', async () => {
    const r = await cli.fas(['apikey', 'list']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/holds no workspace yet: create one with `fas workspace create/);
  });

  it('--workspace may be left out when the database or the key decides it; otherwise it is a missing option (2)', async () => {
    const acme = json(await cli.fas(['workspace', 'create', '--name', 'Acme', '--json']));
    // One workspace: the database decides.
    const one = await cli.fas(['apikey', 'list', '--json']);
    expect(one.code, one.stderr).toBe(0);
    expect(json(one)).toMatchObject({ workspaceId: acme.workspaceId, data: [{ apiKeyId: acme.apiKey.apiKeyId }] });

    const globex = json(await cli.fas(['workspace', 'create', '--name', 'Globex', '--json']));
    const several = await cli.fas(['apikey', 'list']);
    expect(several.code).toBe(2);
    expect(several.stderr).toBe(
      'fas: error: --workspace is required: the database holds several workspaces (`fas workspace list` shows them)\n' +
        '(run `fas --help`, or `fas <command> --help`, for usage)\n',
    );
    const severalJson = await cli.fas(['apikey', 'create', '--json']);
    expect(severalJson.code).toBe(2);
    expect(JSON.parse(severalJson.stderr).error).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'workspace' }] });
    expect(severalJson.stdout).toBe('');

    // Several workspaces, but the key names its own: revoking needs no --workspace.
    const revoked = await cli.fas(['apikey', 'revoke', '--id', globex.apiKey.apiKeyId, '--json']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(json(revoked).apiKeyId).toBe(globex.apiKey.apiKeyId);
    const globexKeys = json(await cli.fas(['apikey', 'list', '--workspace', globex.workspaceId, '--json'])).data;
    expect(globexKeys[0].revokedAt).toBe(json(revoked).revokedAt);
    const acmeKeys = json(await cli.fas(['apikey', 'list', '--workspace', acme.workspaceId, '--json'])).data;
    expect(acmeKeys[0].revokedAt).toBeNull();
    // A --workspace that is not the key's: not found there (1), and nothing revoked.
    const elsewhere = await cli.fas(['apikey', 'revoke', '--id', acme.apiKey.apiKeyId, '--workspace', globex.workspaceId]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toBe('fas: error: API key not found\n');
    const unknown = await cli.fas(['apikey', 'revoke', '--id', crypto.randomUUID()]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^fas: error: API key [0-9a-f-]{36} not found\n$/);
  });

  it('an invalid value is a usage error (2), said once and naming the option', async () => {
    const badId = await cli.fas(['apikey', 'revoke', '--id', 'nope']);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toBe('fas: error: --id must be a UUID\n(run `fas --help`, or `fas <command> --help`, for usage)\n');
    expect(occurrences(badId.stderr, 'must be a UUID')).toBe(1);
    const badIdJson = await cli.fas(['apikey', 'revoke', '--id', 'nope', '--json']);
    expect(badIdJson.code).toBe(2);
    expect(JSON.parse(badIdJson.stderr)).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'id: must be a UUID',
        errors: [{ field: 'id', code: 'invalid_format', params: { format: 'uuid' }, message: 'must be a UUID' }],
      },
    });
    const badEmail = await cli.fas(['workspace', 'create', '--name', 'X', '--admin-email', 'nobody']);
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toMatch(/^fas: error: --admin-email must be a valid email address\n/);
    const badWorkspace = await cli.fas(['apikey', 'list', '--workspace', 'acme']);
    expect(badWorkspace.code).toBe(2);
    expect(badWorkspace.stderr).toMatch(/^fas: error: --workspace must be a UUID\n/);
    const badRole = await cli.fas(['admin', 'create', '--email', 'x@example.com', '--role', 'root']);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/argument 'root' is invalid/);
    const badSize = await cli.fas(['seed', '--transactions', '0']);
    expect(badSize.code).toBe(2);
  });

  it('unknown commands and options, a missing command or required option: 2; help and version: 0', async () => {
    for (const args of [
      [],
      ['apikey'],
      ['frobnicate'],
      ['workspace', 'create', '--nme', 'x'],
      ['workspace', 'create'],
      ['apikey', 'revoke'],
    ]) {
      const r = await cli.fas(args);
      expect(r.code, `fas ${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe('');
    }
    expect((await cli.fas([])).stderr).toMatch(/Usage: fas[\s\S]*fas: error: a command is required/);
    expect((await cli.fas(['workspace', 'create'])).stderr).toMatch(/required option '--name <name>' not specified/);
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    for (const flag of ['--version', '-v']) expect(await cli.fas([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    const help = await cli.fas(['apikey', 'revoke', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--id <apiKeyId>[\s\S]*Example:\n {2}\$ npx fas apikey revoke/);
  });

  it('a failure that is not about usage exits 1: a duplicate admin', async () => {
    const ws = json(await cli.fas(['workspace', 'create', '--name', 'Dup', '--json']));
    const w = ['--workspace', ws.workspaceId];
    expect((await cli.fas(['admin', 'create', '--email', 'ana@example.com', ...w])).code).toBe(0);
    const dup = await cli.fas(['admin', 'create', '--email', 'ana@example.com', ...w]);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/^fas: error: an admin with email ana@example.com already exists in this workspace\n$/);
  });

  it('`fas seed` says what it inserted: everything the first time, nothing the second (same seed, same rows)', async () => {
    const ws = json(await cli.fas(['workspace', 'create', '--name', 'Seeded', '--json']));
    const args = ['seed', '--transactions', '300', '--seed', '7', '--workspace', ws.workspaceId];
    const first = await cli.fas([...args, '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(json(first)).toMatchObject({ transactions: 300, accounts: 10, seed: 7, inserted: { transactions: 300, accounts: 10 } });
    expect(first.stderr).toMatch(/\[#+\] 100% 300\/300 /);
    const second = await cli.fas(args);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(
      new RegExp(
        `^inserted nothing: the 300 transactions and 10 accounts of seed 7 are already in workspace ${ws.workspaceId} \\(a seed always draws the same rows; another --seed draws new ones\\) \\([0-9.]+ s\\)\\n$`,
      ),
    );
    const more = await cli.fas(['seed', '--transactions', '300', '--seed', '8', '--workspace', ws.workspaceId, '--json']);
    expect(json(more).inserted).toEqual({ transactions: 300, accounts: 10 });
    expect(await h.deps.db.transaction.count({ where: { workspaceId: ws.workspaceId } })).toBe(600);
  }, 120_000);

  describe('`fas serve` with its address taken', () => {
    let blocker: Server;
    let port: number;
    beforeAll(async () => {
      blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      port = (blocker.address() as { port: number }).port;
    });
    afterAll(() => new Promise((resolve) => blocker.close(resolve)));

    it('stops before opening or creating anything, naming PORT and HOST', async () => {
      const r = await cli.fas(['serve'], { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '' });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `fas: error: 127.0.0.1:${port} (PORT and HOST) is already in use by another process; set PORT and HOST to a free address, e.g. PORT=8080 npm start (nothing was opened or created)\n`,
      );
      expect(r.stdout).toBe('');
      // No database, no master key, no first-start credentials.
      expect(readdirSync(cli.dataDir)).toEqual([]);
    });
  });
});
