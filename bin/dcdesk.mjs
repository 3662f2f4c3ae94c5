#!/usr/bin/env node
// The installed `dcdesk` runs the bundle that `npm run build` writes.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/cli/dcdesk.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write("dcdesk: the command line is not built yet: run 'npm run build' first.\n");
  process.exit(2);
}
await import(bundle.href);
