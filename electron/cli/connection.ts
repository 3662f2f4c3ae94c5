import { parseArgs } from 'node:util';
import {
  baseUrlProblem,
  defaultBaseUrls,
  environmentNames,
  pathStyleOf,
  sandboxCredentials,
  type EnvironmentName,
  type ServiceEndpoint,
} from '../../shared/environment';
import { fail, ok, type Result } from '../../shared/result';
import { createServiceClient, type Credentials, type ServiceClient } from '../core/service/client';
import { startSandbox } from '../sandbox';
import { UsageError, type Io } from './io';

/** Options shared by every command that talks to the service. */
export const connectionOptions = {
  env: { type: 'string' },
  'base-url': { type: 'string' },
  'test-paths': { type: 'boolean' },
  'data-dir': { type: 'string' },
  timeout: { type: 'string' },
} as const;

export const connectionUsage = `Connection options:
  --env production|test|sandbox  environment (default: $DCDESK_ENV, else sandbox)
  --base-url URL                 another address for the service
  --test-paths                   use the test path style (/api/products/...)
  --data-dir DIR                 where dcdesk keeps its data (default: $DCDESK_DATA_DIR)
  --timeout MS                   time limit per request (default 30000)
Credentials come from $DCDESK_USERNAME and $DCDESK_PASSWORD; the sandbox needs none.`;

type ConnectionValues = ReturnType<
  typeof parseArgs<{ options: typeof connectionOptions }>
>['values'];

export interface Connection {
  environment: EnvironmentName;
  client: ServiceClient;
  /** Stops the embedded sandbox, when one was started. */
  close: () => Promise<void>;
}

export function positiveInteger(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) <= 0)
    throw new UsageError(`--${name} takes a positive whole number, not '${text}'.`);
  return Number(text);
}

function environmentFrom(values: ConnectionValues, io: Io): EnvironmentName {
  const name = values.env ?? io.env.DCDESK_ENV ?? 'sandbox';
  if (!(environmentNames as readonly string[]).includes(name)) {
    throw new UsageError(`Unknown environment '${name}': use production, test or sandbox.`);
  }
  return name as EnvironmentName;
}

function credentialsFor(environment: EnvironmentName, io: Io): () => Promise<Result<Credentials>> {
  const username = io.env.DCDESK_USERNAME;
  const password = io.env.DCDESK_PASSWORD;
  return () => {
    if (username && password) return Promise.resolve(ok({ username, password }));
    if (environment === 'sandbox') return Promise.resolve(ok({ ...sandboxCredentials }));
    return Promise.resolve(
      fail(
        'config',
        `No credentials for the ${environment} environment: set DCDESK_USERNAME and DCDESK_PASSWORD.`,
      ),
    );
  };
}

/**
 * The client for the chosen environment. `--env sandbox` without `--base-url` starts the embedded
 * sandbox on a free loopback port for the length of the command.
 */
export async function openConnection(values: ConnectionValues, io: Io): Promise<Connection> {
  const environment = environmentFrom(values, io);
  const timeoutMs = positiveInteger(values.timeout, 'timeout', 30_000);
  let close = () => Promise.resolve();
  let endpoint: ServiceEndpoint;

  if (values['base-url'] !== undefined) {
    const problem = baseUrlProblem(values['base-url']);
    if (problem) throw new UsageError(problem);
    endpoint = {
      baseUrl: values['base-url'].trim(),
      pathStyle: values['test-paths'] ? 'test' : pathStyleOf(environment),
    };
  } else if (environment === 'sandbox') {
    const sandbox = await startSandbox();
    endpoint = { baseUrl: sandbox.url, pathStyle: values['test-paths'] ? 'test' : 'production' };
    close = () => sandbox.close();
    io.err('dcdesk: using the embedded sandbox; its answers are simulated.');
  } else {
    endpoint = { baseUrl: defaultBaseUrls[environment], pathStyle: pathStyleOf(environment) };
  }

  const client = createServiceClient({
    fetch: globalThis.fetch,
    endpoint,
    credentials: credentialsFor(environment, io),
    timeoutMs,
  });
  return { environment, client, close };
}
