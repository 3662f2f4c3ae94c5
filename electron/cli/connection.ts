import { parseArgs } from 'node:util';
import {
  baseUrlProblem,
  destinationOf,
  isCustomUrl,
  normaliseBaseUrl,
  pathStyleOf,
  sameAddress,
  sameDestination,
  type CustomUrl,
  type Destination,
  type EnvironmentName,
  type ServiceEndpoint,
} from '../../shared/environment';
import type { Result } from '../../shared/result';
import { credentialsSource } from '../core/credentials/source';
import { createServiceClient, type Credentials, type ServiceClient } from '../core/service/client';
import { startSandbox } from '../sandbox';
import { cliKeychain } from './commands/credentials';
import { settingBounds } from '../../shared/settings-bounds';
import { environmentOption } from './environment-option';
import { numberFlag } from './flags';
import { UsageError, type Io } from './io';
import { nodeFetch } from '../core/service/node-fetch';
import { detail, note } from './verbosity';
import { dataDirFrom } from './history';
import { savedAddresses, savedSettings } from './saved-addresses';
import { shown } from './terminal-text';

/** Options shared by every command that talks to the service. */
export const connectionOptions = {
  env: { type: 'string' },
  'base-url': { type: 'string' },
  'test-paths': { type: 'boolean' },
  'data-dir': { type: 'string' },
  timeout: { type: 'string' },
} as const;

const timeoutBounds = settingBounds.timeoutMs;

export const connectionUsage = `Connection options:
  --env production|test|sandbox  environment (default: $DCDESK_ENV, else sandbox); production
                                 and test are at the addresses saved in the settings, as in
                                 the app ('dcdesk settings set productionBaseUrl URL')
  --base-url URL                 another address for the service; what it answers is kept
                                 apart as that address (shown as the URL), never mixed with
                                 the environment's own or the embedded sandbox's (the saved
                                 address of --env is that environment)
  --test-paths                   use the test path style (/api/products/...)
  --data-dir DIR                 where dcdesk keeps its data (default: $DCDESK_DATA_DIR)
  --timeout MS                   time limit per request, ${String(timeoutBounds.min)} to ${String(timeoutBounds.max)} (default: the
                                 timeoutMs setting, as in the app: 30000 unless changed there
                                 or with 'dcdesk settings set timeoutMs MS')
Credentials come from the OS keychain ('dcdesk credentials set'), or from $DCDESK_USERNAME and
$DCDESK_PASSWORD, which take precedence; the sandbox needs none.`;

type ConnectionValues = ReturnType<
  typeof parseArgs<{ options: typeof connectionOptions }>
>['values'];

export interface Connection {
  environment: EnvironmentName;
  client: ServiceClient;
  /** The base URL to record with a batch (`embeddedSandbox` for the embedded sandbox). */
  storedUrl: string;
  /** Whose answers these are: the environment, or the custom address that answers instead. */
  destination: Destination;
  /** The custom address, when `destination` is one. */
  customUrl: CustomUrl | null;
  /** Stops the embedded sandbox, when one was started. */
  close: () => Promise<void>;
}

function environmentFrom(values: ConnectionValues, io: Io): EnvironmentName {
  return environmentOption(values.env, io);
}

function credentialsFor(environment: EnvironmentName, io: Io): () => Promise<Result<Credentials>> {
  const username = io.env.DCDESK_USERNAME;
  const password = io.env.DCDESK_PASSWORD;
  // The same order as credentialsSource: the variables, else the sandbox's own pair, else the keychain.
  const from =
    username && password
      ? 'DCDESK_USERNAME and DCDESK_PASSWORD'
      : environment === 'sandbox'
        ? "the sandbox's own, nothing is read from the keychain"
        : `the ${environment} entry of the OS keychain`;
  detail(io, `dcdesk: credentials: ${from}`);
  return credentialsSource({
    environment,
    store: cliKeychain(io),
    override: username && password ? { username, password } : null,
    missingMessage: `No credentials for the ${environment} environment: run 'dcdesk credentials set --env ${environment}', or set DCDESK_USERNAME and DCDESK_PASSWORD.`,
  });
}

/** What a resumed batch fixes about the connection: its environment and where it was sent. */
export interface ConnectionPin {
  environment: EnvironmentName;
  /** The stored base URL, or `embeddedSandbox` when the embedded sandbox answered it. */
  baseUrl: string;
  /** The batch's destination: a resumed batch is answered only by the same one. */
  destination: Destination;
}

/** Stored as a batch's base URL when the embedded sandbox (a new port each time) answered it. */
export const embeddedSandbox = 'embedded';

/** The address saved in the settings for `environment` (none for the sandbox). */
function savedAddressOf(
  environment: EnvironmentName,
  values: { 'data-dir'?: string },
  io: Io,
): string | null {
  if (environment === 'sandbox') return null;
  return savedAddresses(dataDirFrom(values['data-dir'], io), io)[environment];
}

/**
 * An address other than the environment's saved one is its own destination (see `Destination`);
 * the saved one is the environment, as the app files what it sends there. Another environment's
 * saved address is refused: filed apart from that environment, its outcomes could be sent there
 * twice, each guard seeing only its own sends.
 */
function addressDestination(
  environment: EnvironmentName,
  url: string,
  values: { 'data-dir'?: string },
  io: Io,
): Destination {
  const own = savedAddressOf(environment, values, io);
  if (own === null || !sameAddress(url, own)) {
    const saved = savedAddresses(dataDirFrom(values['data-dir'], io), io);
    const other = (['production', 'test'] as const).find(
      (name) => name !== environment && sameAddress(url, saved[name]),
    );
    if (other)
      throw new UsageError(
        `${shown(url)} is the ${other} environment's address: use --env ${other} to send there, so what goes there is kept as the ${other} environment's.`,
      );
  }
  return destinationOf(environment, url, own);
}

/**
 * The destination `--env` and `--base-url` name, for commands that work on the history without
 * talking to the service (building a file, importing outcomes, checking a file before sending).
 */
export function destinationOption(
  values: { env?: string; 'base-url'?: string; 'data-dir'?: string },
  io: Io,
): Destination {
  const environment = environmentOption(values.env, io);
  const url = values['base-url'];
  if (url === undefined) return environment;
  const problem = baseUrlProblem(url);
  if (problem) throw new UsageError(problem);
  return addressDestination(environment, url, values, io);
}

/**
 * The time limit per request: `--timeout`, else the saved setting (the app's, and
 * `dcdesk settings`'), so every command waits for the service as long as the window does.
 */
export function requestTimeout(values: { timeout?: string; 'data-dir'?: string }, io: Io): number {
  return numberFlag(
    values.timeout,
    'timeout',
    settingBounds.timeoutMs,
    savedSettings(dataDirFrom(values['data-dir'], io), io).timeoutMs,
  );
}

/**
 * The client for the chosen environment. `--env sandbox` without `--base-url` starts the embedded
 * sandbox on a free loopback port for the length of the command. A `pin` (a batch being resumed)
 * fixes the environment and, unless `--base-url` says otherwise, the address; an address that
 * would make it another destination is refused.
 */
export async function openConnection(
  values: ConnectionValues,
  io: Io,
  pin?: ConnectionPin,
): Promise<Connection> {
  const chosen = environmentFrom(values, io);
  if (pin && values.env !== undefined && chosen !== pin.environment) {
    throw new UsageError(
      `This batch belongs to the ${pin.environment} environment; it cannot be resumed in ${chosen}.`,
    );
  }
  const environment = pin?.environment ?? chosen;
  const timeoutMs = requestTimeout(values, io);
  const pathStyle = values['test-paths'] ? 'test' : pathStyleOf(environment);
  const givenUrl =
    values['base-url'] ?? (pin && pin.baseUrl !== embeddedSandbox ? pin.baseUrl : undefined);
  let close = () => Promise.resolve();
  let endpoint: ServiceEndpoint;
  let storedUrl: string;

  if (givenUrl !== undefined) {
    const problem = baseUrlProblem(givenUrl);
    if (problem) throw new UsageError(problem);
    endpoint = { baseUrl: normaliseBaseUrl(givenUrl), pathStyle };
    storedUrl = endpoint.baseUrl;
  } else if (environment === 'sandbox') {
    const sandbox = await startSandbox();
    endpoint = { baseUrl: sandbox.url, pathStyle };
    storedUrl = embeddedSandbox;
    close = () => sandbox.close();
    note(io, 'dcdesk: using the embedded sandbox; its answers are simulated.');
  } else {
    // The address saved in the settings, as the app sends: never the default in its place.
    endpoint = {
      baseUrl: savedAddresses(dataDirFrom(values['data-dir'], io), io)[environment],
      pathStyle,
    };
    storedUrl = endpoint.baseUrl;
  }

  // A resumed batch keeps the destination it was stored with unless --base-url names another.
  const destination =
    pin && values['base-url'] === undefined
      ? pin.destination
      : storedUrl === embeddedSandbox
        ? environment
        : addressDestination(environment, storedUrl, values, io);
  if (pin && !sameDestination(destination, pin.destination)) {
    await close();
    throw new UsageError(
      `This batch was answered by ${pin.destination}; it cannot be resumed at ${destination}.`,
    );
  }
  detail(io, `dcdesk: service: ${endpoint.baseUrl} (${environment}, ${pathStyle} paths)`);
  // One client, so one token, for the whole command: it is held in memory only, never written
  // to disk, so the next dcdesk process signs in again (README, "The token").
  const client = createServiceClient({
    fetch: nodeFetch(),
    endpoint,
    credentials: credentialsFor(environment, io),
    timeoutMs,
    defaultTokenLifetimeMs:
      savedSettings(dataDirFrom(values['data-dir'], io), io).tokenLifetimeMinutes * 60_000,
  });
  const customUrl = isCustomUrl(destination) ? destination : null;
  return { environment, client, close, storedUrl, destination, customUrl };
}
