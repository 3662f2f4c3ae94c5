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
const accepted = (upload: UploadView) => upload.status === 'sent';
/** In the guard's lists, a line neither accepted nor on its way got no answer: it may have arrived. */
const unanswered = (upload: UploadView) => !accepted(upload) && !sending(upload);

/** "Its only transaction", "All 3 of its transactions", "1 of its 1,200 transactions". */
function subjectText(count: number, rows: number, t: Translate, locale: string): string {
  const key =
    rows === 1
      ? 'uploads.guard.subject.only'
      : count === rows
        ? 'uploads.guard.subject.all'
        : 'uploads.guard.subject.some';
  return t(key, { count: new Intl.NumberFormat(locale).format(count), rows });
}

/** The same bytes sent before: when, which upload, and whether the service accepted them. */
function sameFileSentence(
  uploads: readonly UploadView[],
  answered: boolean,
  env: string,
  t: Translate,
  locale: string,
): string | null {
  const last = newest(uploads);
  if (!last) return null;
  const date = formatDateTime(last.createdAt, locale);
  const id = String(last.id);
  if (uploads.length === 1)
    return t(answered ? 'uploads.guard.sameFile' : 'uploads.guard.sameFileUnanswered', {
      env,
      date,
      id,
    });
  return t(answered ? 'uploads.guard.sameFileMany' : 'uploads.guard.sameFileUnansweredMany', {
    env,
    date,
    id,
    times: uploads.length,
  });
}

/** Where the file's repeated transactions went, worded by what each of those uploads got. */
function repeatedSentence(check: UploadCheck, env: string, t: Translate, locale: string): string {
  const count = check.repeatedTransactions;
  const subject = subjectText(count, check.rows, t, locale);
  const took = check.repeatedIn.filter(accepted);
  const open = check.repeatedIn.filter(unanswered);
  if (took.length === 0 && open.length === 0)
    return t('uploads.guard.repeatedSending', {
      subject,
      count,
      env,
      uploads: uploadsText(check.repeatedIn, t),
    });
  if (open.length === 0)
    return t('uploads.guard.repeated', { subject, count, env, uploads: uploadsText(took, t) });
  if (took.length === 0)
    return t('uploads.guard.repeatedUnanswered', {
      subject,
      count,
      env,
      uploads: uploadsText(open, t),
    });
  return t('uploads.guard.repeatedMixed', {
    subject,
    count,
    env,
    accepted: uploadsText(took, t),
    unanswered: uploadsText(open, t),
  });
}

/**
 * What the re-send guard found, in sentences: the same bytes sent before (when, which upload),
 * and how many of the file's transactions earlier uploads carried (which ones), each worded by
 * what those uploads got: accepted, or no answer (the service may have them). An upload whose
 * request is still out is said to be on its way, never accepted nor unanswered.
 */
export function guardSentences(check: UploadCheck, t: Translate, locale: string): string[] {
  const env = destinationText(check.environment, t);
  const sentences = [
    sameFileSentence(check.sameFile.filter(accepted), true, env, t, locale),
    sameFileSentence(check.sameFile.filter(unanswered), false, env, t, locale),
  ].filter((sentence): sentence is string => sentence !== null);
  const out = newest(check.sameFile.filter(sending));
  if (out) sentences.push(t('uploads.guard.sameFileSending', { env, id: String(out.id) }));
  if (check.repeatedTransactions > 0) sentences.push(repeatedSentence(check, env, t, locale));
  if (check.changedSince > 0)
    sentences.push(t('uploads.guard.changedSince', { count: check.changedSince }));
  return sentences;
}

/**
 * The question after the findings of a file sent before: the same outcomes reported twice, or
 * corrections (an outcome sent before as another), or both; null for a file never sent.
 */
export function guardQuestion(check: UploadCheck, t: Translate): string | null {
  if (!sentBefore(check)) return null;
  const corrected = check.correctedTransactions ?? 0;
  if (corrected === 0) return t('uploads.guard.question');
  const same = check.repeatedTransactions - corrected;
  if (same <= 0 && check.sameFile.length === 0)
    return t('uploads.guard.questionCorrected', { count: corrected });
  return t('uploads.guard.questionSome', { same, corrected });
}
