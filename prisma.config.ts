import path from 'node:path';
import { defineConfig } from 'prisma/config';

// Offline machines cannot download the native schema engine; `prisma generate` only asks it for
// its version. Users who have the real engine keep theirs.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve('scripts/schema-engine-stub.sh');

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
