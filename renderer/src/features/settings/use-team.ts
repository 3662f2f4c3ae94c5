/** The team database (issue 17) through the query cache: its status, and the four actions. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { messageOf } from '../../../../shared/message-of';
import type { Result } from '../../../../shared/result';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys, queryScopes } from '../../lib/query-keys';
import { idleTeam, teamReducer, type TeamAction, type TeamDone } from './team-state';

/** How often the status is read while Settings is in view: it reads nothing over the network. */
const pollMs = 3_000;

/**
 * The team's status: read every few seconds while the section is in view (a sync may start after
 * any outcome change), and at once when outcomes change anywhere (the count waiting to be sent).
 */
export function useTeamStatus(visible: boolean) {
  const client = useQueryClient();
  useEffect(
    () =>
      api.onOutcomesChanged(() => {
        void client.invalidateQueries({ queryKey: queryKeys['team.status']() });
      }),
    [client],
  );
  return useQuery({
    queryKey: queryKeys['team.status'](),
    queryFn: () => unwrap(api.team.status({})),
    refetchInterval: visible ? pollMs : false,
    staleTime: 0,
  });
}

/**
 * Test, connect, sync and disconnect, one at a time. The password is never kept here: it goes
 * with the call, as an argument, and nothing (no mutation cache either) holds it afterwards.
 */
export function useTeamActions() {
  const client = useQueryClient();
  const [state, dispatch] = useReducer(teamReducer, idleTeam);
  const running = useRef(false);

  async function run<T>(
    action: TeamAction,
    call: () => Promise<Result<T>>,
    done: (value: T) => TeamDone,
  ): Promise<void> {
    if (running.current) return;
    running.current = true;
    dispatch({ type: 'start', action });
    let result: Result<T>;
    try {
      result = await call();
    } catch (caught) {
      result = { ok: false, error: { code: 'internal', message: messageOf(caught) } };
    }
    // The status first (a failed sync is its last error), so the answer and it show together.
    await client.invalidateQueries({ queryKey: queryKeys['team.status']() }).catch(() => undefined);
    // What a file leaves out, and the outcomes shown, follow the team.
    void client.invalidateQueries({ queryKey: queryScopes.outcomes });
    running.current = false;
    if (result.ok) dispatch({ type: 'done', done: done(result.value) });
    else dispatch({ type: 'failed', error: result.error });
  }

  // Test, connect and disconnect answer with the status, which the refetch above has read.
  const withStatus = (action: 'test' | 'connect' | 'disconnect') => (): TeamDone => ({ action });

  return {
    state,
    test: (url: string, password: string | undefined) =>
      run(
        'test',
        () => api.team.test({ url, ...(password ? { password } : {}) }),
        withStatus('test'),
      ),
    connect: (url: string, password: string | undefined) =>
      run(
        'connect',
        () => api.team.connect({ url, ...(password ? { password } : {}) }),
        withStatus('connect'),
      ),
    sync: () =>
      run(
        'sync',
        () => api.team.sync({}),
        (report) => ({ action: 'sync', report }),
      ),
    ask: () => dispatch({ type: 'ask' }),
    cancel: () => dispatch({ type: 'cancel' }),
    disconnect: () => run('disconnect', () => api.team.disconnect({}), withStatus('disconnect')),
  };
}

export type TeamActions = ReturnType<typeof useTeamActions>;
