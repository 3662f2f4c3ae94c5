import { parseCommandLine } from '../flags';
import { describeFieldProblem, validateTransaction } from '../../../shared/domain/transaction';
import { connectionOptions, connectionUsage, openConnection } from '../connection';
import { exitCodes, reportError, UsageError, type Io } from '../io';
import type { Command } from '../command';
import { createBatchService } from '../../core/batches/batch-service';
import { dataDirFrom, openCliHistory } from '../history';
import { shown } from '../escape-text';
import { phoneCodesConflict } from '../phone-codes';

const options = {
  ...connectionOptions,
  'session-id': { type: 'string' },
  'external-id': { type: 'string' },
  cpf: { type: 'string' },
  email: { type: 'string' },
  phone: { type: 'string' },
  'country-code': { type: 'string' },
  'city-code': { type: 'string' },
  zip: { type: 'string' },
} as const;

export const lookupCommand: Command = {
  name: 'lookup',
  options,
  summary: 'look up the insights of one transaction and print them as JSON',
  usage: `dcdesk lookup --session-id ID --external-id ID [--cpf CPF] [--email E-MAIL]
              [--phone "+55 (11) 98765-4321"] [--country-code CC --city-code DDD] [--zip CEP] [options]

Prints {"status": 200, "result": {...}} or {"status": 204, "result": null}. The lookup is kept
in the history like a batch of one row.

${connectionUsage}`,
  async run(argv: string[], io: Io) {
    const { values } = parseCommandLine({ args: argv, options, strict: true });
    const raw = {
      sessionID: values['session-id'],
      externalID: values['external-id'],
      cpf: values.cpf,
      email: values.email,
      phone: values.phone,
      countryCode: values['country-code'],
      cityCode: values['city-code'],
      zipCode: values.zip,
    };
    const conflict = phoneCodesConflict(raw.phone, raw.countryCode, raw.cityCode);
    if (conflict !== null) throw new UsageError(conflict);
    const checked = validateTransaction(raw);
    if (!checked.ok) {
      io.err('dcdesk: the transaction is not valid; nothing was sent:');
      // The sentences hold no value today; escaped like every other line, so one never can.
      for (const problem of checked.problems) io.err(`  - ${shown(describeFieldProblem(problem))}`);
      return exitCodes.usage;
    }
    const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
    const connection = await openConnection(values, io).catch((caught: unknown) => {
      history.close();
      throw caught;
    });
    try {
      const batches = createBatchService({
        db: history.db,
        clientFor: () => Promise.resolve(connection.client),
        onEvent: () => undefined,
      });
      const answer = await batches.lookup({
        raw,
        environment: connection.environment,
        baseUrl: connection.storedUrl,
        customUrl: connection.customUrl,
        sourceName: 'dcdesk lookup',
      });
      if (!answer.ok) return reportError(io, answer.error);
      io.out(JSON.stringify({ status: answer.value.status, result: answer.value.result }, null, 2));
      return exitCodes.ok;
    } finally {
      await connection.close();
      history.close();
    }
  },
};
