#!/usr/bin/env node
// `npx fas` in a checkout: the same command as `node bin/fas.js` (dist/ is built by `npm install`).
import '../../bin/fas.js';
