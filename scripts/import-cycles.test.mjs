import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureGraph, findCycles, importGraph } from './import-cycles.mjs';

/** A throw-away source tree laid out as the repository's. */
function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'cycles-'));
  for (const folder of [
    'packages/domain/src',
    'packages/print/src',
    'apps/server/src',
    'apps/web/src',
  ])
    mkdirSync(join(root, folder), { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  return root;
}

describe('import cycles', () => {
  it('finds modules that import each other, statically or lazily', () => {
    const root = tree({
      'apps/web/src/a.tsx': "import { b } from './b.ts';\nexport const a = b;\n",
      'apps/web/src/b.ts': "export const b = () => import('./a.tsx');\n",
      'apps/web/src/c.ts': "import { b } from './b.ts';\nexport const c = b;\n",
    });
    const cycles = findCycles(importGraph(root));
    expect(cycles).toHaveLength(1);
    expect(cycles[0].map((file) => file.slice(root.length))).toEqual([
      '/apps/web/src/a.tsx',
      '/apps/web/src/b.ts',
      '/apps/web/src/a.tsx',
    ]);
  });

  it('leaves out type-only imports and tests', () => {
    const root = tree({
      'packages/domain/src/a.ts': "import type { B } from './b.ts';\nexport type A = B;\n",
      'packages/domain/src/b.ts': "import { a } from './a.ts';\nexport type B = string;\n",
      'packages/domain/src/b.test.ts': "import { b } from './b.ts';\n",
    });
    expect(findCycles(importGraph(root))).toEqual([]);
  });

  it('finds features that use each other, even through a type', () => {
    const features = 'apps/server/src/features';
    const root = tree({});
    for (const feature of ['queue', 'queue-display', 'visits'])
      mkdirSync(join(root, features, feature), { recursive: true });
    const write = (path, text) => writeFileSync(join(root, features, path), text);
    write('queue/queue.repo.ts', "import type { Room } from '../queue-display/rooms.ts';\n");
    write('queue/queue.service.ts', "import { v } from '../visits/visits.service.ts';\n");
    write('queue-display/rooms.ts', "import { q } from '../queue/queue.service.ts';\n");
    write('queue-display/rooms.test.ts', "import { v } from '../visits/visits.service.ts';\n");
    write('visits/visits.service.ts', "import { s } from '../../platform/scope.ts';\n");
    const graph = featureGraph(root);
    expect(graph.get('visits')).toEqual([]);
    expect(graph.get('queue-display')).toEqual(['queue']);
    expect(findCycles(graph)).toEqual([['queue', 'queue-display', 'queue']]);
  });
});
