import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EnvironmentView } from '../../../../shared/contract/views';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

export function useEnvironments() {
  const client = useQueryClient();
  // The active environment and the addresses are settings: `dcdesk settings set` or another
  // window may change them while this screen is open.
  useEffect(
    () =>
      api.onSettingsChanged(() => {
        void client.invalidateQueries({ queryKey: queryKeys['environments.list']() });
      }),
    [client],
  );
  return useQuery({
    queryKey: queryKeys['environments.list'](),
    queryFn: () => unwrap(api.environments.list({})),
  });
}

/** A change that answers with the new list of environments (and may change the active one). */
export function useEnvironmentChange<Input>(call: (input: Input) => Promise<EnvironmentView[]>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (views) => {
      client.setQueryData(queryKeys['environments.list'](), views);
      void client.invalidateQueries({ queryKey: queryKeys['settings.get']() });
    },
  });
}

export const environmentCalls = {
  activate: (environment: EnvironmentView['name']) =>
    unwrap(api.environments.activate({ environment })),
  configure: (input: { environment: 'production' | 'test'; baseUrl: string }) =>
    unwrap(api.environments.configure(input)),
  saveCredentials: (input: {
    environment: 'production' | 'test';
    username: string;
    password: string;
  }) => unwrap(api.credentials.save(input)),
  deleteCredentials: (environment: 'production' | 'test') =>
    unwrap(api.credentials.delete({ environment })),
};

export function useConnectionTest() {
  return useMutation({
    mutationFn: (environment: EnvironmentView['name']) =>
      unwrap(api.environments.test({ environment })),
  });
}
