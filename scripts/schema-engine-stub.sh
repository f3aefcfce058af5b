#!/bin/sh
# Stand-in for Prisma's native schema engine, which cannot be downloaded here. `prisma generate`
# only asks it for its version; migrations use the WASM engine (src/db/schema-engine.ts).
if [ "$1" = "--version" ]; then echo "schema-engine-cli 0.0.0-stub"; exit 0; fi
echo "The native Prisma schema engine is not installed; use npm run db:diff / fas migrate." >&2
exit 1
