/**
 * Outcome names as analysts write them in their case systems: in Portuguese or English, in any
 * case, with or without accents, spaces, hyphens or underscores. The file sent to the service always
 * carries the exact Portuguese value; this only reads what people wrote.
 */
import { outcomes } from '../domain/types';
import type { Outcome } from '../domain/types';

/** Names per outcome, written as people write them; `outcomeTextKey` makes them comparable. */
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

/**
 * `Fraude  Confirmada`, `fraude_confirmada` and `FRAUDE-CONFIRMADA` all become `fraudeconfirmada`:
 * case, accents, spaces, hyphens and underscores are how people type a name. Any other sign stays
 * (`fraude?`), so it matches no name: a question mark or a bracket is the analyst's doubt, and a
 * doubtful `Fraude?` must not become a confirmed fraud.
 */
export function outcomeTextKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

const byName = new Map<string, Outcome>(
  outcomes.flatMap((outcome) =>
    names[outcome].map((name) => [outcomeTextKey(name), outcome] as const),
  ),
);

/** Whether `text` is one of the three outcomes spelt exactly as the service expects. */
export function isOutcome(text: string | null): text is Outcome {
  return (outcomes as readonly string[]).includes(text ?? '');
}

/**
 * The outcome a text names, or null when it names none of the three (`Legítima`, which is set in
 * the app only, `Em análise`, an empty cell, a doubtful `Fraude?` or `Suspeito (?)`). Case,
 * accents, spaces, hyphens and underscores do not matter; any other sign does.
 */
export function parseOutcome(text: string): Outcome | null {
  return byName.get(outcomeTextKey(text)) ?? null;
}
