import { describe, expect, it } from 'vitest';
import type { CreatedWorkspace } from '../../src/core/workspaces/create-workspace.js';
import { announceSandbox, type BannerStream } from '../../src/server/sandbox-banner.js';

const created = {
  workspaceId: '6f1c0000-0000-4000-8000-000000000001',
  apiKey: { key: 'fas_sk_SECRETAPIKEYSECRETAPIKEYSECRET01' },
  admin: { token: 'fas_at_SECRETADMINTOKENSECRETADMINTOK01', email: 'admin@sandbox.local' },
} as unknown as CreatedWorkspace;
const boot = { created, file: '/data/credentials.json' };

function stream(isTTY: boolean): BannerStream & { text: string } {
  const s = {
    isTTY,
    text: '',
    write(t: string) {
      s.text += t;
      return true;
    },
  };
  return s;
}

function run(stdoutTTY: boolean, stderrTTY: boolean) {
  const stdout = stream(stdoutTTY);
  const stderr = stream(stderrTTY);
  const log: string[] = [];
  announceSandbox(boot, 'http://localhost:8080', { stdout, stderr, log: (fields, msg) => log.push(JSON.stringify({ ...fields, msg })) });
  return { stdout: stdout.text, stderr: stderr.text, log: log.join('\n') };
}

const secrets = [created.apiKey.key, created.admin.token];

describe('first-start banner', () => {
  it('never puts a secret in the log, whatever the streams are', () => {
    for (const [a, b] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ] as const) {
      const { log } = run(a, b);
      expect(log).toContain('/data/credentials.json');
      for (const s of secrets) expect(log).not.toContain(s);
    }
  });

  it('shows the secrets on stdout when it is a terminal', () => {
    const r = run(true, true);
    for (const s of secrets) expect(r.stdout).toContain(s);
    expect(r.stderr).toBe('');
  });

  it('shows them on stderr when only stderr is a terminal (stdout collected)', () => {
    const r = run(false, true);
    for (const s of secrets) expect(r.stderr).toContain(s);
    expect(r.stdout).toBe('');
  });

  it('writes them nowhere but the file when no stream is a terminal', () => {
    const r = run(false, false);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.log).toContain('"shownOnTerminal":false');
  });
});
