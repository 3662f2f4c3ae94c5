import { counted, pluralForm } from '../../shared/count-text';
import { formatCount } from '../../shared/spreadsheet/problem';
import type { UploadCheck, UploadView } from '../../shared/contract/outcomes';

/** An ISO time as the analyst's clock shows it: `YYYY-MM-DD HH:mm`. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

function uploadList(uploads: UploadView[]): string {
  return uploads.map((upload) => `#${String(upload.id)}`).join(', ');
}

/** True when the environment accepted (or may have received) this file or some of its rows. */
export function sentBefore(check: UploadCheck): boolean {
  return check.sameFile.length > 0 || check.repeatedTransactions > 0;
}

/** What the re-send guard found, one sentence a line. */
export function describeCheck(check: UploadCheck): string[] {
  const lines = check.sameFile.map(
    (upload) =>
      `The same file was sent to ${check.environment} on ${localTime(upload.createdAt)} as upload #${String(upload.id)} (${upload.fileName}).`,
  );
  if (check.repeatedTransactions > 0) {
    const where = check.repeatedIn.length === 1 ? 'upload' : 'uploads';
    lines.push(
      `${String(check.repeatedTransactions)} of its ${counted(check.rows, 'transaction', 'transactions')} ${pluralForm(check.repeatedTransactions, { one: 'was', other: 'were' })} already sent to ${check.environment} in ${where} ${uploadList(check.repeatedIn)}.`,
    );
  }
  // A correction (sent as Suspeito, now Fraude Confirmada) is not the same report twice.
  const corrected = check.correctedTransactions ?? 0;
  if (corrected > 0)
    lines.push(
      `${formatCount(corrected)} of them ${pluralForm(corrected, { one: 'carries', other: 'carry' })} a corrected outcome (sent before with another): sending reports the ${pluralForm(corrected, { one: 'correction', other: 'corrections' })}.`,
    );
  if (check.changedSince > 0)
    lines.push(
      `${formatCount(check.changedSince)} of its rows no longer ${pluralForm(check.changedSince, { one: 'matches', other: 'match' })} the outcomes in the history (changed or cleared since): sending it would report the old ones. Build a new file with 'dcdesk outcomes build' to send the current ones.`,
    );
  // A line still on its way is refused before any question: only those left unanswered count.
  if ([...check.sameFile, ...check.repeatedIn].some((upload) => upload.status === 'failed'))
    lines.push(
      'Some of those uploads got no answer (dcdesk or the app stopped, the connection dropped, or the service did not answer in time): the service may have received them.',
    );
  return lines;
}

/** The service's success answer as one line of text. */
export function describeAnswer(answer: unknown): string {
  if (answer === null || answer === undefined || answer === '') return 'no body';
  return typeof answer === 'string' ? answer : JSON.stringify(answer);
}
