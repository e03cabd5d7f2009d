// The web app's JavaScript budget: what each page downloads before it can show itself
// (the entry chunk, the page's lazy route chunks, and every chunk they import statically),
// measured as brotli bytes from the build's manifest (apps/web/dist/.vite/manifest.json).
// The budgets are apps/web/budgets.json. Run after `vite build`; exits 1 naming every page
// over its budget. `--files` lists each page's files with their sizes.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const KB = 1000;

/**
 * The JavaScript files a page needs before it renders: the entry, the given lazy modules
 * (source paths as the manifest names them), and everything they import statically.
 * Dynamic imports inside them are not followed: they load later, when used.
 */
export function initialFiles(manifest, modules) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build has no chunk for ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...modules]) visit(key);
  return [...files].sort();
}

/** Every lazy chunk's module (a key of the manifest). */
export function lazyModules(manifest) {
  return Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);
}

/**
 * Checks every page of `budgets` against the build. `sizeOf(file)` gives a file's
 * compressed size in bytes. Answers one result per page, and the lazy chunks that are in
 * no page and not in `budgets.later` (a new route or dialog nobody has budgeted yet).
 */
export function checkBudgets(manifest, budgets, sizeOf) {
  const results = budgets.pages.map((page) => {
    const files = initialFiles(manifest, page.modules);
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    const limit = (page.kB ?? budgets.defaultKB) * KB;
    return { page: page.page, files, bytes, limit, ok: bytes <= limit };
  });
  const known = new Set([...budgets.pages.flatMap((page) => page.modules), ...budgets.later]);
  const unbudgeted = lazyModules(manifest).filter((module) => !known.has(module));
  return { results, unbudgeted };
}

/** Brotli size of a built file: its precompressed .br copy, or compressed here. */
function brotliSizeIn(distDir) {
  return (file) => {
    const path = join(distDir, file);
    if (existsSync(`${path}.br`)) return statSync(`${path}.br`).size;
    return brotliCompressSync(readFileSync(path), {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
  };
}

const kB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

function main() {
  const webDir = resolve(import.meta.dirname, '../apps/web');
  const distDir = join(webDir, 'dist');
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`No build manifest at ${manifestPath}: build the web app first.`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const budgets = JSON.parse(readFileSync(join(webDir, 'budgets.json'), 'utf8'));
  let checked;
  try {
    checked = checkBudgets(manifest, budgets, brotliSizeIn(distDir));
  } catch (error) {
    console.error(`Web budget: ${error.message} (is apps/web/budgets.json up to date?)`);
    return 1;
  }
  const { results, unbudgeted } = checked;
  const sizeOf = brotliSizeIn(distDir);
  const verbose = process.argv.includes('--files');
  console.log('Initial JavaScript per page (brotli):');
  for (const r of results) {
    console.log(
      `  ${r.ok ? 'ok  ' : 'OVER'} ${r.page.padEnd(30)} ${kB(r.bytes)} of ${kB(r.limit)}`,
    );
    if (verbose)
      for (const file of r.files) console.log(`         ${kB(sizeOf(file)).padStart(9)}  ${file}`);
  }
  const over = results.filter((r) => !r.ok);
  for (const r of over) {
    console.error(
      `\nThe page ${r.page} needs ${kB(r.bytes)} of JavaScript (brotli) before it shows, ` +
        `over its budget of ${kB(r.limit)} (apps/web/budgets.json). Its files:\n` +
        r.files.map((file) => `  ${kB(sizeOf(file)).padStart(9)}  ${file}`).join('\n'),
    );
  }
  for (const module of unbudgeted)
    console.error(
      `\nThe lazy chunk ${module} is in no page of apps/web/budgets.json: add it to the ` +
        "modules of the pages that need it to show, or to 'later' if it loads afterwards.",
    );
  return over.length === 0 && unbudgeted.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main());
