import { parseArgs } from 'node:util';
import { connectionOptions, connectionUsage, openConnection } from '../connection';
import { exitCodes, reportError, type Io } from '../io';
import type { Command } from '../command';

export const authCommand: Command = {
  name: 'auth',
  summary: 'check the credentials by obtaining a token (the token is never printed)',
  usage: `dcdesk auth [options]\n\n${connectionUsage}`,
  async run(argv: string[], io: Io) {
    const { values } = parseArgs({ args: argv, options: connectionOptions, strict: true });
    const connection = await openConnection(values, io);
    try {
      const result = await connection.client.testAuthentication();
      if (!result.ok) return reportError(io, result.error);
      const source = {
        answer: 'as the service said',
        jwt: "from the token's exp claim",
        default: 'assumed: the service did not say',
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
