import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/device-check';
import { queryKeys } from '../lib/query-keys';

export function useAppInfo() {
  return useQuery({
    queryKey: queryKeys['app.info'](),
    queryFn: () => unwrap(api.app.info({})),
    staleTime: Infinity,
  });
}

export function useSettings() {
  return useQuery({
    queryKey: queryKeys['settings.get'](),
    queryFn: () => unwrap(api.settings.get({})),
  });
}
