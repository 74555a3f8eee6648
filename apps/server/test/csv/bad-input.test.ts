import type { ApiError } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const HEADER = 'name,img,price,quentity,description';

describe.each(TEST_ENGINES)('CSV routes refuse bad input with a 400 and a code on %s', (engine) => {
  let test: TestApp;
  let clerk: Clerk;

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    clerk = await newClerk(test.app);
  });

  afterAll(async () => {
    await test.close();
  });

  const upload = (contentType: string, payload: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/import/products?dryRun=true',
      headers: { ...clerk.session, 'content-type': contentType },
      payload,
    });

  it('answers malformed multipart uploads with 400 MALFORMED_UPLOAD', async () => {
    const boundary = 'walton-boundary';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\r\nA,/images/a.svg,1,1,d\r\n`;
    const bodies: Array<[string, string]> = [
      // No boundary parameter: "Boundary not found".
      ['multipart/form-data', part],
      // Cut short before the closing boundary: "Unexpected end of multipart data".
      [`multipart/form-data; boundary=${boundary}`, part],
      // A boundary the body never has.
      [`multipart/form-data; boundary=other`, `${part}--${boundary}--\r\n`],
    ];
    for (const [contentType, payload] of bodies) {
      const response = await upload(contentType, payload);
      expect([400, 415], `${contentType}: ${response.body}`).toContain(response.statusCode);
      const body = response.json<ApiError>();
      expect(body.code).toMatch(/^(MALFORMED_UPLOAD|IMPORT_NO_FILE)$/);
      expect(body.message).not.toMatch(/Boundary not found|Unexpected end/);
    }
    const cut = await upload(`multipart/form-data; boundary=${boundary}`, part);
    expect(cut.statusCode).toBe(400);
    expect(cut.json<ApiError>().code).toBe('MALFORMED_UPLOAD');
    const noBoundary = await upload('multipart/form-data', part);
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json<ApiError>().code).toBe('MALFORMED_UPLOAD');
  });

  it('answers out-of-range and impossible dates of the history export with 400 on every engine', async () => {
    for (const query of [
      'to=9999-12-31',
      'to=0000-01-01',
      'from=-000001-01-01T00:00:00Z',
      'from=%2B275760-09-13T00:00:00Z',
      'from=2026-02-30',
      'to=2026-13-01',
      'from=2026-11-30T24:00:00Z',
      'from=2026-11-30T18:00:00',
      'from=1',
    ]) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/export/history.csv?${query}`,
        headers: clerk.session,
      });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json<ApiError>().code).toBe('VALIDATION_FAILED');
    }
    for (const query of ['from=2026-02-28', 'to=2999-12-31', 'from=2026-11-30T18:00:00.5%2B06:00']) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/export/history.csv?${query}`,
        headers: clerk.session,
      });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    }
  });
});
