import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExportTargets } from './export-target';

/**
 * Exports handed to the window as a download, for the doors whose window is a web page (the
 * Electron window on `app://`, the web host's browser tab): the core streams the file into a
 * private temporary folder, the window fetches it once from `/exports/TOKEN` and the browser's
 * download (in Electron, the native save dialog) puts it where the analyst wants. The token is
 * random and good for one fetch within ten minutes; the file is removed once fetched, when it
 * expires, or when the app closes, so no copy of the results stays behind; the folder of a run
 * that crashed is removed by a later start, a day on.
 */

export const downloadPrefix = '/exports/';
const lifetimeMs = 10 * 60_000;

export interface DownloadFile {
  path: string;
  fileName: string;
  contentType: string;
}

export interface DownloadFiles {
  targets: ExportTargets;
  /** The file of a download address (`/exports/TOKEN`), once; null for any other address. */
  take(pathname: string): DownloadFile | null;
  /** Removes the file a download was served from. */
  served(file: DownloadFile): void;
  close(): void;
}

const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

const folderPrefix = 'dcdesk-exports-';
/** A folder of exports this old was left by an app that crashed: nothing can fetch it any more. */
const abandonedAfterMs = 24 * 60 * 60_000;

/** Removes the export folders crashed runs left behind (results with personal data in them). */
function removeAbandoned(parent: string, now: number): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(folderPrefix)) continue;
    const folder = path.join(parent, name);
    try {
      const stats = statSync(folder);
      if (stats.isDirectory() && now - stats.mtimeMs > abandonedAfterMs)
        rmSync(folder, { recursive: true, force: true });
    } catch {
      // Another user's folder, or one removed meanwhile: not ours to clean.
    }
  }
}

export function downloadFiles(parent = tmpdir(), now = Date.now()): DownloadFiles {
  removeAbandoned(parent, now);
  const folder = mkdtempSync(path.join(parent, folderPrefix));
  const waiting = new Map<string, DownloadFile & { timer: NodeJS.Timeout }>();
  const remove = (file: string) => rmSync(file, { force: true });

  return {
    targets: (fileName, format) => {
      const token = randomBytes(18).toString('base64url');
      const file = path.join(folder, `${token}.${format}`);
      const timer = setTimeout(() => {
        waiting.delete(token);
        remove(file);
      }, lifetimeMs);
      timer.unref();
      waiting.set(token, { path: file, fileName, contentType: contentTypes[format], timer });
      return Promise.resolve({ kind: 'download', path: file, url: `${downloadPrefix}${token}` });
    },
    take(pathname) {
      if (!pathname.startsWith(downloadPrefix)) return null;
      const token = pathname.slice(downloadPrefix.length);
      const entry = waiting.get(token);
      if (!entry) return null;
      waiting.delete(token);
      clearTimeout(entry.timer);
      return { path: entry.path, fileName: entry.fileName, contentType: entry.contentType };
    },
    served: (file) => remove(file.path),
    close() {
      for (const entry of waiting.values()) clearTimeout(entry.timer);
      waiting.clear();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** `attachment; filename="pedidos-results.csv"; filename*=UTF-8''…`, any name made safe. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
