import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/**
 * Follows settings changed in any window of the app: the language,
 * theme and masking of this window follow without a reload. Subscribed once, at the root.
 */
export function useSettingsEvents(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      api.onSettingsChanged(() => {
        void client.invalidateQueries({ queryKey: queryKeys['settings.get']() });
      }),
    [client],
  );
}
