import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, recordingContext, releaseBrowser, seriousAxeViolations, sharedBrowser } from '../support/browser.js';

// Proves the browser support itself: a foreign request is recorded (and stopped), and axe-core
// reports a real violation, so page tests that assert "none" can fail.
describe.skipIf(!chromiumAvailable() && !process.env.CI)('browser support', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        '<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>Hi</h1>' +
          '<img src="http://example.invalid/x.png"><input type="text"></main></body></html>',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('records requests to another origin and finds axe violations', async () => {
    const browser = await sharedBrowser();
    try {
      const rec = await recordingContext(browser, origin);
      const page = await rec.newPage();
      await page.goto(origin);
      expect(rec.foreignRequests).toEqual(['http://example.invalid/x.png']);
      const violations = await seriousAxeViolations(page);
      expect(violations.map((v) => v.id)).toContain('image-alt');
    } finally {
      await releaseBrowser(browser);
    }
  });
});
