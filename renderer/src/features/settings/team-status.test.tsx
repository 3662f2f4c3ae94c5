import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TeamStatus } from '../../../../shared/contract/team';
import { I18nProvider } from '../../i18n/i18n';
import type { Locale } from '../../i18n/messages';
import { TeamStatusFacts } from './team-status';

const failed: TeamStatus = {
  url: 'postgresql://ana@db.example.com/fraudteam',
  analyst: 'Ana',
  osUser: 'ana',
  passwordSaved: false,
  lastSyncAt: null,
  lastError: 'Could not connect to the team database at db.example.com:5432.',
  waiting: 2,
  colleagues: [],
  syncing: false,
};

const shown = (locale: Locale) =>
  renderToStaticMarkup(
    <I18nProvider locale={locale}>
      <TeamStatusFacts status={failed} />
    </I18nProvider>,
  );

describe('the last sync error in Settings → Team', () => {
  it('labels the core’s English words outside English, as the Send screen does', () => {
    const portuguese = shown('pt-BR');
    expect(portuguese).toContain('A última sincronização falhou');
    expect(portuguese).toContain('Detalhe (em inglês):');
    expect(portuguese).toContain('<span lang="en">Could not connect to');
    expect(shown('en')).not.toContain('Detail');
  });
});
