import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

export default defineConfig({
  plugins: [
    react(),
    // Every text file of the build is also written as .br and .gz (best levels: this runs
    // once per build, the files are served for months); the server picks one by
    // Accept-Encoding. config.json is left alone: it is edited on the installed site, and a
    // stale compressed copy would shadow the edit.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|html|svg|json)$/,
      exclude: [/(^|\/)config\.json$/, /\.vite\//],
      threshold: 512,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each page needs (read by scripts/web-budget.mjs).
    manifest: true,
  },
});
