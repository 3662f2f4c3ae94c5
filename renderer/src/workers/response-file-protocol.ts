/**
 * The messages between the Send outcomes screen's "file from disk" and its worker. The worker
 * reads the whole file; the screen receives only what it shows and sends: the preview and the
 * counts (never the rows: a 20 MB file holds some 400,000), the first problems, and the bytes as
 * base64 with their SHA-256 for the core's check.
 */
import type {
  FileProblem,
  ResponseFileKind,
  ResponseFilePreview,
  ResponseSeparator,
} from '../../../shared/outcomes/types';

/** The most problems sent back; the screen lists no more at once (the count says the rest). */
export const maxProblemsSent = 200;

/** A chosen file as read: what the panel shows, or why it cannot be sent. */
export type DiskRead =
  | {
      ok: true;
      kind: ResponseFileKind;
      separator: ResponseSeparator;
      /** How many data rows it has. */
      rows: number;
      preview: ResponseFilePreview;
    }
  | {
      ok: false;
      /** The first problems, in the order of the file. */
      problems: FileProblem[];
      /** How many there are in all. */
      problemCount: number;
    };

export interface ChosenFile {
  name: string;
  size: number;
  base64: string;
  sha256: string;
  read: DiskRead;
}

/** The steps of a read, in order, announced as each starts. */
export const readingStages = ['rows', 'fingerprint', 'encoding'] as const;
export type ReadingStage = (typeof readingStages)[number];

/** One file per worker: the bytes are transferred to it, not copied. */
export interface ResponseFileRequest {
  type: 'read';
  bytes: ArrayBuffer;
  fileName: string;
}

export type ResponseFileAnswer =
  | { type: 'stage'; stage: ReadingStage }
  | { type: 'read'; file: ChosenFile }
  /** Something unexpected failed in the worker; `message` is English, for support. */
  | { type: 'failed'; message: string };
