import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/core/audit/record-audit.js';
import type { Ctx } from '../../src/core/context.js';
import { workspaceFactory } from '../factories/workspace.js';
import { inProcessCli } from '../support/cli.js';
import { type Harness, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** A workspace with `n` records of its own (besides what its creation recorded). */
async function chain(n: number): Promise<{ ctx: Ctx; workspaceId: string; first: bigint }> {
  const ws = await workspaceFactory(h.deps, 'Chain');
  const before = await h.deps.db.auditRecord.count({ where: { workspaceId: ws.workspaceId } });
  for (let i = 0; i < n; i++) {
    await h.deps.db.$transaction((tx) =>
      recordAudit(tx, ws.ctx, {
        action: 'test.recorded',
        object: { type: 'test', id: `obj-${i}` },
        changes: { n: { before: i, after: i + 1 }, nested: { after: { z: 1, a: [1, 'x'] } } },
      }),
    );
  }
  return { ctx: ws.ctx, workspaceId: ws.workspaceId, first: BigInt(before + 1) };
}

async function verify(workspaceId: string) {
  const cli = inProcessCli(h);
  try {
    const run = await cli.fas(['audit', 'verify', '--workspace', workspaceId, '--json']);
    return { code: run.code, report: run.stdout ? JSON.parse(run.stdout) : undefined, stderr: run.stderr };
  } finally {
    cli.cleanup();
  }
}

const exec = (sql: string) => h.deps.db.$executeRawUnsafe(sql);

describe('the audit chain', () => {
  it('numbers records 1, 2, 3... per workspace, each holding the hash before it, and verifies clean', async () => {
    const { workspaceId } = await chain(3);
    const rows = await h.deps.db.auditRecord.findMany({ where: { workspaceId }, orderBy: { seq: 'asc' } });
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
    const head = await h.deps.db.auditChainHead.findUniqueOrThrow({ where: { workspaceId } });
    expect(head.hash).toBe(rows.at(-1)?.hash);
    const v = await verify(workspaceId);
    expect(v.code, v.stderr).toBe(0);
    expect(v.report).toMatchObject({ ok: true, breaks: [], records: rows.length });
  });

  it('concurrent appends in one workspace make one gapless chain', async () => {
    const ws = await workspaceFactory(h.deps, 'Race');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.deps.db.$transaction((tx) => recordAudit(tx, ws.ctx, { action: 'test.raced', object: { type: 'test', id: String(i) } }), {
          maxWait: 60_000,
        }),
      ),
    );
    expect((await verify(ws.workspaceId)).code).toBe(0);
  });

  it('a rolled-back change leaves no record', async () => {
    const { ctx, workspaceId } = await chain(0);
    const count = () => h.deps.db.auditRecord.count({ where: { workspaceId } });
    const before = await count();
    await expect(
      h.deps.db.$transaction(async (tx) => {
        await recordAudit(tx, ctx, { action: 'test.rolled_back', object: { type: 'test', id: 'x' } });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await count()).toBe(before);
    expect((await verify(workspaceId)).code).toBe(0);
  });

  it('an edited record fails verification and is named', async () => {
    const { workspaceId, first } = await chain(4);
    const target = first + 1n;
    await exec(`UPDATE audit_records SET action = 'test.innocent' WHERE workspace_id = '${workspaceId}' AND seq = ${target}`);
    const v = await verify(workspaceId);
    expect(v.code).toBe(1);
    expect(v.report.breaks).toEqual([expect.objectContaining({ kind: 'edited', seq: String(target) })]);
  });

  it('an edited changes document (jsonb) fails verification', async () => {
    const { workspaceId, first } = await chain(3);
    await exec(
      `UPDATE audit_records SET changes = jsonb_set(changes, '{n,after}', '99') WHERE workspace_id = '${workspaceId}' AND seq = ${first}`,
    );
    const v = await verify(workspaceId);
    expect(v.code).toBe(1);
    expect(v.report.breaks).toEqual([expect.objectContaining({ kind: 'edited', seq: String(first) })]);
  });

  it('a deleted record in the middle is named as removed; one cut from the end as truncated', async () => {
    const { workspaceId, first } = await chain(5);
    await exec(`DELETE FROM audit_records WHERE workspace_id = '${workspaceId}' AND seq = ${first + 2n}`);
    const v = await verify(workspaceId);
    expect(v.code).toBe(1);
    expect(v.report.breaks).toEqual([expect.objectContaining({ kind: 'removed', seq: String(first + 2n) })]);

    const last = await h.deps.db.auditChainHead.findUniqueOrThrow({ where: { workspaceId } });
    await exec(`DELETE FROM audit_records WHERE workspace_id = '${workspaceId}' AND seq = ${last.seq}`);
    const v2 = await verify(workspaceId);
    expect(v2.report.breaks).toContainEqual(expect.objectContaining({ kind: 'truncated', seq: String(last.seq) }));
  });

  it('two records swapped in order are named as reordered', async () => {
    const { workspaceId, first } = await chain(4);
    const a = first + 1n;
    const b = first + 2n;
    const where = `workspace_id = '${workspaceId}'`;
    await exec(`UPDATE audit_records SET seq = -1 WHERE ${where} AND seq = ${a}`);
    await exec(`UPDATE audit_records SET seq = ${a} WHERE ${where} AND seq = ${b}`);
    await exec(`UPDATE audit_records SET seq = ${b} WHERE ${where} AND seq = -1`);
    const v = await verify(workspaceId);
    expect(v.code).toBe(1);
    const kinds = v.report.breaks.map((x: { kind: string; seq: string }) => `${x.kind} ${x.seq}`);
    expect(kinds).toEqual([`reordered ${a}`, `reordered ${b}`]);
  });

  it('a workspace tampered with does not fail another one', async () => {
    const good = await chain(2);
    const bad = await chain(2);
    await exec(`UPDATE audit_records SET object_id = 'forged' WHERE workspace_id = '${bad.workspaceId}' AND seq = ${bad.first}`);
    expect((await verify(good.workspaceId)).code).toBe(0);
    expect((await verify(bad.workspaceId)).code).toBe(1);
  });
});
