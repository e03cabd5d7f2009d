// `node scripts/import-cycles.mjs`: fails when source modules import each other in a cycle.
// A module and what it imports must form a tree, so features can be read, tested and moved
// one at a time; two modules that need each other share a third instead.
//
// Our imports are relative and carry their extension (`./queue.repo.ts`), so the graph is
// read from the text; `import type` is left out (types leave no runtime edge). A small
// script rather than a lint plugin: the plugin's resolver breaks `npm ci` on this machine.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOTS = ['packages/domain/src', 'packages/print/src', 'apps/server/src', 'apps/web/src'];
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
const DYNAMIC = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module with the modules it imports at run time (static and dynamic). */
export function importGraph(root) {
  const files = ROOTS.flatMap((folder) => sourceFiles(join(root, folder)));
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(IMPORT), ...text.matchAll(DYNAMIC)].map((match) =>
        resolve(dirname(file), match[1]),
      );
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The cycles of a graph, each as the list of modules around it (depth-first search). */
export function findCycles(graph) {
  const state = new Map();
  const path = [];
  const cycles = [];
  const visit = (node) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

const FEATURES = 'apps/server/src/features';
const ANY_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

/**
 * The server's features with the features each imports, type-only imports included: a
 * feature and those it uses must form a tree too (queue-display uses the queue, so the
 * queue uses nothing of queue-display, not even a type).
 */
export function featureGraph(root) {
  const features = join(root, FEATURES);
  const featureOf = (file) => relative(features, file).split('/')[0];
  const graph = new Map();
  for (const file of sourceFiles(features)) {
    const from = featureOf(file);
    const targets = graph.get(from) ?? new Set();
    for (const match of readFileSync(file, 'utf8').matchAll(ANY_IMPORT)) {
      const target = resolve(dirname(file), match[1]);
      const to = featureOf(target);
      if (target.startsWith(features) && to !== from) targets.add(to);
    }
    graph.set(from, targets);
  }
  return new Map([...graph].map(([feature, targets]) => [feature, [...targets]]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = findCycles(importGraph(root));
  for (const cycle of cycles)
    console.error(`Import cycle: ${cycle.map((file) => relative(root, file)).join(' -> ')}`);
  const featureCycles = findCycles(featureGraph(root));
  for (const cycle of featureCycles) console.error(`Feature cycle: ${cycle.join(' -> ')}`);
  if (cycles.length + featureCycles.length > 0) process.exit(1);
  console.log('No import cycles, between modules or between features.');
}
