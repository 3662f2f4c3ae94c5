import { describe, expect, it } from 'vitest';
import { responseFileBuilder, streamedResponseFile, type BuildOptions } from './response-builder';
import { buildResponseFile } from './response-file';
import { previewResponseFile } from './response-preview';
import type { DraftResponseRow } from './types';
import { fflateDeflater, type Deflater } from './zip-one';

const many: DraftResponseRow[] = Array.from({ length: 10 }, (_, n) => ({
  transactionId: `PED-00${String(n)}`,
  deviceId: `dev;${String(n)}`,
  outcome: 'Suspeito',
}));

async function inSlices(rows: DraftResponseRow[], size: number, options: BuildOptions) {
  const builder = responseFileBuilder(options);
  for (let from = 0; from < rows.length; from += size) builder.add(rows.slice(from, from + size));
  return builder.finish();
}

describe('responseFileBuilder', () => {
  it.each(['csv', 'zip'] as const)(
    'gives, slice by slice, the %s buildResponseFile gives for all the rows',
    async (kind) => {
      const options = { kind, fileName: 'lote', separator: ';' as const };
      expect(await inSlices(many, 3, options)).toEqual(await buildResponseFile(many, options));
    },
  );

  it('lists every problem of every slice, and writes nothing from the first refused row on', async () => {
    const rows: DraftResponseRow[] = [
      ...many.slice(0, 4),
      { transactionId: 'PED-001', deviceId: 'd', outcome: 'Suspeito' },
      ...many.slice(4, 8),
      { transactionId: 'PED-XX', deviceId: ' ', outcome: 'Fraude' },
    ];
    let pushed = 0;
    const deflater: Deflater = () => {
      const inner = fflateDeflater();
      return {
        push(piece) {
          pushed += 1;
          inner.push(piece);
        },
        end: () => inner.end(),
      };
    };
    const options = { kind: 'zip' as const, fileName: 'x', deflater };
    const built = await inSlices(rows, 4, options);
    expect(built).toEqual(await buildResponseFile(rows, { kind: 'zip', fileName: 'x' }));
    expect(!built.ok && built.problems.map((problem) => [problem.code, problem.line])).toEqual([
      ['duplicate_transaction_id', 6],
      ['missing_device_id', 11],
      ['invalid_outcome', 11],
    ]);
    // The header and two slices: a repeat is found at the end (see repeatFinder), and the third
    // slice holds the empty DeviceId.
    expect(pushed).toBe(3);
  });

  it('says the problems of a CSV past the most, not its size', async () => {
    const rows = [...many, { transactionId: 'PED-000', deviceId: 'd', outcome: 'Suspeito' }];
    const built = await inSlices(rows, 2, { kind: 'csv', fileName: 'x', maxBytes: 60 });
    expect(!built.ok && built.problems).toEqual([
      expect.objectContaining({ code: 'duplicate_transaction_id', line: 12, firstLine: 2 }),
    ]);
  });
});

describe('streamedResponseFile', () => {
  const outcomesInTurn = ['Suspeito', 'Fraude Confirmada', 'Device Positivado'] as const;
  // 40 rows, a few of them formula-like in every slice of 7: more than the preview lists.
  const rows: DraftResponseRow[] = Array.from({ length: 40 }, (_, n) => ({
    transactionId: n % 3 === 0 ? `=PED-00${String(n)}` : `PED-00${String(n)}`,
    deviceId: n % 5 === 0 ? `+dev-${String(n)}` : `dev-${String(n)}`,
    outcome: outcomesInTurn[n % 3] ?? 'Suspeito',
  }));

  async function streamed(given: DraftResponseRow[], size: number, options: BuildOptions) {
    const builder = streamedResponseFile(options);
    for (let from = 0; from < given.length; from += size)
      builder.add(given.slice(from, from + size));
    return builder.finish();
  }

  it.each(['csv', 'zip'] as const)(
    'gives the bytes and the preview of the builder that keeps the rows (%s), keeping none',
    async (kind) => {
      const options = { kind, fileName: 'lote', separator: ';' as const };
      const whole = await buildResponseFile(rows, options);
      if (!whole.ok) throw new Error('not built');
      const { rows: wholeRows, ...file } = whole.file;
      expect(file.preview).toEqual(previewResponseFile(wholeRows, file.bytes.length));
      expect(file.preview.formulaLike.lines).toHaveLength(10);
      expect(await streamed(rows, 7, options)).toEqual({ ok: true, file });
    },
  );

  it('leaves the problems of a refused row or a repeated ID to be listed from the rows read again', async () => {
    const options = { kind: 'zip' as const, fileName: 'x' };
    const bad = [...rows.slice(0, 9), { transactionId: 'X', deviceId: ' ', outcome: 'Suspeito' }];
    expect(await streamed(bad, 4, options)).toEqual({ ok: false, problems: null });
    const repeated = [...rows, { ...rows[3], deviceId: 'other' } as DraftResponseRow];
    expect(await streamed(repeated, 4, options)).toEqual({ ok: false, problems: null });
  });

  it('says at once that no rows is no file, and that a file too large is too large', async () => {
    expect(await streamed([], 4, { kind: 'csv', fileName: 'x' })).toEqual({
      ok: false,
      problems: [expect.objectContaining({ code: 'empty' })],
    });
    expect(await streamed(rows, 4, { kind: 'csv', fileName: 'x', maxBytes: 100 })).toEqual({
      ok: false,
      problems: [expect.objectContaining({ code: 'too_large' })],
    });
  });
});

describe('the name of a built file', () => {
  it('is cut to fit a file system when the analyst types a very long one', async () => {
    const built = await buildResponseFile(
      [{ transactionId: 'PED-A1', deviceId: 'd', outcome: 'Suspeito' }],
      { kind: 'csv', separator: ',', fileName: `${'x'.repeat(300)}.csv` },
    );
    expect(built.ok && built.file.fileName).toBe(`${'x'.repeat(150)}.csv`);
  });
});
