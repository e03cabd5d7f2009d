import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../test/api-fixture.ts';

import { IMMUTABLE, REVALIDATE } from './web-static.ts';

// A built web app in miniature: hashed assets and index.html with their .br and .gz
// copies (as the Vite build writes them), and config.json without (it is edited on site).
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-Ab12.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('clinic '.repeat(200))});`;
const CONFIG = '{"apiBaseURI":"/api/v1","apiBaseURI2":"/api/v2"}';

let dist: string;

function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeWithCopies(join(dist, 'index.html'), INDEX);
  writeWithCopies(join(dist, 'assets/app-Ab12.js'), SCRIPT);
  writeFileSync(join(dist, 'config.json'), CONFIG);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));
// After the folder exists (hooks run in order) and closed before it is removed.
const { t } = setupApiTest({ clinics: 0, config: () => ({ webDist: dist }) });

async function get(url: string, acceptEncoding?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
  const encoding = response.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? brotliDecompressSync(response.rawPayload).toString()
      : encoding === 'gzip'
        ? gunzipSync(response.rawPayload).toString()
        : response.body;
  return { status: response.statusCode, headers: response.headers, encoding, body };
}

describe('the web app as a browser receives it', () => {
  it('sends a hashed asset in brotli when accepted, cached for a year', async () => {
    const response = await get('/assets/app-Ab12.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.encoding).toBe('br');
    expect(response.body).toBe(SCRIPT);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('sends gzip to a client that takes only gzip, and the file itself to one that takes neither', async () => {
    const gzip = await get('/assets/app-Ab12.js', 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gzip.body).toBe(SCRIPT);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);

    for (const accepted of [undefined, 'identity']) {
      const plain = await get('/assets/app-Ab12.js', accepted);
      expect(plain.status).toBe(200);
      expect(plain.encoding).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('revalidates index.html, at the root and for every client route', async () => {
    for (const url of ['/', '/index.html', '/auth/login', '/MAIN/queue?tab=1', '/console/tenant']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.status, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
      expect(response.encoding, url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
    }
    const plain = await get('/MAIN/queue');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it('keeps the content security policy on the page: only the app’s own scripts', async () => {
    const response = await get('/auth/login', 'br');
    const policy = String(response.headers['content-security-policy']);
    // 'wasm-unsafe-eval' compiles the PDF renderer's WebAssembly; it allows no eval of JavaScript.
    expect(policy).toMatch(/(^|;)script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  });

  it('revalidates config.json, which has no compressed copy', async () => {
    const response = await get('/config.json', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.encoding).toBeUndefined();
    expect(JSON.parse(response.body)).toEqual(JSON.parse(CONFIG));
    expect(response.headers['cache-control']).toBe(REVALIDATE);
  });

  it('answers a missing file with 404, never with the page', async () => {
    for (const url of [
      '/assets/missing-Zz99.js',
      '/assets/missing.css',
      '/favicon.ico',
      '/assets/app-Ab12.js.br',
      '/api/v1/no-such-route',
    ]) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.status, url).toBe(404);
      expect(response.headers['content-type'], url).not.toMatch(/html/);
      expect(response.body, url).not.toContain('<html');
    }
  });
});
