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
});
