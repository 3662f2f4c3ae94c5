import { fail, type Result } from '../../shared/result';
import type { Core } from '../core/create-core';
import { isAppUrl } from './app-origin';
import { messageOf } from '../../shared/message-of';

/**
 * The Electron-free half of the IPC binding: who may call, and what happens to the payload. It
 * imports nothing from 'electron' (not even at run time), so Vitest loads it in plain Node;
 * `ipc.ts` turns Electron's invoke event into a `Sender`.
 */
export interface Sender {
  /** The URL of the frame that sent the call. */
  url: string;
  /** The frame is the top frame of its page, not an iframe. */
  isMainFrame: boolean;
  /** The call came from the app's window, not some other web contents. */
  fromAppWindow: boolean;
}

/** Why a sender is refused, or null when it is the app's own page in the app's window. */
export function senderProblem(sender: Sender | null): string | null {
  if (!sender) return 'the sending page has gone or navigated away';
  if (!sender.fromAppWindow) return 'it did not come from the app window';
  if (!sender.isMainFrame) return 'it came from a frame inside the page';
  if (!isAppUrl(sender.url)) return 'it came from a page that is not the app';
  return null;
}

/**
 * Handles one call from the renderer: checks the sender, then lets the core parse the payload
 * with the contract schema and run the operation. Never throws, so every failure crosses the
 * bridge as data; `sender` is a function because reading Electron's frame may itself throw.
 */
export async function dispatch(
  core: Pick<Core, 'call'>,
  name: string,
  sender: () => Sender | null,
  payload: unknown,
): Promise<Result<unknown>> {
  try {
    const problem = senderProblem(sender());
    if (problem) return fail('forbidden', `The call to ${name} was refused: ${problem}.`);
    return await core.call(name, payload);
  } catch (caught) {
    const reason = messageOf(caught);
    return fail('internal', `${name} failed in the main process: ${reason}`);
  }
}
