/**
 * What the response-file worker does with a chosen file: reads and checks its rows, previews it,
 * hashes it and encodes it for the core. Plain code over a `post` function, so it runs in Node
 * tests as it runs in the worker.
 */
import { readResponseFile } from '../../../shared/outcomes/read-response-file';
import { previewResponseFile } from '../../../shared/outcomes/response-file';
import { messageOf } from '../../../shared/message-of';
import { bytesBase64 } from '../lib/base64';
import {
  maxProblemsSent,
  type ChosenFile,
  type DiskRead,
  type ReadingStage,
  type ResponseFileAnswer,
  type ResponseFileRequest,
} from './response-file-protocol';
import { sha256Hex } from './sha256';

/** The file read, as the panel needs it; `onStage` hears each step as it starts. */
export async function readChosenFile(
  bytes: Uint8Array,
  fileName: string,
  onStage: (stage: ReadingStage) => void = () => undefined,
): Promise<ChosenFile> {
  onStage('rows');
  const read = readResponseFile(bytes, fileName);
  const summary: DiskRead = read.ok
    ? {
        ok: true,
        kind: read.kind,
        separator: read.separator,
        rows: read.rows.length,
        preview: previewResponseFile(read.rows, bytes.length),
      }
    : {
        ok: false,
        problems: [...read.problems].sort((a, b) => a.line - b.line).slice(0, maxProblemsSent),
        problemCount: read.problems.length,
      };
  onStage('fingerprint');
  const sha256 = await sha256Hex(bytes);
  onStage('encoding');
  return { name: fileName, size: bytes.length, base64: bytesBase64(bytes), sha256, read: summary };
}

/** Answers one request: the stages as they start, then the file or what failed. */
export async function handleResponseFileRequest(
  request: ResponseFileRequest,
  post: (answer: ResponseFileAnswer) => void,
): Promise<void> {
  try {
    const file = await readChosenFile(new Uint8Array(request.bytes), request.fileName, (stage) =>
      post({ type: 'stage', stage }),
    );
    post({ type: 'read', file });
  } catch (error) {
    post({ type: 'failed', message: messageOf(error) });
  }
}
