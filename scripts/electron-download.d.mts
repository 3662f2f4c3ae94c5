// Types of electron-download.mjs, a plain build script, for its tests.
export const networkFailure: RegExp;
export function failureReason(failure: unknown): string;
export function startWithoutElectron(
  failure: unknown,
  electronVersion: string,
): { webHost: true; download: boolean; message: string };
export function distDownloads(
  electronVersion: string,
  env?: Record<string, string | undefined>,
): { what: string; url: string }[];
export function distPreflight(
  failures: { what: string; failure: unknown }[],
  electronVersion: string,
): { go: boolean; message: string };
