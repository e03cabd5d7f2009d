// `npm start`: builds the web app if needed, then serves web and API on one port.
// The server migrates the database and seeds the demo clinic when it is empty.
import { resolve } from 'node:path';
import { buildWebIfStale } from './lib.mjs';

if ((await buildWebIfStale()) !== 0) process.exit(1);
process.env.WEB_DIST ??= resolve('apps/web/dist');
await import('../apps/server/src/main.ts');
