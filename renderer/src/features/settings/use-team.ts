/** The team database (issue 17) through the query cache: its status, and the four actions. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import type { TeamStatus } from '../../../../shared/contract/team';
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
    try {
      const result = await call();
      if (result.ok) dispatch({ type: 'done', done: done(result.value) });
      else dispatch({ type: 'failed', error: result.error });
    } catch (caught) {
      dispatch({ type: 'failed', error: { code: 'internal', message: messageOf(caught) } });
    } finally {
      running.current = false;
      void client.invalidateQueries({ queryKey: queryKeys['team.status']() });
      // What a file leaves out, and the outcomes shown, follow the team.
      void client.invalidateQueries({ queryKey: queryScopes.outcomes });
    }
  }

  const withStatus = (action: 'test' | 'connect' | 'disconnect') => (status: TeamStatus) => {
    // A test answers with the status as it was: only a change replaces it.
    if (action !== 'test') client.setQueryData(queryKeys['team.status'](), status);
    return { action };
  };

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
