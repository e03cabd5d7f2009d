import { describe, expect, it } from 'vitest';
import { checkBudgets, initialFiles } from './web-budget.mjs';

// A build manifest in miniature: the entry imports react; the sign-in route imports a
// shared form chunk; the queue route imports the form chunk and the table, and loads its
// add dialog later (a dynamic import, not followed).
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
  'src/Login.tsx': { file: 'assets/Login.js', isDynamicEntry: true, imports: ['_form.js'] },
  'src/Queue.tsx': {
    file: 'assets/Queue.js',
    isDynamicEntry: true,
    imports: ['_form.js', '_table.js'],
    dynamicImports: ['src/AddDialog.tsx'],
  },
  '_table.js': { file: 'assets/table.js', imports: ['index.html'] },
  'src/AddDialog.tsx': { file: 'assets/AddDialog.js', isDynamicEntry: true },
};
const sizes = {
  'assets/index.js': 50_000,
  'assets/react.js': 60_000,
  'assets/form.js': 20_000,
  'assets/Login.js': 5_000,
  'assets/Queue.js': 30_000,
  'assets/table.js': 40_000,
  'assets/AddDialog.js': 90_000,
};
const sizeOf = (file) => sizes[file];

describe('the web JavaScript budget', () => {
  it("counts the entry, the page's lazy chunks and their static imports, once each", () => {
    expect(initialFiles(manifest, ['src/Login.tsx'])).toEqual([
      'assets/Login.js',
      'assets/form.js',
      'assets/index.js',
      'assets/react.js',
    ]);
    // The dialog loads later; the entry, imported back by the table, counts once.
    expect(initialFiles(manifest, ['src/Queue.tsx'])).toEqual([
      'assets/Queue.js',
      'assets/form.js',
      'assets/index.js',
      'assets/react.js',
      'assets/table.js',
    ]);
  });

  it('fails a page over its own budget, and others over the default', () => {
    const budgets = {
      defaultKB: 200,
      later: ['src/AddDialog.tsx'],
      pages: [
        { page: '/auth/login', kB: 150, modules: ['src/Login.tsx'] },
        { page: '/MAIN/queue', modules: ['src/Queue.tsx'] },
      ],
    };
    const { results, unbudgeted } = checkBudgets(manifest, budgets, sizeOf);
    expect(results.map(({ page, bytes, limit, ok }) => ({ page, bytes, limit, ok }))).toEqual([
      { page: '/auth/login', bytes: 135_000, limit: 150_000, ok: true },
      { page: '/MAIN/queue', bytes: 200_000, limit: 200_000, ok: true },
    ]);
    budgets.pages[0].kB = 130;
    expect(checkBudgets(manifest, budgets, sizeOf).results[0].ok).toBe(false);
    expect(unbudgeted).toEqual([]);
  });

  it('names a lazy chunk that no page and no later list accounts for', () => {
    const budgets = {
      defaultKB: 250,
      later: [],
      pages: [{ page: '/auth/login', modules: ['src/Login.tsx'] }],
    };
    expect(checkBudgets(manifest, budgets, sizeOf).unbudgeted).toEqual([
      'src/Queue.tsx',
      'src/AddDialog.tsx',
    ]);
  });

  it('stops on a page whose module the build no longer has', () => {
    const budgets = {
      defaultKB: 250,
      later: [],
      pages: [{ page: '/x', modules: ['src/Gone.tsx'] }],
    };
    expect(() => checkBudgets(manifest, budgets, sizeOf)).toThrow('src/Gone.tsx');
  });
});
