import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web app; any other GET that is not an API call gets index.html so
 * the client's router can show the page (or its own 404 page).
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  app.get('/*', { config: { access: 'public' } }, (request, reply) =>
    request.url.startsWith('/api/') ? reply.callNotFound() : reply.sendFile('index.html'),
  );
  return true;
}
