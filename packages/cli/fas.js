#!/usr/bin/env -S node --max-semi-space-size=32
// `npx fas` in a checkout: the same command as bin/fas.js, with its node flags (dist/ is built by `npm install`).
import '../../bin/fas.js';
