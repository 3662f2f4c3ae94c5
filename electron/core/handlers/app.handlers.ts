import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fail, ok } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';

type Names = 'app.info' | 'app.sample';

/** The sample spreadsheet inside the resources folder; built by scripts/make-sample.ts. */
export const sampleFile = path.join('sample', 'sample-transactions.xlsx');

/**
 * The app itself: what it is, and the sample spreadsheet. `resourcesDir` holds what ships beside
 * the code; by default `resources/` of the working folder, which is the repository in development
 * and tests.
 */
export function appHandlers(
  context: Pick<CoreContext, 'info'>,
  resourcesDir = path.resolve('resources'),
): HandlerGroup<Names> {
  return {
    'app.info': () => Promise.resolve(ok(context.info)),
    'app.sample': async () => {
      const file = path.join(resourcesDir, sampleFile);
      try {
        const bytes = await readFile(file);
        return ok({
          fileName: path.basename(file),
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          base64: bytes.toString('base64'),
        });
      } catch {
        return fail('file', `The sample spreadsheet cannot be read at ${file}; reinstall the app.`);
      }
    },
  };
}
