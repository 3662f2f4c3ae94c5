import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

/**
 * The newest line of the ledger, as a key: a send's result on one panel is about the last
 * upload until another send (from any panel, window or dcdesk) adds a newer line.
 */
export function useNewestUpload(visible: boolean): { key: string; settling: boolean } {
  const list = useQuery({
    queryKey: queryKeys['uploads.list'](),
    queryFn: () => unwrap(api.uploads.list({})),
    enabled: visible,
    staleTime: 0,
  });
  return { key: String(list.data?.[0]?.id ?? ''), settling: list.isFetching };
}
