import { environmentNames, type EnvironmentName } from '../../shared/environment';
import { UsageError, type Io } from './io';

/**
 * The environment a command works in without talking to the service (building a file): `--env`,
 * else $DCDESK_ENV, else sandbox, the same rule as `openConnection`.
 */
export function environmentOption(value: string | undefined, io: Io): EnvironmentName {
  const name = value ?? io.env.DCDESK_ENV ?? 'sandbox';
  if (!(environmentNames as readonly string[]).includes(name))
    throw new UsageError(`Unknown environment '${name}': use production, test or sandbox.`);
  return name as EnvironmentName;
}
