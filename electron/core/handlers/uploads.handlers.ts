import type { ExportedFile } from '../../../shared/contract/results';
import { fail, ok, type Result } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';
import { uploadService, type UploadFileInput } from '../uploads/upload-service';
import { fromStore } from './from-store';

type Names = 'uploads.check' | 'uploads.send' | 'uploads.resend' | 'uploads.list' | 'uploads.file';

const base64Text = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a file that crossed as base64; `Buffer.from` would skip stray characters. */
function decoded(input: { fileName: string; base64: string }): Result<UploadFileInput> {
  const text = input.base64.replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !base64Text.test(text))
    return fail('validation', `The contents of ${input.fileName} are not valid base64.`);
  return ok({ fileName: input.fileName, bytes: new Uint8Array(Buffer.from(text, 'base64')) });
}

/** Response-variable uploads to the active environment, and the ledger. */
export function uploadHandlers(
  context: Pick<CoreContext, 'db' | 'settings' | 'connections' | 'team'>,
): HandlerGroup<Names> {
  const uploads = uploadService(context.db);

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
    'uploads.check': (input) =>
      fromStore(async () => {
        const file = decoded(input);
        if (!file.ok) return file;
        return ok(await uploads.check(file.value, context.settings().activeEnvironment));
      }),
    'uploads.send': ({ confirmed, allowUnseenDevices, ...input }) =>
      fromStore(async () => {
        const file = decoded(input);
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
