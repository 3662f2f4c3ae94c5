/**
 * Settings → Team as a small state machine: one action at a time (test, connect, sync,
 * disconnect), what the last one did or why it failed, and the disconnect question. Pure, so the
 * rules are tested without a browser; `use-team.ts` runs the calls.
 */
import type { TeamSyncReport } from '../../../../shared/contract/team';
import type { AppError } from '../../../../shared/result';

export type TeamAction = 'test' | 'connect' | 'sync' | 'disconnect';

/** What the last action did, for the line under the buttons. */
export type TeamDone =
  { action: 'test' | 'connect' | 'disconnect' } | { action: 'sync'; report: TeamSyncReport };

export interface TeamUiState {
  /** The action on its way: every button waits for it. */
  busy: TeamAction | null;
  done: TeamDone | null;
  /** The last action's failure, as the core said it. */
  error: AppError | null;
  /** The disconnect question is open. */
  asking: boolean;
}

export type TeamEvent =
  | { type: 'ask' }
  | { type: 'cancel' }
  | { type: 'start'; action: TeamAction }
  | { type: 'done'; done: TeamDone }
  | { type: 'failed'; error: AppError };

export const idleTeam: TeamUiState = { busy: null, done: null, error: null, asking: false };

export function teamReducer(state: TeamUiState, event: TeamEvent): TeamUiState {
  switch (event.type) {
    case 'ask':
      return state.busy === null ? { ...state, asking: true } : state;
    case 'cancel':
      return { ...state, asking: false };
    case 'start':
      // A second action while one runs is ignored; a new one forgets what the last one said.
      if (state.busy !== null) return state;
      return { busy: event.action, done: null, error: null, asking: false };
    case 'done':
      return state.busy === null ? state : { ...state, busy: null, done: event.done };
    case 'failed':
      return state.busy === null ? state : { ...state, busy: null, error: event.error };
  }
}
