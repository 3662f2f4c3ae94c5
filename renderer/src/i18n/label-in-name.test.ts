import { describe, expect, it } from 'vitest';
import type { Locale, MessageKey } from './messages';
import { translate } from './translate';

/**
 * WCAG 2.5.3, label in name: a control whose accessible name (aria-label) says more than its
 * visible words starts with those words, so "Send again" said to speech input finds the button.
 * Each pair is a control's visible key and its aria-label key, as the screens use them.
 */
const controls: ReadonlyArray<readonly [MessageKey, MessageKey]> = [
  ['uploads.ledger.resend', 'uploads.ledger.resendNamed'],
  ['uploads.ledger.save', 'uploads.ledger.saveNamed'],
  ['copy.button', 'uploads.ledger.copySha'],
  ['copy.button', 'batches.detail.copyExternalId'],
  ['copy.button', 'batches.detail.copyDeviceId'],
  ['batches.detail.copyJson', 'batches.detail.copyRow'],
  ['import.row.edit', 'import.row.editLabel'],
  ['import.row.undoFix', 'import.row.undoFixLabel'],
  ['import.row.include', 'import.row.includeLabel'],
  ['import.row.exclude', 'import.row.excludeLabel'],
  ['batches.resume', 'batches.resumeLabel'],
  ['review.open.batch', 'review.open.batchLabel'],
];

const params = { id: '1', file: 'variaveis-resposta.csv', row: '12', name: 'pedidos.csv' };

describe('a control’s accessible name', () => {
  for (const locale of ['en', 'pt-BR'] as const satisfies readonly Locale[])
    it(`starts with its visible label, in ${locale}`, () => {
      const t = translate(locale);
      const wrong = controls
        .map(([visible, label]) => ({ visible: t(visible), name: t(label, params) }))
        .filter(({ visible, name }) => !name.startsWith(visible));
      expect(wrong).toEqual([]);
    });
});
