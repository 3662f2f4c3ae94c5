import { copyFile, readFile } from 'node:fs/promises';
import type { ExportedFile, SavedExport } from '../../../shared/contract/results';
import { fail, ok, type Result } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';
import type { ExportTargets } from '../results-export/export-target';
import { uploadService, type UploadFileInput } from '../uploads/upload-service';
import { fileFromBase64 } from '../uploads/file-base64';
import { fromStore } from './from-store';

type Names =
  | 'uploads.check'
  | 'uploads.saveBuilt'
  | 'uploads.send'
  | 'uploads.resend'
  | 'uploads.list'
  | 'uploads.file';

/** A built file the core no longer keeps: built too long ago, or before a restart. */
const gone = () =>
  fail('validation', 'That file is no longer kept: build it again (it takes a few seconds).');

/** Response-variable uploads to the active environment, and the ledger. */
export function uploadHandlers(
  context: Pick<CoreContext, 'db' | 'settings' | 'connections' | 'team' | 'tasks' | 'builtFiles'>,
  exportTargets: ExportTargets,
): HandlerGroup<Names> {
  // A send's reading, checks and ledger line run on the history task thread, as a check does.
  const uploads = uploadService(context.db, {
    prepare: (file, target) =>
      context.tasks.run({
        kind: 'prepareUpload',
        fileName: file.fileName,
        bytes: file.bytes,
        target,
      }),
  });

  /** The file a call names: one the core built (its ID), or bytes sent as base64. */
  async function fileOf(
    input: { fileId: string } | { fileName: string; base64: string },
  ): Promise<Result<UploadFileInput>> {
    if ('base64' in input) return fileFromBase64(input.fileName, input.base64);
    const kept = context.builtFiles.get(input.fileId);
    if (!kept) return gone();
    return ok({ fileName: kept.fileName, bytes: new Uint8Array(await readFile(kept.path)) });
  }

  /** The check runs on the history task thread: a million rows read back are seconds. */
  async function check(input: { fileId: string } | { fileName: string; base64: string }) {
    const environment = context.settings().activeEnvironment;
    if ('fileId' in input) {
      const kept = context.builtFiles.get(input.fileId);
      if (!kept) return gone();
      return context.tasks.run({
        kind: 'checkFile',
        fileName: kept.fileName,
        source: { path: kept.path, built: kept.verdict },
        environment,
      });
    }
    // Checked and decoded on the thread too: 27 MB of base64 hold a thread a tenth of a second.
    return context.tasks.run({
      kind: 'checkFile',
      fileName: input.fileName,
      source: { base64: input.base64 },
      environment,
    });
  }

  /** The active environment and its client, read at each call (the analyst may switch). */
  async function target(confirmed: boolean, allowUnseenDevices = false) {
    const environment = context.settings().activeEnvironment;
    const client = await context.connections.client(environment);
    // With a team, the send syncs first and goes through the team's ledger.
    if (context.team.configured()) await context.team.sync();
    return {
      environment,
      confirmed,
      allowUnseenDevices,
      client,
      team: context.team.gate(),
      analyst: context.team.analyst(),
    };
  }

  return {
    'uploads.check': (input) => fromStore(() => check(input)),
    'uploads.saveBuilt': ({ fileId }) =>
      fromStore(async () => {
        const kept = context.builtFiles.get(fileId);
        if (!kept) return gone();
        const target = await exportTargets(kept.fileName, kept.kind);
        if (target.kind === 'cancelled')
          return ok<SavedExport>({ outcome: 'cancelled', fileName: kept.fileName });
        await copyFile(kept.path, target.path);
        const { fileName, rows } = kept;
        return ok<SavedExport>(
          target.kind === 'download'
            ? { outcome: 'download', fileName, rows, url: target.url }
            : { outcome: 'saved', fileName, rows, path: target.path },
        );
      }),
    'uploads.send': ({ confirmed, allowUnseenDevices, ...input }) =>
      fromStore(async () => {
        const file = await fileOf(input);
        if (!file.ok) return file;
        return uploads.send(file.value, await target(confirmed, allowUnseenDevices));
      }, 'changed'),
    'uploads.resend': ({ uploadId, confirmed }) =>
      fromStore(async () => uploads.resend(uploadId, await target(confirmed)), 'changed'),
    'uploads.list': () => fromStore(() => ok(uploads.list())),
    'uploads.file': ({ uploadId }) =>
      fromStore(() => {
        const file = uploads.file(uploadId);
        const view = uploads.get(uploadId);
        if (!file || !view) return fail('validation', `There is no upload ${String(uploadId)}.`);
        const exported: ExportedFile = {
          fileName: file.fileName,
          mimeType: file.kind === 'zip' ? 'application/zip' : 'text/csv',
          base64: Buffer.from(file.bytes).toString('base64'),
          rows: view.rows,
        };
        return ok(exported);
      }),
  };
}
