// Prints the GraphQL schema to schema.graphql (committed; CI fails when it is stale).
import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { schema } from '../src/graphql/schema.js';

const out = process.argv[2] ?? 'schema.graphql';
writeFileSync(out, `${printSchema(schema)}\n`);
