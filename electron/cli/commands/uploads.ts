import { formatCount } from '../../../shared/spreadsheet/problem';
import { pluralForm } from '../../../shared/count-text';
import { parseCommandLine } from '../flags';
import { uploadService } from '../../core/uploads/upload-service';
import type { Command } from '../command';
import { dataDirFrom, openCliHistory } from '../history';
import { exitCodes, type Io } from '../io';
import { localTime } from '../upload-text';
import { shown } from '../escape-text';

const options = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
} as const;

export const uploadsCommand: Command = {
  name: 'uploads',
  options,
  summary: 'list the upload ledger, newest first',
  usage: `dcdesk uploads [--json] [--data-dir DIR]

One line per response-variable file sent: id, time, file, kind, rows, SHA-256 (first 12 digits),
environment, status (sent, refused, failed, or sending while its request is out), HTTP status and the service's messages and trace id.
--json prints the whole ledger line, with the full SHA-256 and the service's answer.`,
  async run(argv: string[], io: Io) {
    const { values } = parseCommandLine({ args: argv, options, strict: true });
    const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
    try {
      const uploads = uploadService(history.db).list();
      if (values.json) {
        io.out(JSON.stringify(uploads, null, 2));
        return exitCodes.ok;
      }
      if (uploads.length === 0) {
        io.out('No uploads yet. Send a file with: dcdesk upload FILE');
        return exitCodes.ok;
      }
      for (const upload of uploads) {
        const http = upload.httpStatus === null ? '-' : String(upload.httpStatus);
        const resent =
          upload.resentFrom === null ? '' : ` (re-send of #${String(upload.resentFrom)})`;
        const by = upload.analyst === null ? '' : ` by ${upload.analyst}`;
        io.out(
          `#${String(upload.id).padEnd(5)} ${localTime(upload.createdAt)}  ${upload.environment.padEnd(10)} ${upload.status.padEnd(7)} ${http.padEnd(3)} ${upload.kind.padEnd(3)} ${formatCount(upload.rows).padStart(7)} ${pluralForm(upload.rows, { one: 'row ', other: 'rows' })}  ${upload.sha256.slice(0, 12)}  ${shown(upload.fileName)}${resent}${shown(by)}`,
        );
        for (const message of upload.messages) io.out(`        - ${shown(message)}`);
        if (upload.traceId !== null) io.out(`        trace id: ${shown(upload.traceId)}`);
      }
      return exitCodes.ok;
    } finally {
      history.close();
    }
  },
};
