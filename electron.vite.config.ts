import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import type { Plugin } from 'vite';

/**
 * The main bundle reads SQL migrations next to itself (new URL('./migrations/',
 * import.meta.url) in the mirror, './db/migrations/' in the reference service).
 */
function migrations(): Plugin {
  const sources = [
    { from: 'electron/core/db/migrations', to: 'migrations' },
    { from: 'service/db/migrations', to: 'db/migrations' },
  ];
  return {
    name: 'foyer-migrations',
    generateBundle() {
      for (const { from, to } of sources)
        for (const file of readdirSync(resolve(__dirname, from)).filter((f) => f.endsWith('.sql')))
          this.emitFile({
            type: 'asset',
            fileName: `${to}/${file}`,
            source: readFileSync(resolve(__dirname, from, file)),
          });
    },
  };
}

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin(), migrations()],
    build: {
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          // The `foyer` command (bin/foyer.mjs runs it): each command's modules become chunks of their own.
          cli: resolve(__dirname, 'electron/core/cli/main.ts'),
        },
        // Chunks beside the entries, not in chunks/: modules find files next to themselves
        // (new URL('./migrations/', import.meta.url)), whichever chunk they land in.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    // A sandboxed preload cannot require packages: the contract (and zod) is bundled into it.
    plugins: [externalizeDepsPlugin({ exclude: ['zod'] })],
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        // CommonJS, so that the preload runs in a sandboxed renderer.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react()],
    build: {
      // Fonts stay files, however small a subset: inlined as data: URIs, the strict font-src 'self' of the
      // Content-Security-Policy (electron/core/web/host.ts, electron/main/security.ts) would block them.
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/i.test(file) ? false : undefined),
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
