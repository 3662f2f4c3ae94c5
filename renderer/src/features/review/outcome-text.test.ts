import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate';
import { bulkChangeText, queueErrorText, rowChangeText, skippedRows } from './outcome-text';

const t = translate('en');
const change = (changed: number, withoutTransactionId = 0, withoutDevice = 0, otherDevice = 0) => ({
  changed,
  withoutTransactionId,
  withoutDevice,
  otherDevice,
});

describe('what a change of outcomes did, in words', () => {
  it('says a row was set or cleared', () => {
    expect(rowChangeText(t, 7, 'Suspeito', change(1))).toBe('Row 7: Suspeito.');
    expect(rowChangeText(t, 7, null, change(1))).toBe('Row 7: outcome cleared.');
    // The local state reads in the analyst's language; the service's values stay as sent.
    expect(rowChangeText(t, 7, 'Legítima', change(1))).toBe('Row 7: Legitimate.');
    const pt = translate('pt-BR');
    expect(rowChangeText(pt, 7, 'Legítima', change(1))).toMatch(/Legítima/);
  });

  it('says why a row cannot be reviewed, from the counts of the change', () => {
    expect(rowChangeText(t, 9, 'Suspeito', change(0, 0, 1))).toMatch(
      /^Row 9 cannot be reviewed: the service found no device/,
    );
    expect(rowChangeText(t, 9, 'Suspeito', change(0, 1, 0))).toMatch(
      /^Row 9 cannot be reviewed: it has no transaction ID/,
    );
  });

  it('counts the rows of a bulk change and the rows it left alone', () => {
    expect(bulkChangeText(t, 'Fraude Confirmada', change(4))).toBe(
      'Rows set to “Fraude Confirmada”: 4.',
    );
    expect(bulkChangeText(t, null, change(2, 1, 3))).toBe(
      'Rows whose outcome was cleared: 2. Left as they were: 4 (1 without a transaction ID, 3 without a device).',
    );
  });

  it('says why rows of a transaction named with another device were left, in both languages', () => {
    expect(bulkChangeText(t, 'Fraude Confirmada', change(1, 0, 0, 1))).toBe(
      'Rows set to “Fraude Confirmada”: 1. 1 row was left as it was: a later row of its transaction named another device, and a transaction’s outcome is of one device (the last row’s).',
    );
    expect(bulkChangeText(t, 'Suspeito', change(3, 1, 0, 2))).toBe(
      'Rows set to “Suspeito”: 3. Left as they were: 1 (1 without a transaction ID, 0 without a device). 2 rows were left as they were: a later row of their transaction named another device, and a transaction’s outcome is of one device (the last row’s).',
    );
    const pt = translate('pt-BR');
    expect(bulkChangeText(pt, 'Suspeito', change(1, 0, 0, 1))).toBe(
      'Linhas marcadas como “Suspeito”: 1. 1 linha ficou como estava: uma linha posterior da mesma transação indicou outro dispositivo, e o resultado de uma transação é de um só dispositivo (o da última linha).',
    );
    expect(bulkChangeText(pt, 'Suspeito', change(0, 0, 0, 2))).toMatch(
      /2 linhas ficaram como estavam: /,
    );
    expect(skippedRows(change(1, 0, 0, 2))).toBe(2);
  });
});

describe('why a change of outcomes failed, in words', () => {
  // As the window's calls throw it (`ApiError`): an Error carrying the core's AppError.
  const message = 'The rows matching the filter changed: 49 now, 50 when you confirmed.';
  const stale = Object.assign(new Error(message), { error: { code: 'stale', message } });

  it("says it in the analyst's language, the core's detail labelled as English", () => {
    const pt = translate('pt-BR');
    expect(queueErrorText(pt, 'pt-BR', stale)).toBe(
      'O que você confirmou mudou antes de ser feito; nada foi alterado. Detalhe (em inglês): The rows matching the filter changed: 49 now, 50 when you confirmed.',
    );
  });

  it('gives the detail alone in English, and the message of any other failure', () => {
    expect(queueErrorText(t, 'en', stale)).toBe(
      'The rows matching the filter changed: 49 now, 50 when you confirmed.',
    );
    expect(queueErrorText(t, 'en', new Error('disk full'))).toBe('disk full');
  });
});
