import { describe, expect, it } from 'vitest';
import { messages } from './messages';

const ptBR = Object.entries(messages['pt-BR']);

describe('one way to say a thing, in Portuguese', () => {
  it('numbers an upload as "nº N" everywhere, never "#N"', () => {
    expect(ptBR.filter(([, text]) => /#\{/.test(text))).toEqual([]);
    expect(messages['pt-BR']['uploads.ledger.number']).toBe('nº {id}');
    expect(messages.en['uploads.ledger.number']).toBe('#{id}');
  });

  it('says "Excluir" only for deleting, not for leaving a row out of a batch', () => {
    const leaveOut = ptBR.filter(
      ([key, text]) => key.startsWith('import.') && /xclu[ií]/.test(text),
    );
    expect(leaveOut).toEqual([]);
  });
});
