// The history task thread run from the repository (the web host, the tests): tsx loads its
// TypeScript, found from this file whatever folder the process runs in. Built, the thread is
// dist/electron/history-tasks.cjs instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./task-thread.ts', import.meta.url);
