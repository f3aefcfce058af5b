import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffMigrationsToSchema, schemaPath } from '../../src/db/schema-engine.js';
import { initdbImage } from '../support/pglite-image.js';

describe('schema.prisma and prisma/migrations', () => {
  it('agree: applying every migration gives exactly the schema', async () => {
    const { sql, empty } = await diffMigrationsToSchema({ initdbImage: initdbImage() });
    expect(sql, 'run `npm run db:diff -- --name <change>` to write the missing migration').toMatch(/empty migration/);
    expect(empty).toBe(true);
  }, 120_000);

  it('a schema change without its migration is caught', async () => {
    const changed = `${readFileSync(schemaPath, 'utf8')}\nmodel Drift {\n  id String @id\n  @@map("drift")\n}\n`;
    const { sql, empty } = await diffMigrationsToSchema({ schemaText: changed, initdbImage: initdbImage() });
    expect(empty).toBe(false);
    expect(sql).toContain('CREATE TABLE "drift"');
  }, 120_000);

  it('a migrations-only change (an index the schema does not declare) is caught', async () => {
    const schema = readFileSync(schemaPath, 'utf8').replace(
      '  @@index([workspaceId, status])\n  @@map("banking_verifications")',
      '  @@map("banking_verifications")',
    );
    const { sql, empty } = await diffMigrationsToSchema({ schemaText: schema, initdbImage: initdbImage() });
    expect(empty).toBe(false);
    expect(sql).toContain('DROP INDEX "banking_verifications_workspace_id_status_idx"');
  }, 120_000);
});
