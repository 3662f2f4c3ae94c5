import { describe, expect, it } from 'vitest';
import { translate } from './translate';

// Found by an outside tester: in pt-BR, the core's English sentences were shown after a plain
// "Detalhes:", as if they were meant to be in Portuguese.
describe('English details outside English', () => {
  const pt = translate('pt-BR');
  const label = pt('error.detailInEnglish');

  it.each(['batches.reason.message', 'import.read.detail'] as const)(
    '%s says its message is in English',
    (key) => {
      expect(label).toBe('Detalhe (em inglês):');
      expect(pt(key, { message: 'The file is empty.' })).toBe(`${label} The file is empty.`);
    },
  );

  // Found by an outside tester: a run stopped by its history showed the core's English sentence
  // in the pt-BR window without the label.
  it('batches.run.failed says its message is in English', () => {
    expect(pt('batches.run.failed', { message: 'The file is empty.' })).toContain(
      `${label} The file is empty.`,
    );
  });

  it('batches.storing.failed and uploads.disk.readerFailed say their detail is in English', () => {
    expect(
      pt('batches.storing.failed', { stored: 2000, total: 5000, message: 'The file is empty.' }),
    ).toContain(`${label} The file is empty.`);
    expect(pt('uploads.disk.readerFailed', { detail: 'NotReadableError' })).toContain(
      `${label} NotReadableError`,
    );
  });

  it("words a pause for a full disk in Portuguese, not with the core's English", () => {
    expect(pt('batches.reason.disk_full')).toBe(
      'O disco que guarda o histórico está cheio: libere espaço nele e retome o lote. Todas as respostas guardadas antes foram mantidas.',
    );
  });
});
