/**
 * Personal data in the detail panel (the request as sent, the full answer): masked wherever it
 * appears unless the analyst shows it, by field name, at any depth, so an unknown field that the
 * service echoes back is masked as well as the request's own.
 */
import type { ResultDetail } from '../../../../shared/contract/results';
import { maskEmail } from '../../../../shared/domain/mask';
import {
  maskCpfAsSent,
  maskPhoneAsSent,
  maskZipAsSent,
} from '../../../../shared/domain/mask-as-sent';
import type { Translate } from '../../i18n/translate';
import { describeProblem } from '../../lib/field-problem-text';

/** In the value's own shape: the request is shown as sent, the answer as it came. */
const maskers: Record<string, (text: string) => string> = {
  cpf: maskCpfAsSent,
  email: maskEmail,
  phone: maskPhoneAsSent,
  phonenumber: maskPhoneAsSent,
  number: maskPhoneAsSent,
  zipcode: maskZipAsSent,
};

function maskValue(key: string, value: unknown, insidePhone: boolean): unknown {
  const name = key.toLowerCase();
  if (typeof value === 'string') {
    const masker = name === 'number' && !insidePhone ? undefined : maskers[name];
    return masker ? masker(value) : value;
  }
  return maskPersonalData(value, name === 'phone');
}

/** A copy of `value` with every CPF, e-mail, phone number and CEP masked. */
export function maskPersonalData(value: unknown, insidePhone = false): unknown {
  if (Array.isArray(value)) return value.map((item) => maskPersonalData(item, insidePhone));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, maskValue(key, item, insidePhone)]),
  );
}

/** Pretty JSON for the panel: two-space indent, masked unless shown. */
export function detailJson(value: unknown, show: boolean): string {
  return JSON.stringify(show ? value : maskPersonalData(value), null, 2);
}

/** How the app marks a raw copy it cut (`capped` in electron/core/service/body.ts). */
const cutMark = /… \(\d+ characters in all\)$/;

/**
 * The start of one of the row's values where a raw copy was cut, masked: a copy kept by a version
 * that cut before it masked holds the first characters of a CPF or e-mail that no longer match
 * whole. Four characters at least, as for whole values; fewer say nothing of it.
 */
function maskCutValue(text: string, rowValues: Array<string | null>): string {
  const mark = cutMark.exec(text);
  if (!mark) return text;
  const kept = text.slice(0, mark.index);
  for (const value of rowValues) {
    for (let length = (value?.length ?? 0) - 1; value && length >= 4; length -= 1) {
      if (kept.endsWith(value.slice(0, length)))
        return `${kept.slice(0, kept.length - length)}***${mark[0]}`;
    }
  }
  return text;
}

/**
 * The service's answer as it came (possibly cut, so not always JSON), masked unless shown: the
 * row's own personal data wherever it appears, and, when the text is whole JSON, every field
 * named like personal data.
 */
export function rawAnswerText(raw: string, show: boolean, rowValues: Array<string | null>): string {
  if (show) return raw;
  let text = raw;
  for (const value of rowValues) {
    if (value && value.length >= 4) text = text.split(value).join('***');
  }
  text = maskCutValue(text, rowValues);
  try {
    return detailJson(JSON.parse(text) as unknown, false);
  } catch {
    return text;
  }
}

/**
 * A row as the detail panel shows it, as JSON for the clipboard: its facts (its problems worded
 * in the window's language, as on screen), the request and the answer. Masked like the screen unless the analyst shows personal data there: the clipboard
 * stays on this computer, but whatever it is pasted into may not.
 */
export function rowCopyJson(detail: ResultDetail, show: boolean, t: Translate): string {
  const row = {
    row: detail.row,
    externalId: detail.externalId,
    sessionId: detail.sessionId,
    cpf: detail.cpf,
    email: detail.email,
    phone: detail.phone,
    zipCode: detail.zipCode,
    status: detail.status,
    httpStatus: detail.httpStatus,
    deviceId: detail.deviceId,
    deviceRisk: detail.deviceRisk,
    score: detail.score,
    alertQuantity: detail.alertQuantity,
    deviceAge: detail.deviceAge,
    insights: detail.insights,
    outcome: detail.outcome,
    outcomeSetAt: detail.outcomeSetAt,
    outcomeSetBy: detail.outcomeSetBy,
    attempts: detail.attempts,
    lookedUpAt: detail.lookedUpAt,
    messages: detail.messages,
    problems: detail.problems.map((problem) => describeProblem(t, problem)),
    request: detail.request,
    answer: detail.result,
  };
  return detailJson(row, show);
}
