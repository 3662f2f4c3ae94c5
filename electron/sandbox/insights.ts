import { sandboxAnswer } from './answers';
import { countExternalId } from './counters';
import { sendBadRequest, sendEmpty, sendJson } from './respond';
import type { RouteRequest, SandboxState } from './state';
import { isValidExternalId, validateTransaction } from './validation';

/** Largest accepted insights body; a transaction is a few hundred bytes. */
export const maxInsightsBytes = 1024 * 1024;

/**
 * POST …/v2/insights (spec 4.2), after faults and the token check: 400 with every validation
 * message at once, else the deterministic answer (200 or 204). Returns the status sent.
 */
export function handleInsights(state: SandboxState, request: RouteRequest, raw: Buffer): number {
  const { res, path } = request;
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    sendBadRequest(res, ['The request body is not valid JSON.'], path);
    return 400;
  }
  const externalID =
    typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>).externalID
      : undefined;
  // Counted before the other fields are validated, so a benchmark can see an id that was sent
  // twice even if refused; only a valid id, so a refused 1 MB one is not kept.
  if (isValidExternalId(externalID)) countExternalId(state.counters, externalID);
  const messages = validateTransaction(body);
  if (messages.length > 0) {
    sendBadRequest(res, messages, path);
    return 400;
  }
  const answer = sandboxAnswer(body);
  if (answer.status === 204) {
    sendEmpty(res, 204);
    return 204;
  }
  sendJson(res, 200, answer.body);
  return 200;
}
