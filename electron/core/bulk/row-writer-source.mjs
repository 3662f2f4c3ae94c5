// The row writer thread run from the repository (the web host, the tests, dcdesk from source):
// tsx loads its TypeScript, found from this file whatever folder the process runs in. Built, the
// thread is dist/electron/row-writer.cjs instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./row-writer-thread.ts', import.meta.url);
