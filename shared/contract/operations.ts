import { z } from 'zod';
import { environmentNames } from '../environment';
import type { PurgeReport } from '../purge';
import { settingsPatchSchema, type Settings } from '../settings';
import { operation } from './define';
import type { AppInfo, ConnectionTest, EnvironmentView } from './views';

const none = z.object({}).strict();
const environment = z.enum(environmentNames);
/** Environments with credentials: the sandbox has none. */
const realEnvironment = z.enum(['production', 'test']);

/**
 * Every call the renderer can make. Adding one is one entry here, one function in the core API
 * and one call in the UI; the preload, the IPC binding and the web host derive from this list.
 */
export const operations = {
  /** Version, OS locale and start-up notices. */
  'app.info': operation<AppInfo>()(none),
  'settings.get': operation<Settings>()(none),
  /** Changes some settings; out-of-range values are refused with `validation`. */
  'settings.update': operation<Settings>()(settingsPatchSchema),
  'environments.list': operation<EnvironmentView[]>()(none),
  /** Makes an environment the active one. */
  'environments.activate': operation<EnvironmentView[]>()(z.object({ environment }).strict()),
  /** Changes the base URL of a real environment (https, or http on 127.0.0.1). */
  'environments.configure': operation<EnvironmentView[]>()(
    z
      .object({ environment: realEnvironment, baseUrl: z.string().trim().min(1).max(2048) })
      .strict(),
  ),
  /** Obtains a token with the saved credentials; the token never leaves the main process. */
  'environments.test': operation<ConnectionTest>()(z.object({ environment }).strict()),
  /** Saves credentials in the OS keychain. The password goes in and never comes back. */
  'credentials.save': operation<EnvironmentView[]>()(
    z
      .object({
        environment: realEnvironment,
        username: z.string().trim().min(1).max(256),
        password: z.string().min(1).max(1024),
      })
      .strict(),
  ),
  'credentials.delete': operation<EnvironmentView[]>()(
    z.object({ environment: realEnvironment }).strict(),
  ),
  /** Purges batches older than the retention setting now. */
  'history.purge': operation<PurgeReport>()(none),
  /** How many of these external IDs were answered in the last `days` days. */
  'lookups.countRecent': operation<number>()(
    z
      .object({
        externalIds: z.array(z.string().max(64)).max(1_000_000),
        days: z.number().int().min(1).max(3650),
      })
      .strict(),
  ),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type InputOf<N extends OperationName> = z.input<Operations[N]['input']>;
export type ParsedInputOf<N extends OperationName> = z.output<Operations[N]['input']>;
export type OutputOf<N extends OperationName> = NonNullable<Operations[N]['output']>;
