import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/core/auth/secrets.js';
import type { Deps } from '../../src/core/context.js';
import { resumeSession } from '../../src/core/sessions/resume-session.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/core/sessions/session-policy.js';
import { startSession } from '../../src/core/sessions/start-session.js';
import { setSessionCookie } from '../../src/http/session-cookie.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { cookieOf, csrf, trpcHttp } from './trpc-http.js';

describe('session cookie attributes', () => {
  const cookieFor = (protocol: string, publicUrl: string) => {
    let value = '';
    const reply = {
      header: (_k: string, v: string) => {
        value = v;
      },
    };
    setSessionCookie({ protocol } as never, reply as never, publicUrl, 'fas_ss_x');
    return value.split('; ');
  };
  it('is Secure under https (the request, or FAS_PUBLIC_URL behind a TLS proxy)', () => {
    expect(cookieFor('https', 'http://localhost:8080')).toContain('Secure');
    expect(cookieFor('http', 'https://fas.example')).toContain('Secure');
    expect(cookieFor('http', 'http://localhost:8080')).not.toContain('Secure');
  });
});

describe('dashboard sessions over tRPC', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const signIn = (token: string, headers = csrf(h)) => trpcHttp(h, 'mutation', 'session.signIn', { token }, headers);

  it('exchanges an admin token for an HttpOnly SameSite=Strict cookie, stored only as a hash', async () => {
    const ws = await workspaceFactory(h.deps);
    const r = await signIn(ws.adminToken);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      email: ws.adminEmail,
      role: 'admin',
      workspaceId: ws.workspaceId,
      sandbox: true,
      idleTimeoutSeconds: 1800,
    });
    expect(Date.parse(r.data.expiresAt) - Date.now()).toBeGreaterThan(SESSION_ABSOLUTE_MS - 60_000);
    const attrs = (r.setCookie ?? '').split(/;\s*/);
    expect(attrs).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/', `Max-Age=${SESSION_ABSOLUTE_MS / 1000}`]));
    expect(attrs).not.toContain('Secure'); // plain http here; https adds it (unit test below)
    const cookie = cookieOf(r.setCookie);
    const secret = cookie.split('=')[1] ?? '';
    expect(secret).toMatch(/^fas_ss_/);
    expect(r.setCookie).not.toContain(ws.adminToken);
    const rows = await h.database.prisma.dashboardSession.findMany({ where: { sessionHash: hashSecret(secret) } });
    expect(rows).toHaveLength(1);
    const raw = await h.database.sql<{ n: number }>(
      (await import('../../src/db/generated/prisma/client.js')).Prisma
        .sql`SELECT count(*)::int AS n FROM dashboard_sessions WHERE session_hash = ${secret}`,
    );
    expect(raw[0]?.n).toBe(0);

    const me = await trpcHttp(h, 'query', 'session.me', undefined, { cookie });
    expect(me.data).toMatchObject({ email: ws.adminEmail, role: 'admin', expiresAt: r.data.expiresAt });
    const list = await trpcHttp(h, 'query', 'accounts.list', { limit: 5 }, { cookie });
    expect(list.status).toBe(200);
    expect(list.data.total).toBe(0);
  });

  it('refuses API keys, wrong tokens and malformed input with clear messages that never echo the secret', async () => {
    const ws = await workspaceFactory(h.deps);
    const key = await signIn(ws.apiKey);
    expect(key.status).toBe(401);
    expect(key.error?.data.code).toBe('UNAUTHENTICATED');
    expect(key.error?.message).toMatch(/admin or analyst token/);
    const wrong = `fas_at_${'x'.repeat(32)}`;
    const bad = await signIn(wrong);
    expect(bad.status).toBe(401);
    expect(bad.error?.message).not.toContain(wrong);
    expect(bad.setCookie).toBeNull();
    const missing = await trpcHttp(h, 'mutation', 'session.signIn', {}, csrf(h));
    expect(missing.status).toBe(400);
    expect(missing.error?.data).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'token', message: 'is required' }] });
    const extra = await trpcHttp(h, 'mutation', 'session.signIn', { token: ws.adminToken, remember: true }, csrf(h));
    expect(extra.status).toBe(400);
  });

  it('refuses a cross-site sign-in (no X-FAS-CSRF, or a foreign Origin)', async () => {
    const ws = await workspaceFactory(h.deps);
    expect((await signIn(ws.adminToken, {} as never)).status).toBe(403);
    expect((await signIn(ws.adminToken, { 'x-fas-csrf': '1', origin: 'https://evil.example' })).status).toBe(403);
  });

  it('cookie-authenticated mutations need the CSRF header and this origin; queries do not', async () => {
    const ws = await workspaceFactory(h.deps);
    const cookie = cookieOf((await signIn(ws.adminToken)).setCookie);
    const noHeader = await trpcHttp(h, 'mutation', 'apiKeys.create', { name: 'x' }, { cookie });
    expect(noHeader.status).toBe(403);
    expect(noHeader.error?.data.code).toBe('FORBIDDEN');
    const foreign = await trpcHttp(
      h,
      'mutation',
      'apiKeys.create',
      { name: 'x' },
      { cookie, 'x-fas-csrf': '1', origin: 'http://evil.example' },
    );
    expect(foreign.status).toBe(403);
    const ok = await trpcHttp(h, 'mutation', 'apiKeys.create', { name: 'ci' }, { cookie, ...csrf(h) });
    expect(ok.status).toBe(200);
    expect(ok.data.key).toMatch(/^fas_sk_/);
    expect((await trpcHttp(h, 'query', 'apiKeys.list', undefined, { cookie })).data.data).toHaveLength(2);
  });

  it('an analyst session reads but every mutation is refused by the server', async () => {
    const ws = await workspaceFactory(h.deps);
    const r = await signIn(ws.analystToken);
    expect(r.data.role).toBe('analyst');
    const cookie = cookieOf(r.setCookie);
    expect((await trpcHttp(h, 'query', 'apiKeys.list', undefined, { cookie })).status).toBe(200);
    for (const [path, input] of [
      ['apiKeys.create', { name: 'x' }],
      ['apiKeys.revoke', { apiKeyId: ws.apiKeyId }],
      ['accounts.create', { type: 'individual', email: 'a@example.com' }],
      ['webhookTargets.create', { url: 'https://example.com/hook' }],
    ] as const) {
      const res = await trpcHttp(h, 'mutation', path, input, { cookie, ...csrf(h) });
      expect(res.error?.data.code, path).toBe('FORBIDDEN');
    }
  });

  it('sign-out ends the session server-side: the same cookie no longer works', async () => {
    const ws = await workspaceFactory(h.deps);
    const cookie = cookieOf((await signIn(ws.adminToken)).setCookie);
    const out = await trpcHttp(h, 'mutation', 'session.signOut', undefined, { cookie, ...csrf(h) });
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(/fas_session=;.*Max-Age=0/);
    const after = await trpcHttp(h, 'query', 'session.me', undefined, { cookie });
    expect(after.status).toBe(401);
    expect(after.error?.message).toMatch(/session has ended/);
  });

  it('a revoked admin token ends its sessions', async () => {
    const ws = await workspaceFactory(h.deps);
    const cookie = cookieOf((await signIn(ws.adminToken)).setCookie);
    await h.database.prisma.adminToken.updateMany({ where: { adminId: ws.adminId }, data: { revokedAt: new Date() } });
    expect((await trpcHttp(h, 'query', 'session.me', undefined, { cookie })).status).toBe(401);
  });

  it('a garbage or unknown cookie is 401, never 500', async () => {
    for (const cookie of ['fas_session=nonsense', `fas_session=fas_ss_${'a'.repeat(32)}`, 'fas_session=%E0%A4%A']) {
      const r = await trpcHttp(h, 'query', 'session.me', undefined, { cookie });
      expect(r.status, cookie).toBe(401);
    }
  });

  it('expires after the idle limit and at the absolute limit, whatever the activity', async () => {
    const ws = await workspaceFactory(h.deps);
    let now = Date.now();
    const deps: Deps = { ...h.deps, clock: { now: () => new Date(now) } };
    const idle = await startSession(deps, { token: ws.adminToken });
    now += SESSION_IDLE_MS - 60_000;
    await expect(resumeSession(deps, idle.secret)).resolves.toMatchObject({ workspaceId: ws.workspaceId });
    now += SESSION_IDLE_MS - 60_000; // the use above slid the idle window
    await expect(resumeSession(deps, idle.secret)).resolves.toBeDefined();
    now += SESSION_IDLE_MS;
    await expect(resumeSession(deps, idle.secret)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });

    now = Date.now();
    const busy = await startSession(deps, { token: ws.adminToken });
    for (let t = 0; t < SESSION_ABSOLUTE_MS - 20 * 60_000; t += 20 * 60_000) {
      now += 20 * 60_000;
      await resumeSession(deps, busy.secret);
    }
    now = Date.now() + SESSION_ABSOLUTE_MS;
    await expect(resumeSession(deps, busy.secret)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
