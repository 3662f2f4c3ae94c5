import { describe, expect, it } from 'vitest';
import type { OutcomeImportRow } from '../../../shared/contract/outcomes';
import type { KnownTransaction } from '../store/outcomes.repo';
import { planImport } from './import-plan';

const device = (deviceId: string) => ({ deviceId, batchId: 'b1' });
const history: Record<string, KnownTransaction> = {
  new: { device: device('dev-new'), seen: true, current: null, currentDevice: null },
  same: { device: device('dev-same'), seen: true, current: 'Suspeito', currentDevice: 'dev-same' },
  other: {
    device: device('dev-other'),
    seen: true,
    current: 'Suspeito',
    currentDevice: 'dev-other',
  },
  // Reviewed on an older lookup's device; a newer lookup named another.
  moved: {
    device: device('dev-newer'),
    seen: true,
    current: 'Suspeito',
    currentDevice: 'dev-older',
  },
  noContent: { device: null, seen: true, current: null, currentDevice: null },
};
const known = (id: string): KnownTransaction =>
  history[id] ?? { device: null, seen: false, current: null, currentDevice: null };

let line = 1;
const row = (transactionId: string, outcome: OutcomeImportRow['outcome']): OutcomeImportRow => ({
  row: (line += 1),
  transactionId,
  outcome,
});
/** A row whose outcome cell names none of the three, as the sheet reader sends it. */
const unknownRow = (transactionId: string, text: string): OutcomeImportRow => ({
  row: (line += 1),
  transactionId,
  outcome: null,
  text,
});

describe('planImport', () => {
  it('puts every row in exactly one count and plans only what changes', () => {
    line = 1;
    const rows = [
      row('new', 'Fraude Confirmada'), // 2: to apply
      row('same', 'Suspeito'), // 3: unchanged
      row('other', 'Device Positivado'), // 4: conflict
      row('missing', 'Suspeito'), // 5: not found
      row('noContent', 'Suspeito'), // 6: without device
      row('twice', 'Suspeito'), // 7: contradiction
      row('twice', 'Fraude Confirmada'), // 8: contradiction
      row('new', 'Fraude Confirmada'), // 9: a repeat within the file with the same outcome
    ];
    const { report, writes, replacements } = planImport(rows, known);
    expect(report).toEqual({
      rows: 8,
      unknown: [],
      toApply: 1,
      unchanged: 1,
      repeated: 1,
      notFound: [{ row: 5, transactionId: 'missing', incoming: 'Suspeito' }],
      withoutDevice: [{ row: 6, transactionId: 'noContent', incoming: 'Suspeito' }],
      conflicts: [
        { row: 4, transactionId: 'other', current: 'Suspeito', incoming: 'Device Positivado' },
      ],
      contradictions: [
        { row: 7, transactionId: 'twice', current: 'Fraude Confirmada', incoming: 'Suspeito' },
        { row: 8, transactionId: 'twice', current: 'Suspeito', incoming: 'Fraude Confirmada' },
      ],
    });
    const { toApply, unchanged, repeated, notFound, withoutDevice, conflicts, contradictions } =
      report;
    expect(
      toApply +
        unchanged +
        repeated +
        notFound.length +
        withoutDevice.length +
        conflicts.length +
        contradictions.length +
        report.unknown.length,
    ).toBe(report.rows);
    expect(writes).toEqual([
      { transactionId: 'new', deviceId: 'dev-new', batchId: 'b1', outcome: 'Fraude Confirmada' },
    ]);
    expect(replacements).toEqual([
      {
        transactionId: 'other',
        deviceId: 'dev-other',
        batchId: 'b1',
        outcome: 'Device Positivado',
      },
    ]);
  });

  it("applies an outcome stored on an older device: it moves to the newest answer's device", () => {
    line = 1;
    const { report, writes, replacements } = planImport([row('moved', 'Suspeito')], known);
    expect(report).toMatchObject({ rows: 1, toApply: 1, unchanged: 0, conflicts: [] });
    expect(writes).toEqual([
      { transactionId: 'moved', deviceId: 'dev-newer', batchId: 'b1', outcome: 'Suspeito' },
    ]);
    expect(replacements).toEqual([]);
  });

  it('lists each row of a contradiction, even one that agrees with the history', () => {
    line = 1;
    const rows = [
      row('same', 'Suspeito'),
      row('same', 'Suspeito'),
      row('same', 'Fraude Confirmada'),
    ];
    const { report, writes } = planImport(rows, known);
    expect(report.contradictions.map((issue) => issue.row)).toEqual([2, 3, 4]);
    expect(report.unchanged).toBe(0);
    expect(writes).toEqual([]);
  });

  it('counts a repeat within the file as repeated, not as already stored, when nothing is', () => {
    line = 1;
    const { report } = planImport([row('new', 'Suspeito'), row('new', 'Suspeito')], known);
    expect(report).toMatchObject({ toApply: 1, unchanged: 0, repeated: 1 });
  });

  it('takes an id given once with a known outcome and once with another value for a contradiction', () => {
    line = 1;
    const rows = [
      row('new', 'Fraude Confirmada'), // 2
      unknownRow('new', 'Legítima'), // 3: set in the app only, still a different value
      unknownRow('other', 'Em análise'), // 4
      row('other', 'Suspeito'), // 5
    ];
    const { report, writes, replacements } = planImport(rows, known);
    expect(report.contradictions).toEqual([
      { row: 2, transactionId: 'new', current: 'Legítima', incoming: 'Fraude Confirmada' },
      { row: 3, transactionId: 'new', current: 'Fraude Confirmada', incoming: 'Legítima' },
      { row: 4, transactionId: 'other', current: 'Suspeito', incoming: 'Em análise' },
      { row: 5, transactionId: 'other', current: 'Em análise', incoming: 'Suspeito' },
    ]);
    expect(report).toMatchObject({ rows: 4, toApply: 0, unchanged: 0, unknown: [] });
    expect(writes).toEqual([]);
    expect(replacements).toEqual([]);
  });

  it('takes two different unrecognised values of one id for a contradiction, the same one twice for unknown', () => {
    line = 1;
    const rows = [
      unknownRow('new', 'Em análise'), // 2
      unknownRow('new', 'Legítima'), // 3
      unknownRow('same', 'Em análise'), // 4
      unknownRow('same', 'em  analise'), // 5: the same words
    ];
    const { report } = planImport(rows, known);
    expect(report.contradictions.map((issue) => issue.row)).toEqual([2, 3]);
    expect(report.unknown).toEqual([
      { row: 4, transactionId: 'same', incoming: 'Em análise' },
      { row: 5, transactionId: 'same', incoming: 'em  analise' },
    ]);
    expect(report.unchanged).toBe(0);
  });

  it('reads a blank outcome cell as no value: listed as unknown, contradicting nothing', () => {
    line = 1;
    const rows = [row('new', 'Suspeito'), unknownRow('new', '')];
    const { report, writes } = planImport(rows, known);
    expect(report).toMatchObject({
      rows: 2,
      toApply: 1,
      contradictions: [],
      unknown: [{ row: 3, transactionId: 'new', incoming: '' }],
    });
    expect(writes).toHaveLength(1);
  });
});
