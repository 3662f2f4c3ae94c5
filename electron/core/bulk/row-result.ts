import type { AppError } from '../../../shared/result';
import type { InsightAnswer } from '../service/client';
import type { RowResult } from '../store/rows.repo';

/** The stored result of an answer (200 with insights, or 204). */
export function resultOf(seq: number, answer: InsightAnswer, attempts: number): RowResult {
  return {
    seq,
    status: answer.status === 200 ? 'ok' : 'no_content',
    httpStatus: answer.status,
    errorCode: null,
    result: answer.result,
    messages: [],
    attempts,
    durationMs: answer.durationMs,
    raw: answer.raw,
  };
}

/**
 * The stored result of a final failure, keeping the service's own messages when it gave any. An
 * answer that broke the interface keeps the sentence naming its fields, each field's problem and
 * a capped copy of its body.
 */
export function failureOf(
  seq: number,
  error: AppError,
  status: 'rejected' | 'failed',
  attempts: number,
): RowResult {
  const details = error.details ?? [];
  const messages =
    error.code === 'invalid_response'
      ? [error.message, ...details]
      : details.length > 0
        ? details
        : [error.message];
  return {
    seq,
    status,
    httpStatus: error.status ?? null,
    errorCode: error.code,
    result: null,
    messages,
    attempts,
    durationMs: null,
    raw: error.rawBody ?? null,
  };
}
