import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CoreContext } from '../../electron/core/context';
import type { Db } from '../../electron/core/store/db';
import { resultHandlers } from '../../electron/core/handlers/results.handlers';
import { resultExportHandlers } from '../../electron/core/handlers/results-export.handlers';
import { dataFolderTargets } from '../../electron/core/results-export/export-target';
import type { SavedExport } from '../../shared/contract/results';
import { defaultSettings, type Settings } from '../../shared/settings';

/**
 * The results handlers on a test history, with the settings and OS locale an export follows
 * (English, `,` by default); `settings` may be changed between calls; `emit` hears the events
 * (an export's progress). Exports are written to a
 * temporary folder, as a door without a save dialog writes them.
 */
export function testResultHandlers(
  db: Db,
  settings: Partial<Settings> = {},
  locale = 'en-US',
  emit: CoreContext['emit'] = () => undefined,
) {
  const context = {
    db,
    settings: () => ({ ...defaultSettings, ...settings }),
    info: { locale },
    emit,
  };
  const folder = mkdtempSync(path.join(tmpdir(), 'dcdesk-exports-'));
  return {
    ...resultHandlers(context),
    ...resultExportHandlers(context, dataFolderTargets(folder)),
  };
}

/** The bytes of an export that was saved to a file. */
export function savedBytes(saved: SavedExport): Buffer {
  if (saved.outcome !== 'saved') throw new Error(`The export was not saved (${saved.outcome}).`);
  return readFileSync(saved.path);
}
