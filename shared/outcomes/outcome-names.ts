/**
 * Outcome names as analysts write them in their case systems: in Portuguese or English, in any
 * case, with or without accents, spaces or underscores. The file sent to the service always
 * carries the exact Portuguese value; this only reads what people wrote.
 */
import { outcomes } from '../domain/types';
import type { Outcome } from '../domain/types';
import { normaliseWords } from '../spreadsheet/header-names';

/** Names per outcome, written as people write them; `compact` makes them comparable. */
const names: Record<Outcome, string[]> = {
  Suspeito: ['Suspeito', 'Suspeita', 'Suspect', 'Suspicious'],
  'Fraude Confirmada': [
    'Fraude Confirmada',
    'Fraude',
    'Confirmed fraud',
    'Fraud confirmed',
    'Fraud',
  ],
  'Device Positivado': [
    'Device Positivado',
    'Dispositivo Positivado',
    'Positivado',
    'Device positive',
    'Positive device',
    'Positive',
  ],
};

/** `Fraude  Confirmada`, `fraude_confirmada` and `FRAUDECONFIRMADA` all become `fraudeconfirmada`. */
function compact(text: string): string {
  return normaliseWords(text).join('');
}

const byName = new Map<string, Outcome>(
  outcomes.flatMap((outcome) => names[outcome].map((name) => [compact(name), outcome] as const)),
);

/** Whether `text` is one of the three outcomes spelt exactly as the service expects. */
export function isOutcome(text: string | null): text is Outcome {
  return (outcomes as readonly string[]).includes(text ?? '');
}

/**
 * The outcome a text names, or null when it names none of the three (`Legítimo`, `Em análise`,
 * an empty cell). Case, accents, spacing and punctuation do not matter.
 */
export function parseOutcome(text: string): Outcome | null {
  return byName.get(compact(text)) ?? null;
}
