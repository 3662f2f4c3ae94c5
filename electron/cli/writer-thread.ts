import { fileURLToPath } from 'node:url';
import type { WriterThread } from '../core/bulk/thread-row-writer';

/**
 * The row writer thread of `dcdesk bulk`: built beside the bundle (dist/cli/dcdesk.mjs, the
 * thread in dist/electron/row-writer.cjs), or its source (through tsx) when dcdesk runs from source.
 */
export function cliWriterThread(): WriterThread {
  const here = import.meta.url;
  const script = here.endsWith('.ts')
    ? new URL('../core/bulk/row-writer-source.mjs', here)
    : new URL('../electron/row-writer.cjs', here);
  return { script: fileURLToPath(script) };
}
