import { describe, expect, it } from 'vitest';
import { isOutcome, parseOutcome } from './outcome-names';

describe('parseOutcome', () => {
  it('reads the three values as the service spells them', () => {
    expect(parseOutcome('Suspeito')).toBe('Suspeito');
    expect(parseOutcome('Fraude Confirmada')).toBe('Fraude Confirmada');
    expect(parseOutcome('Device Positivado')).toBe('Device Positivado');
  });

  it('ignores case, accents, spaces, hyphens and underscores', () => {
    expect(parseOutcome('  FRAUDE   confirmada ')).toBe('Fraude Confirmada');
    expect(parseOutcome('fraude_confirmada')).toBe('Fraude Confirmada');
    expect(parseOutcome('FraudeConfirmada')).toBe('Fraude Confirmada');
    expect(parseOutcome('device-positivado')).toBe('Device Positivado');
    expect(parseOutcome('SUSPEITO\t')).toBe('Suspeito');
    expect(parseOutcome('Suspéito')).toBe('Suspeito');
  });

  it('reads English names and common Portuguese variants', () => {
    expect(parseOutcome('Suspect')).toBe('Suspeito');
    expect(parseOutcome('suspicious')).toBe('Suspeito');
    expect(parseOutcome('Suspeita')).toBe('Suspeito');
    expect(parseOutcome('Confirmed fraud')).toBe('Fraude Confirmada');
    expect(parseOutcome('Fraud confirmed')).toBe('Fraude Confirmada');
    expect(parseOutcome('FRAUD')).toBe('Fraude Confirmada');
    expect(parseOutcome('Fraude')).toBe('Fraude Confirmada');
    expect(parseOutcome('Device positive')).toBe('Device Positivado');
    expect(parseOutcome('Positive device')).toBe('Device Positivado');
    expect(parseOutcome('positive')).toBe('Device Positivado');
    expect(parseOutcome('Dispositivo positivado')).toBe('Device Positivado');
  });

  it('refuses anything that names none of the three', () => {
    for (const text of ['', '   ', 'Legítimo', 'Em análise', 'Fraude suspeita', 'Negative', '1']) {
      expect(parseOutcome(text), text).toBeNull();
    }
  });

  it('refuses Legítima: a local review state, set in the app only', () => {
    expect(parseOutcome('Legítima')).toBeNull();
    expect(parseOutcome('legitima')).toBeNull();
  });

  it('refuses an outcome written with doubt, whichever of its names it uses', () => {
    const doubtful = [
      'Fraude?',
      'fraude ?',
      'Fraude (?)',
      '¿Fraude?',
      'Fraud?',
      'Confirmed fraud?',
      'Fraude Confirmada?',
      'Suspeito?',
      'Suspect?',
      'Suspeita (?)',
      'Positivado?',
      'Device Positivado??',
      'Positive (?)',
      'talvez fraude',
      'fraude talvez',
      'Fraude [?]',
      'Fraude...',
      'Fraude/Suspeito',
    ];
    for (const text of doubtful) expect(parseOutcome(text), text).toBeNull();
  });
});

describe('isOutcome', () => {
  it('accepts only the exact spelling', () => {
    expect(isOutcome('Fraude Confirmada')).toBe(true);
    expect(isOutcome('fraude confirmada')).toBe(false);
    expect(isOutcome(' Suspeito')).toBe(false);
    expect(isOutcome(null)).toBe(false);
  });
});
