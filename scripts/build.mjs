// Builds everything that ships: the Node-side bundles with esbuild (Electron main and preload, the
// dcdesk command line) and the renderer with Vite. `node scripts/build.mjs cli` builds only the
// bundles named.
import { existsSync } from 'node:fs';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { alias, external } from './bundle-options.mjs';

/** ESM bundles that include CommonJS packages need a real `require` for Node built-ins. */
const esmRequire =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

const bundles = [
  {
    name: 'cli',
    entry: 'electron/cli/index.ts',
    outfile: 'dist/cli/dcdesk.mjs',
    format: 'esm',
    banner: { js: esmRequire },
  },
  {
    name: 'main',
    entry: 'electron/main/index.ts',
    outfile: 'dist/electron/main.cjs',
    format: 'cjs',
  },
  // The thread a batch run writes its rows on (electron/core/bulk/thread-row-writer.ts), loaded
  // by the app and by dcdesk from here.
  {
    name: 'row-writer',
    entry: 'electron/core/bulk/row-writer-thread.ts',
    outfile: 'dist/electron/row-writer.cjs',
    format: 'cjs',
  },
  // The thread that runs work over a whole batch (electron/core/tasks/thread-tasks.ts): bulk
  // outcomes, a response file's build and check; loaded by the app from here.
  {
    name: 'history-tasks',
    entry: 'electron/core/tasks/task-thread.ts',
    outfile: 'dist/electron/history-tasks.cjs',
    format: 'cjs',
  },
  // Sandboxed preloads must be a single CommonJS file.
  {
    name: 'preload',
    entry: 'electron/preload/index.ts',
    outfile: 'dist/electron/preload.cjs',
    format: 'cjs',
  },
];

const only = process.argv.slice(2);
/** The row writer goes with both of the bundles that start it; the history tasks with the app. */
const wanted = (name) =>
  only.length === 0 ||
  only.includes(name) ||
  (name === 'row-writer' && (only.includes('cli') || only.includes('main'))) ||
  (name === 'history-tasks' && only.includes('main'));

for (const bundle of bundles) {
  if (!wanted(bundle.name) || !existsSync(bundle.entry)) continue;
  await esbuild({
    entryPoints: [bundle.entry],
    outfile: bundle.outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: bundle.format,
    banner: bundle.banner,
    external,
    alias,
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (wanted('renderer') && existsSync('renderer/index.html')) await viteBuild({ logLevel: 'warn' });
console.log(`Built ${only.length ? only.join(', ') : 'everything'} in dist/.`);
