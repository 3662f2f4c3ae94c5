import type { DeviceCheckApi } from '../../../shared/contract/device-check-api';
import { eventNames, operationNames, subscriptionName } from '../../../shared/contract/names';
import type { AppError, Result } from '../../../shared/result';

declare global {
  interface Window {
    /** Set by the Electron preload; absent when the page is served by the web host. */
    deviceCheck?: DeviceCheckApi;
  }
}

/** The web host hands the page its secret in the URL fragment; a reload keeps it for the tab. */
function webHostSecret(): string {
  const match = /(?:^#|&)secret=([^&]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem('dcdesk.secret', match[1]);
    history.replaceState(null, '', window.location.pathname);
  }
  return sessionStorage.getItem('dcdesk.secret') ?? '';
}

const transportFailure = (message: string): Result<never> => ({
  ok: false,
  error: { code: 'network', message },
});

/** The same contract over the loopback web host (development and tests). */
function webHostApi(): DeviceCheckApi {
  const secret = webHostSecret();
  const api: Record<string, unknown> = {};
  for (const name of operationNames) {
    const [group = '', method = ''] = name.split('.');
    const calls = (api[group] ??= {}) as Record<string, unknown>;
    calls[method] = async (input: unknown): Promise<Result<unknown>> => {
      try {
        const response = await fetch(`/api/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-DCDesk-Secret': secret },
          body: JSON.stringify(input ?? {}),
        });
        return (await response.json()) as Result<unknown>;
      } catch {
        return transportFailure('The app core cannot be reached.');
      }
    };
  }
  let source: EventSource | null = null;
  for (const event of eventNames) {
    api[subscriptionName(event)] = (handler: (payload: unknown) => void) => {
      source ??= new EventSource(`/events?secret=${encodeURIComponent(secret)}`);
      const listener = (message: MessageEvent<string>) =>
        handler(JSON.parse(message.data) as unknown);
      source.addEventListener(event, listener);
      return () => source?.removeEventListener(event, listener);
    };
  }
  return api as DeviceCheckApi;
}

export const api: DeviceCheckApi = window.deviceCheck ?? webHostApi();

/** A failed call, as an Error carrying the AppError, for TanStack Query. */
export class ApiError extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/** Unwraps a Result for a query or mutation: the value, or an ApiError thrown. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new ApiError(result.error);
  return result.value;
}
