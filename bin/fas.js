#!/usr/bin/env -S node --max-semi-space-size=32
// --max-semi-space-size=32: a young generation of 32 MB a half (Node 20's default is 16), so that
// an answer of tens of thousands of objects is copied by fewer scavenges (the four-key
// transactionStats at 10M, 300 calls: garbage collection 4.4-4.7 ms a call with the default,
// 0.7-4.0 with it; docs/benchmarks.md, "Stall"). Every launcher of the server passes the same
// flags (package.json's start, scripts/dev.ts, bench/support/serve-process.ts; test/unit/node-flags.test.ts).
import '../dist/cli/main.js';
