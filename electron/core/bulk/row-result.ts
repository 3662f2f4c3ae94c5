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
  };
}

/** The stored result of a final failure, keeping the service's own messages when it gave any. */
export function failureOf(
  seq: number,
  error: AppError,
  status: 'rejected' | 'failed',
  attempts: number,
): RowResult {
  const messages = error.details && error.details.length > 0 ? error.details : [error.message];
  return {
    seq,
    status,
    httpStatus: error.status ?? null,
    errorCode: error.code,
    result: null,
    messages,
    attempts,
    durationMs: null,
  };
}
