import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';

/** Hashed build files: their name changes with their content, so they never go stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, config.json and other unhashed files: revalidated on every use. */
export const REVALIDATE = 'no-cache';

/** A path that names a file (a missing asset, a typo'd script), not a page of the app. */
const FILE_PATH = /^\/assets\/|\.(?:js|mjs|css|map|json|ico|png|jpe?g|gif|svg|webp|woff2?|txt)$/i;

/**
 * Serves the built web app. Vite writes each file also as .br and .gz; the copy the
 * browser accepts is sent (brotli, else gzip, else the file), with `Vary: Accept-Encoding`.
 * Files under /assets carry a content hash and are cached for a year; everything else
 * (index.html, config.json) is revalidated each time. Any other GET that is not an API
 * call and does not name a file gets index.html, so the client's router can show the page
 * (or its own 404 page); a missing file is a 404, never the page.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  const assetsDir = join(distDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are served in place of their file, never by their own name.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || FILE_PATH.test(path)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
  return true;
}
