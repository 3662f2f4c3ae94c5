import { describe, expect, it } from 'vitest';
import { messages } from './messages';

/**
 * The names a message fills: `{name}` and the counts of `{count, plural, …}`, not the forms of a
 * plural block (`one {was}`).
 */
function placeholders(text: string): string[] {
  const names = text.matchAll(/(?<!\b(?:zero|one|two|few|many|other)\s*)\{(\w+)(?=[},])/g);
  return [...new Set([...names].map((match) => match[1] ?? ''))].sort();
}

describe('the two languages', () => {
  it('have the same keys', () => {
    expect(Object.keys(messages['pt-BR']).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it('fill the same placeholders in every message', () => {
    const differ = Object.entries(messages.en)
      .map(([key, text]) => ({
        key,
        en: placeholders(text),
        ptBR: placeholders(messages['pt-BR'][key as keyof typeof messages.en]),
      }))
      .filter(({ en, ptBR }) => en.join() !== ptBR.join());
    expect(differ).toEqual([]);
  });
});
