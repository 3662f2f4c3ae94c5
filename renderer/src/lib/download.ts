import type { ExportedFile } from '../../../shared/contract/results';
import { base64Bytes } from './base64';

/**
 * Saves an exported file through a temporary `<a download>`: the browser's download, and in
 * Electron the native save dialog. The object URL is released once the click has been handled.
 */
export function saveFile(file: ExportedFile): void {
  const blob = new Blob([base64Bytes(file.base64)], { type: file.mimeType });
  const url = URL.createObjectURL(blob);
  download(url, file.fileName);
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Fetches a file the app prepared (a results export, `/exports/TOKEN`) as a download: the
 * browser's, and in Electron the native save dialog. Nothing of it passes through this page.
 */
export function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
