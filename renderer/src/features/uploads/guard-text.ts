import type { UploadCheck, UploadView } from '../../../../shared/contract/outcomes';
import type { Translate } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import { destinationText } from '../../i18n/destination-text';

/** True when the environment accepted (or may have received) this file or some of its rows. */
export function sentBefore(check: UploadCheck): boolean {
  return check.sameFile.length > 0 || check.repeatedTransactions > 0;
}

/**
 * True when the re-send guard found something the analyst should confirm before sending: the
 * file or its rows sent before, or rows whose outcomes changed or were cleared since it was built.
 */
export function guardFound(check: UploadCheck): boolean {
  return sentBefore(check) || check.changedSince > 0;
}

function newest(uploads: readonly UploadView[]): UploadView | undefined {
  return [...uploads].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

const uploadNumbers = (uploads: readonly UploadView[], t: Translate) =>
  [...uploads]
    .sort((a, b) => a.id - b.id)
    .map((upload) => t('uploads.ledger.number', { id: String(upload.id) }))
    .join(', ');

function uploadsText(uploads: readonly UploadView[], t: Translate): string {
  const ids = uploadNumbers(uploads, t);
  return uploads.length === 1
    ? t('uploads.guard.inUpload', { ids })
    : t('uploads.guard.inUploads', { ids });
}

const sending = (upload: UploadView) => upload.status === 'sending';

/**
 * What the re-send guard found, in sentences: the same bytes already accepted (when, which
 * upload), and how many of the file's transactions earlier uploads already carried (which ones).
 * An upload whose request is still out is said to be on its way, never accepted nor unanswered.
 */
export function guardSentences(check: UploadCheck, t: Translate, locale: string): string[] {
  const env = destinationText(check.environment, t);
  const sentences: string[] = [];
  const answered = check.sameFile.filter((upload) => !sending(upload));
  const last = newest(answered);
  if (last) {
    const date = formatDateTime(last.createdAt, locale);
    sentences.push(
      answered.length === 1
        ? t('uploads.guard.sameFile', { env, date, id: String(last.id) })
        : t('uploads.guard.sameFileMany', {
            env,
            date,
            id: String(last.id),
            times: answered.length,
          }),
    );
  }
  const out = newest(check.sameFile.filter(sending));
  if (out) sentences.push(t('uploads.guard.sameFileSending', { env, id: String(out.id) }));
  if (check.repeatedTransactions > 0) {
    const key = check.repeatedIn.every(sending)
      ? 'uploads.guard.repeatedSending'
      : 'uploads.guard.repeated';
    sentences.push(
      t(key, {
        count: check.repeatedTransactions,
        rows: check.rows,
        env,
        uploads: uploadsText(check.repeatedIn, t),
      }),
    );
  }
  if (check.changedSince > 0)
    sentences.push(t('uploads.guard.changedSince', { count: check.changedSince }));
  // Lines without an answer (the app stopped, the connection dropped, or the service did not
  // answer in time) count too; a line still on its way is said apart.
  if ([...check.sameFile, ...check.repeatedIn].some((upload) => upload.status === 'failed'))
    sentences.push(t('uploads.guard.unanswered'));
  return sentences;
}
