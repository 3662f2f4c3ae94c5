/**
 * Reads the service's error bodies: the Problem record of 400 and 500 answers (spec 2.8) and the
 * `{ "message": … }` of a refused authentication (4.1).
 */
import { isRecord, pick, toInteger, toText } from './loose-json';
import type { Problem } from './types';

const problemKeys = ['title', 'status', 'detail', 'instance', 'extensions', 'traceid', 'errors'];

/**
 * Keys match case-insensitively (`Title` or `title`). `messages` is `Detail` split on ` | `;
 * without a Detail, the messages of an ASP.NET-style `errors` object (`{ "Email": ["…"] }`) are
 * used instead. The trace id comes from `Extensions.traceId`, else a top-level `traceId`.
 * Returns null when the body is not an object or has none of these keys, so that the caller can
 * fall back to the raw text.
 */
export function parseProblem(body: unknown): Problem | null {
  if (!isRecord(body)) return null;
  const keys = Object.keys(body).map((key) => key.toLowerCase());
  if (!problemKeys.some((key) => keys.includes(key))) return null;

  const detail = toText(pick(body, 'detail'));
  const detailMessages = detail === null ? [] : splitMessages(detail);
  const extensions = pick(body, 'extensions');
  const traceId = toText(isRecord(extensions) ? pick(extensions, 'traceId') : null);
  return {
    title: toText(pick(body, 'title')),
    status: toInteger(pick(body, 'status')),
    detail,
    messages: detailMessages.length > 0 ? detailMessages : errorMessages(pick(body, 'errors')),
    instance: toText(pick(body, 'instance')),
    traceId: traceId ?? toText(pick(body, 'traceId')),
  };
}

/** The `message` (or `Message`) of a refused authentication, or null. */
export function parseAuthFailureMessage(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const message = toText(pick(body, 'message'))?.trim();
  return message === undefined || message === '' ? null : message;
}

/** Several validation messages arrive joined with ` | ` in one Detail. */
function splitMessages(detail: string): string[] {
  return detail
    .split(' | ')
    .map((message) => message.trim())
    .filter((message) => message !== '');
}

/** `{ "Email": ["a", "b"], "Cpf": "c" }` → `["a", "b", "c"]`, in the order the service sent. */
function errorMessages(errors: unknown): string[] {
  if (!isRecord(errors)) return [];
  return Object.values(errors)
    .flatMap((messages: unknown): unknown[] => (Array.isArray(messages) ? messages : [messages]))
    .filter((message): message is string => typeof message === 'string')
    .map((message) => message.trim())
    .filter((message) => message !== '');
}
