import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { inProcessCli } from '../support/cli.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';
import { trpcCaller } from '../support/trpc-caller.js';
import { cookieOf, csrf, trpcHttp } from './trpc-http.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const signIn = async (token: string) => cookieOf((await trpcHttp(h, 'mutation', 'session.signIn', { token }, csrf(h))).setCookie);
const accounts = (authorization: string) => rawRequest(h, 'GET', '/api/v2/accounts', { headers: { authorization } });

describe('admin and analyst tokens can be listed and revoked', () => {
  it('the dashboard (tRPC) lists the team; revoking an analyst ends their token and their session at once', async () => {
    const ws = await workspaceFactory(h.deps);
    const admin = trpcCaller(h, ws.adminToken);
    const team = await admin.admins.list.query();
    expect(team.data.map((a) => [a.email, a.role, a.activeTokens])).toEqual([
      [ws.adminEmail, 'admin', 1],
      [expect.any(String), 'analyst', 1],
    ]);
    const analystId = team.data[1]?.adminId as string;
    const analystCookie = await signIn(ws.analystToken);
    expect((await trpcHttp(h, 'query', 'accounts.list', {}, { cookie: analystCookie })).status).toBe(200);
    expect((await accounts(`Bearer ${ws.analystToken}`)).status).toBe(200);

    // An admin signed in to the dashboard revokes the analyst.
    const adminCookie = await signIn(ws.adminToken);
    const revoked = await trpcHttp(h, 'mutation', 'admins.revoke', { adminId: analystId }, { cookie: adminCookie, ...csrf(h) });
    expect(revoked.status).toBe(200);
    expect(revoked.data).toMatchObject({ adminId: analystId, revokedTokens: 1, endedSessions: 1 });
    expect((await trpcHttp(h, 'query', 'accounts.list', {}, { cookie: analystCookie })).status).toBe(401);
    expect((await accounts(`Bearer ${ws.analystToken}`)).status).toBe(401);
    expect((await trpcHttp(h, 'mutation', 'session.signIn', { token: ws.analystToken }, csrf(h))).status).toBe(401);
    expect((await admin.admins.list.query()).data[1]?.activeTokens).toBe(0);
    // Twice changes nothing; the admin's own access is untouched.
    expect(await admin.admins.revoke.mutate({ adminId: analystId })).toMatchObject({ revokedTokens: 0, endedSessions: 0 });
    expect((await trpcHttp(h, 'query', 'accounts.list', {}, { cookie: adminCookie })).status).toBe(200);
  });

  it('API keys and analysts cannot manage the team; an admin cannot revoke themselves; other workspaces are 404', async () => {
    const ws = await workspaceFactory(h.deps);
    const other = await workspaceFactory(h.deps);
    const team = await trpcCaller(h, ws.adminToken).admins.list.query();
    const [adminId, analystId] = team.data.map((a) => a.adminId) as [string, string];
    const key = trpcCaller(h, ws.apiKey);
    await expect(key.admins.list.query()).rejects.toMatchObject({ data: { code: 'FORBIDDEN', httpStatus: 403 } });
    await expect(key.admins.revoke.mutate({ adminId })).rejects.toMatchObject({ data: { code: 'FORBIDDEN', httpStatus: 403 } });
    const analyst = trpcCaller(h, ws.analystToken);
    expect((await analyst.admins.list.query()).data).toHaveLength(2);
    await expect(analyst.admins.revoke.mutate({ adminId })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    const admin = trpcCaller(h, ws.adminToken);
    await expect(admin.admins.revoke.mutate({ adminId })).rejects.toMatchObject({ data: { code: 'INVALID_STATE' } });
    await expect(admin.admins.revoke.mutate({ adminId: 'nope' })).rejects.toMatchObject({ data: { code: 'VALIDATION_FAILED' } });
    const foreign = (await trpcCaller(h, other.adminToken).admins.list.query()).data[0]?.adminId as string;
    await expect(admin.admins.revoke.mutate({ adminId: foreign })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect((await trpcCaller(h, other.adminToken).admins.list.query()).data.map((a) => a.email)).not.toContain(ws.adminEmail);
    // Nothing changed.
    expect((await accounts(`Bearer ${ws.analystToken}`)).status).toBe(200);
    expect((await accounts(`Bearer ${other.adminToken}`)).status).toBe(200);
    expect(analystId).toBeTruthy();
  });

  it('fas admin list / fas admin revoke --id: the token and its dashboard session stop at once', async () => {
    const ws = await workspaceFactory(h.deps);
    const cli = inProcessCli(h);
    try {
      const listed = await cli.fas(['admin', 'list', '--workspace', ws.workspaceId, '--json']);
      expect(listed.code).toBe(0);
      const admins = JSON.parse(listed.stdout).data as { adminId: string; email: string; activeTokens: number }[];
      const target = admins.find((a) => a.email === ws.adminEmail);
      expect(target?.activeTokens).toBe(1);
      const cookie = await signIn(ws.adminToken);
      expect((await trpcHttp(h, 'query', 'session.me', undefined, { cookie })).status).toBe(200);

      const revoked = await cli.fas(['admin', 'revoke', '--id', target?.adminId as string]);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toMatch(/revoked 1 token\(s\) of .*; ended 1 dashboard session\(s\)/);
      expect((await trpcHttp(h, 'query', 'session.me', undefined, { cookie })).status).toBe(401);
      expect((await accounts(`Bearer ${ws.adminToken}`)).status).toBe(401);
      const text = await cli.fas(['admin', 'list', '--workspace', ws.workspaceId]);
      expect(text.stdout).toMatch(new RegExp(`${target?.adminId}\\s+\\S+\\s+admin\\s+0`));
      const missing = await cli.fas(['admin', 'revoke', '--id', '00000000-0000-4000-8000-000000000000']);
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).toMatch(/not found/);
      const bad = await cli.fas(['admin', 'revoke', '--id', 'nope']);
      expect(bad.code).not.toBe(0);
    } finally {
      cli.cleanup();
    }
  });
});
