import { parseCommandLine } from '../flags';
import { connectionOptions, connectionUsage, openConnection } from '../connection';
import { exitCodes, reportError, type Io } from '../io';
import type { Command } from '../command';

const options = { ...connectionOptions, json: { type: 'boolean' } } as const;

export const authCommand: Command = {
  name: 'auth',
  options,
  summary: 'check the credentials by obtaining a token (the token is never printed)',
  usage: `dcdesk auth [--json] [options]\n\n--json prints {environment, baseUrl, expiresAt, expirySource} (expirySource: answer, jwt,\ndefault, or capped: the service said later than a day, and a day is kept).\n\n${connectionUsage}`,
  async run(argv: string[], io: Io) {
    const { values } = parseCommandLine({ args: argv, options, strict: true });
    const connection = await openConnection(values, io);
    try {
      const result = await connection.client.testAuthentication();
      if (!result.ok) return reportError(io, result.error);
      if (values.json) {
        io.out(
          JSON.stringify({
            environment: connection.environment,
            baseUrl: connection.client.endpoint.baseUrl,
            expiresAt: new Date(result.value.expiresAt).toISOString(),
            expirySource: result.value.expirySource,
          }),
        );
        return exitCodes.ok;
      }
      const source = {
        answer: 'as the service said',
        jwt: "from the token's exp claim",
        default: 'assumed: the service did not say',
        capped: 'held to one day: the service said later',
      }[result.value.expirySource];
      io.out(
        `Authenticated with the ${connection.environment} environment at ${connection.client.endpoint.baseUrl}.`,
      );
      io.out(`The token expires at ${new Date(result.value.expiresAt).toISOString()} (${source}).`);
      return exitCodes.ok;
    } finally {
      await connection.close();
    }
  },
};
