/**
 * The sandbox: a local, faithful implementation of the Device Check Service on 127.0.0.1, used by
 * the app's `sandbox` environment (no credentials needed), integration tests and benchmarks.
 * Plain Node; never imports electron.
 */
export { startSandbox } from './server';
export { sandboxAnswer, isNoContentSession, alertCodes } from './answers';
export { faultsFromRate } from './faults';
export { defaultSettings } from './settings';
export type {
  FaultRates,
  ForceNextOptions,
  ReceivedUpload,
  SandboxCounters,
  SandboxHandle,
  SandboxOptions,
  SandboxRoute,
  SandboxSettings,
} from './types';
