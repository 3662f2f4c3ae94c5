import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/device-check';

export function useAppInfo() {
  return useQuery({
    queryKey: ['app.info'],
    queryFn: () => unwrap(api.app.info({})),
    staleTime: Infinity,
  });
}

export function useSettings() {
  return useQuery({ queryKey: ['settings'], queryFn: () => unwrap(api.settings.get({})) });
}
