/**
 * An answer's identifiers as the service sent them and as they would be kept, once the secrets
 * and the customer's data they hold are hidden. Hiding is right for free text, but an identifier
 * with a piece replaced is an identifier the service never gave: stored as a good answer, it would
 * be shown, charted, and sent back in a response-variable file as if it named a device.
 */
import { parseInsightResult } from '../../../shared/domain/insight';
import type { InsightResult } from '../../../shared/domain/types';
import { refusedAnswer, type Hide } from './answer-read';
import type { AppError } from '../../../shared/result';
import { mapStrings } from './map-strings';

/** The text fields of an answer, each an identifier or a code, by the name the analyst reads. */
function identifiers(result: InsightResult): Array<[string, unknown]> {
  return [
    ['deviceID', result.deviceID],
    ['insights', result.insights],
    ['smartID', result.smartID],
    ['similarityResult.deviceID', result.similarityResult?.deviceID ?? null],
    ['similarityResult.similarDevices', result.similarityResult?.similarDevices ?? []],
  ];
}

/**
 * The identifiers that hiding changed: `json` is the answer as sent, `kept` its parse once the
 * secrets were hidden, `mask` what hides the customer's data. None when the answer as sent does
 * not parse (then it is refused for that, and its message quotes nothing hidden).
 */
export function alteredIdentifiers(
  json: unknown,
  kept: InsightResult,
  mask: (text: string) => string,
): string[] {
  const sent = parseInsightResult(json);
  if (!sent.ok) return [];
  const shown = identifiers(mapStrings(kept, mask));
  return identifiers(sent.value)
    .filter(([, value], index) => JSON.stringify(value) !== JSON.stringify(shown[index]?.[1]))
    .map(([name]) => name);
}

/** The refusal of an answer whose identifiers hold a secret or the customer's data. */
export function hiddenInIdentifiers(
  fields: string[],
  text: string,
  hide: Hide,
): { ok: false; error: AppError } {
  return refusedAnswer(
    `The service's answer holds text the app hides in ${fields.join(', ')} (a piece of the service credentials, an e-mail address, or the customer's CPF, phone or CEP): hidden, it would be an identifier the service never gave, so the answer was not stored as answered. Ask the service operator why.`,
    fields.map((field) => `${field} holds text that is hidden`),
    text,
    hide,
  );
}
