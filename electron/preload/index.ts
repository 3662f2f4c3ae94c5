import { contextBridge, ipcRenderer } from 'electron';
import type { DeviceCheckApi } from '../../shared/contract/device-check-api';
import { buildApi } from './bridge';

/**
 * The preload of the app window (sandboxed, so one CommonJS bundle with 'electron' as its only
 * import). It exposes `window.deviceCheck` and nothing else.
 */
const api: DeviceCheckApi = buildApi(ipcRenderer);
contextBridge.exposeInMainWorld('deviceCheck', api);
