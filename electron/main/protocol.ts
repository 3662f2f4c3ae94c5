import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import { protocol } from 'electron';
import {
  attachmentHeader,
  type DownloadFile,
  type DownloadFiles,
} from '../core/results-export/download-files';
import { contentTypes } from '../page-serving/content-types';
import { contentSecurityPolicy } from '../page-serving/csp';
import { appHost, appScheme } from './app-origin';

function downloadResponse(file: DownloadFile, downloads: DownloadFiles): Response {
  const stream = createReadStream(file.path);
  stream.once('close', () => downloads.served(file));
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': attachmentHeader(file.fileName),
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** Must run before the app is ready: the UI is served from app://, never file://. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Serves files of the built renderer only; anything that resolves outside it, or another host,
 * is a 404. Every answer carries the CSP as a header too: the meta tag in index.html does not
 * cover `frame-ancestors`, and a header applies before any of the page is parsed. Files are read
 * here (Electron's fs reads inside app.asar) so the content type is ours, not a guess.
 */
export function serveRenderer(rendererDir: string, downloads: DownloadFiles): void {
  const root = path.resolve(rendererDir);
  protocol.handle(appScheme, async (request) => {
    const notFound = new Response(null, { status: 404 });
    try {
      const url = new URL(request.url);
      // An export, once (see download-files): streamed from its file, removed once read.
      const download = url.host === appHost ? downloads.take(url.pathname) : null;
      if (download) return downloadResponse(download, downloads);
      const relative = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname);
      const file = path.resolve(root, `.${path.sep}${relative}`);
      if (url.host !== appHost || !file.startsWith(root + path.sep)) return notFound;
      const body = await readFile(file);
      return new Response(new Uint8Array(body), {
        headers: {
          'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
          'Content-Security-Policy': contentSecurityPolicy,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      // A malformed escape, a missing file or a folder: none of them is a page of the app.
      return notFound;
    }
  });
}
