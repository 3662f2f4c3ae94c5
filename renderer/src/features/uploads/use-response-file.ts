import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EnvironmentName } from '../../../../shared/environment';
import type { ResponseVariableRow } from '../../../../shared/domain/types';
import type { BuiltResponseFile, FileProblem } from '../../../../shared/outcomes/types';
import { api, unwrap } from '../../lib/device-check';
import { sha256Hex } from '../../workers/sha256';
import type { BuildChoice } from './build-options';
import { bytesBase64 } from '../../lib/base64';
import { localKeys, queryKeys } from '../../lib/query-keys';

/** A built file with what sending and checking it need. */
export interface ReadyFile {
  file: BuiltResponseFile;
  base64: string;
  sha256: string;
}

export type Built = { ok: true; ready: ReadyFile } | { ok: false; problems: FileProblem[] };

async function build(
  rows: ResponseVariableRow[],
  choice: BuildChoice,
  fileName: string,
): Promise<Built> {
  // The builder brings JSZip: loaded the first time a file is built, not with the app.
  const { buildResponseFile } = await import('../../../../shared/outcomes/response-file');
  const result = await buildResponseFile(rows, {
    kind: choice.kind,
    separator: choice.separator,
    fileName,
  });
  if (!result.ok) return { ok: false, problems: result.problems };
  const { file } = result;
  return {
    ok: true,
    ready: { file, base64: bytesBase64(file.bytes), sha256: await sha256Hex(file.bytes) },
  };
}

/**
 * The file the screen shows and sends: the reviewed rows from the history, built here with the
 * shared builder (so the preview is the bytes sent), then checked by the core against the ledger.
 * Queries run only while the screen is in view, and read fresh data each time it comes back.
 */
export function useResponseFile(
  choice: BuildChoice,
  fileName: string,
  environment: EnvironmentName,
  visible: boolean,
) {
  const summary = useQuery({
    queryKey: queryKeys['outcomes.summary'](choice.batchId ?? null, environment),
    queryFn: () => unwrap(api.outcomes.summary(choice.batchId ? { batchId: choice.batchId } : {})),
    enabled: visible,
    staleTime: 0,
  });
  const rows = useQuery({
    queryKey: queryKeys['outcomes.fileRows'](choice.batchId ?? null, choice.scope, environment),
    queryFn: () =>
      unwrap(
        api.outcomes.fileRows({
          scope: choice.scope,
          ...(choice.batchId ? { batchId: choice.batchId } : {}),
        }),
      ),
    enabled: visible,
    staleTime: 0,
  });
  const data = rows.data?.rows;
  const built = useQuery({
    queryKey: localKeys.responseFile({
      batchId: choice.batchId ?? null,
      scope: choice.scope,
      environment,
      rowsAt: rows.dataUpdatedAt,
      kind: choice.kind,
      separator: choice.separator,
      fileName,
    }),
    queryFn: () => build(data ?? [], choice, fileName),
    enabled: data !== undefined && data.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
  });
  const ready = built.data?.ok ? built.data.ready : null;
  const check = useQuery({
    queryKey: queryKeys['uploads.check'](
      ready?.sha256 ?? '',
      ready?.file.fileName ?? '',
      environment,
    ),
    queryFn: () =>
      unwrap(
        api.uploads.check({ fileName: ready?.file.fileName ?? '', base64: ready?.base64 ?? '' }),
      ),
    enabled: visible && ready !== null,
    staleTime: 0,
  });
  return { summary, rows, built, ready, check };
}
