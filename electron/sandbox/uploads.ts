import type { ResponseVariableRow } from '../../shared/domain/types';
import { parseResponseVariables } from './csv';
import { boundaryOf, parseMultipart } from './multipart';
import { sendBadRequest, sendJson } from './respond';
import type { RouteRequest, SandboxState } from './state';
import type { ReceivedUpload } from './types';
import { readZipCsvs } from './zip';

/** Largest accepted file; a larger one is answered 400 "The file is too large.". */
export const maxUploadBytes = 20 * 1024 * 1024;

/** What a request may carry beyond its file: the multipart form's boundaries and part headers. */
export const formAllowanceBytes = 64 * 1024;

/** What `uploads()` keeps: the newest uploads, within these bounds (see SandboxHandle). */
export const uploadBounds = { maxBytes: maxUploadBytes, maxUploads: 1000 };

/**
 * Adds an upload to the kept ones and forgets the oldest beyond the bounds, so an app that runs
 * for weeks does not hold every row it ever sent. The newest is kept whatever its size.
 */
export function keepUpload(
  kept: ReceivedUpload[],
  upload: ReceivedUpload,
  bounds = uploadBounds,
): void {
  kept.push(upload);
  let bytes = kept.reduce((sum, each) => sum + each.bytes, 0);
  while (kept.length > 1 && (kept.length > bounds.maxUploads || bytes > bounds.maxBytes)) {
    bytes -= kept.shift()?.bytes ?? 0;
  }
}

type Parsed = { ok: true; rows: ResponseVariableRow[] } | { ok: false; messages: string[] };

async function parseFile(kind: 'csv' | 'zip', data: Buffer): Promise<Parsed> {
  if (kind === 'csv') return parseResponseVariables(data);
  const archive = await readZipCsvs(data);
  if (!archive.ok) return { ok: false, messages: [archive.message] };
  const rows: ResponseVariableRow[] = [];
  const messages: string[] = [];
  for (const file of archive.files) {
    const parsed = parseResponseVariables(file.data);
    // Inside a zip each message names its entry, so the analyst knows which file to fix.
    // One by one: a million rows spread as arguments overflow the call stack.
    if (parsed.ok) for (const row of parsed.rows) rows.push(row);
    else for (const message of parsed.messages) messages.push(`${file.path}: ${message}`);
  }
  return messages.length === 0 ? { ok: true, rows } : { ok: false, messages };
}

/**
 * POST …/v1/responsevariables (spec 4.3), after faults and the token check: one multipart part
 * named `file` holding a `.csv` or `.zip`; 200 `{ message, rows }` when every row is valid.
 */
export async function handleUpload(
  state: SandboxState,
  request: RouteRequest,
  raw: Buffer,
): Promise<number> {
  const { req, res, path } = request;
  const boundary = boundaryOf(req.headers['content-type']);
  if (boundary === null) {
    sendBadRequest(res, ['The request must be multipart/form-data with a boundary.'], path);
    return 400;
  }
  const parts = parseMultipart(raw, boundary);
  if (parts === null) {
    sendBadRequest(res, ['The multipart body is malformed.'], path);
    return 400;
  }
  const part = parts.find((candidate) => candidate.name === 'file' && candidate.filename !== null);
  const fileName = part?.filename ?? null;
  if (part === undefined || fileName === null) {
    sendBadRequest(res, ['The file field is required.'], path);
    return 400;
  }
  const extension = /\.(csv|zip)$/i.exec(fileName)?.[1]?.toLowerCase();
  const setUp: string[] = [];
  if (extension === undefined) setUp.push('The file must have the extension .csv or .zip.');
  if (part.data.length === 0) setUp.push('The file is empty.');
  if (part.data.length > maxUploadBytes) setUp.push('The file is too large.');
  if (extension === undefined || setUp.length > 0) {
    sendBadRequest(res, setUp, path);
    return 400;
  }
  const kind = extension === 'zip' ? 'zip' : 'csv';
  const parsed = await parseFile(kind, part.data);
  if (!parsed.ok) {
    sendBadRequest(res, parsed.messages, path);
    return 400;
  }
  keepUpload(state.uploads, {
    fileName,
    kind,
    rows: parsed.rows,
    bytes: part.data.length,
    receivedAt: new Date(state.now()).toISOString(),
  });
  sendJson(res, 200, { message: 'File received.', rows: parsed.rows.length });
  return 200;
}
