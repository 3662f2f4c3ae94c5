import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The renderer: built to dist/renderer, loaded by Electron from its app protocol. */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
  },
});
