import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EnvironmentName } from '../../../../shared/environment';
import { api, unwrap } from '../../lib/device-check';
import type { BuildChoice } from './build-options';
import { queryKeys } from '../../lib/query-keys';

/**
 * The file the screen shows and sends: built by the core from the reviewed rows (off the thread
 * that answers the window, with the shared builder, so the preview is of the bytes sent), then
 * checked by the core against the ledger. The window gets its preview and its ID, never its
 * bytes: a million outcomes are 45 MB. Queries run only while the screen is in view, and build
 * again each time it comes back or the outcomes change.
 */
export function useResponseFile(
  choice: BuildChoice,
  fileName: string,
  environment: EnvironmentName,
  visible: boolean,
) {
  const request = {
    scope: choice.scope,
    kind: choice.kind,
    separator: choice.separator,
    fileName,
    ...(choice.batchId ? { batchId: choice.batchId } : {}),
  };
  const built = useQuery({
    queryKey: queryKeys['outcomes.buildFile'](request, environment),
    queryFn: () => unwrap(api.outcomes.buildFile(request)),
    enabled: visible,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  // Asked after the build, so the build reaches its thread first: the summary holds the core's
  // thread (about 0.8 s over a million outcomes) while the file is read and built beside it.
  const summary = useQuery({
    queryKey: queryKeys['outcomes.summary'](choice.batchId ?? null, environment),
    queryFn: () => unwrap(api.outcomes.summary(choice.batchId ? { batchId: choice.batchId } : {})),
    enabled: visible,
    staleTime: 0,
  });
  const file = built.data?.file ?? null;
  const check = useQuery({
    queryKey: queryKeys['uploads.check'](file?.sha256 ?? '', file?.fileName ?? '', environment),
    queryFn: () => unwrap(api.uploads.check({ fileId: file?.fileId ?? '' })),
    enabled: visible && file !== null,
    staleTime: 0,
  });
  return { summary, built, file, check };
}
