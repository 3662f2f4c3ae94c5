import type { FetchFn } from '../../electron/core/service/fetch-types';
import { nodeFetch } from '../../electron/core/service/node-fetch';

/**
 * The two ways the client sends: Node's fetch (a Response with web streams, as Electron's
 * `net.fetch` gives the app) and `nodeFetch` (Node's HTTP, as `dcdesk` and the web host send).
 * The client's suites run over both.
 */
export const transports: Array<{ name: string; make: () => FetchFn }> = [
  { name: "fetch (the app's net.fetch)", make: () => globalThis.fetch },
  { name: 'nodeFetch (dcdesk, web host)', make: () => nodeFetch() },
];
