import { describe, expect, it } from 'vitest';
import type { OutcomeSummary } from '../../../../shared/contract/outcomes';
import { translate } from '../../i18n/translate';
import { summaryText } from './outcome-summary-text';

/**
 * The tester's queue: five rows with a review state, one of them Legítima. The summary said
 * "Reviewed: 4"; it counts the five, and says the Legítima one is never sent.
 */
const reviewed: OutcomeSummary = {
  counts: { Suspeito: 1, 'Fraude Confirmada': 2, 'Device Positivado': 1 },
  total: 4,
  unsent: 4,
  legitimate: 1,
  elsewhere: 0,
};

describe('the review summary beside the queue', () => {
  it('counts Legítima among the reviewed, apart from what is still to send', () => {
    expect(summaryText(translate('en'), reviewed, 'batch')).toBe(
      'Reviewed: 5 · not yet sent: 4 · Legitimate, never sent: 1',
    );
    expect(summaryText(translate('pt-BR'), reviewed, 'batch')).toBe(
      'Revisadas: 5 · ainda não enviadas: 4 · Legítimas, nunca enviadas: 1',
    );
    expect(summaryText(translate('en'), reviewed, 'search')).toBe(
      'Reviewed: 5 · Legitimate, never sent: 1',
    );
    expect(summaryText(translate('pt-BR'), reviewed, 'search')).toBe(
      'Revisadas: 5 · Legítimas, nunca enviadas: 1',
    );
  });

  it('reads as before when nothing is Legítima', () => {
    const none = { ...reviewed, legitimate: 0 };
    expect(summaryText(translate('en'), none, 'batch')).toBe('Reviewed: 4 · not yet sent: 4');
    expect(summaryText(translate('pt-BR'), none, 'batch')).toBe(
      'Revisadas: 4 · ainda não enviadas: 4',
    );
  });
});
