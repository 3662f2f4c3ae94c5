import path from 'node:path';
import { makeFolder } from '../make-folder';

/**
 * Where an export of results goes. A results file can hold a million rows, so it is written
 * straight to its place as a stream, never assembled in memory or carried through IPC: the door
 * chooses the place first. Electron asks the analyst with the native save dialog; the web host
 * (development and tests) writes a file of its own and hands the browser a one-time download
 * address; a door with neither keeps the file in the data folder's `exports`.
 */
export type ExportTarget =
  | { kind: 'file'; path: string }
  | { kind: 'cancelled' }
  | { kind: 'download'; path: string; url: string };

/** The formats a door is asked to place: results exports, and response files (`uploads.saveBuilt`). */
export type ExportFormat = 'csv' | 'xlsx' | 'zip';

export type ExportTargets = (fileName: string, format: ExportFormat) => Promise<ExportTarget>;

/** The `exports` folder of the data folder: for a door without a save dialog or a browser. */
export function dataFolderTargets(dataDir: string): ExportTargets {
  return (fileName) => {
    const folder = path.join(dataDir, 'exports');
    makeFolder(folder, 0o700);
    return Promise.resolve({ kind: 'file', path: path.join(folder, fileName) });
  };
}
