import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { operationChannel, operationNames } from '../../shared/contract/names';
import type { Core } from '../core/create-core';
import { dispatch, type Sender } from './ipc-guard';

/**
 * What the guard needs to know about an invoke's sender. Compares web contents by id and takes
 * the top frame as the main frame: Electron may hand out distinct WebFrameMain objects for one
 * frame, so identity comparison would be unreliable.
 */
function senderOf(event: IpcMainInvokeEvent, window: BrowserWindow): Sender | null {
  const frame = event.senderFrame;
  if (!frame || window.isDestroyed()) return null;
  return {
    url: frame.url,
    isMainFrame: frame.parent === null,
    fromAppWindow: event.sender.id === window.webContents.id,
  };
}

/**
 * Binds the contract to IPC for the app window: one `ipcMain.handle` per operation, all through
 * the same checking wrapper, and every core event forwarded to the window on its own channel.
 * Everything is unbound when the window closes (or when the returned function is called), so a
 * new window can be bound again.
 */
export function bindContract(core: Core, window: BrowserWindow): () => void {
  for (const name of operationNames) {
    // Only the first argument is used: the preload sends exactly one input per call.
    ipcMain.handle(operationChannel(name), (event, payload: unknown) =>
      dispatch(core, name, () => senderOf(event, window), payload),
    );
  }
  const unsubscribe = core.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(name, payload);
  });

  let bound = true;
  const unbind = (): void => {
    if (!bound) return;
    bound = false;
    unsubscribe();
    for (const name of operationNames) ipcMain.removeHandler(operationChannel(name));
  };
  window.once('closed', unbind);
  return unbind;
}
