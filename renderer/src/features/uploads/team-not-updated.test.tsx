import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n/i18n';
import type { Locale } from '../../i18n/messages';
import { TeamNotUpdatedNotice } from './team-not-updated';

const shown = (locale: Locale, teamNotUpdated: boolean) =>
  renderToStaticMarkup(
    <I18nProvider locale={locale}>
      <TeamNotUpdatedNotice shown={teamNotUpdated} />
    </I18nProvider>,
  );

describe('a send whose answer the team’s ledger could not record', () => {
  it('says so, and that the next sync records it, in both languages', () => {
    expect(shown('en', true)).toContain('The team’s upload ledger could not record this answer');
    expect(shown('pt-BR', true)).toContain('O registro de envios da equipe não pôde guardar');
    expect(shown('en', false)).toBe('');
  });
});
