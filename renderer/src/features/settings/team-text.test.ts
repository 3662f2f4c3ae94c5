import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate';
import { colleaguesText, splitTeamUrl, syncReportText } from './team-text';

describe('a team URL as typed', () => {
  it('keeps a URL without a password as it is', () => {
    expect(splitTeamUrl(' postgresql://ana@db.example:5432/team ')).toEqual({
      url: 'postgresql://ana@db.example:5432/team',
      password: undefined,
    });
  });

  it('takes the password out of the URL, decoded, and keeps the rest', () => {
    expect(splitTeamUrl('postgresql://ana:s%40cret@db.example:5432/team?sslmode=require')).toEqual({
      url: 'postgresql://ana@db.example:5432/team?sslmode=require',
      password: 's@cret',
    });
  });

  it('reads the last @ as the end of the user part, as URL parsers do', () => {
    expect(splitTeamUrl('postgres://ana:p@ss:w@127.0.0.1/postgres')).toEqual({
      url: 'postgres://ana@127.0.0.1/postgres',
      password: 'p@ss:w',
    });
  });

  it('keeps a password with a stray % as typed, and drops an empty one', () => {
    expect(splitTeamUrl('postgresql://ana:100%@h/db').password).toBe('100%');
    expect(splitTeamUrl('postgresql://ana:@h/db')).toEqual({
      url: 'postgresql://ana@h/db',
      password: undefined,
    });
  });

  it('leaves what is not a URL, or has no user part, for the core to judge', () => {
    expect(splitTeamUrl('db.example:5432')).toEqual({
      url: 'db.example:5432',
      password: undefined,
    });
    expect(splitTeamUrl('postgresql://h:5432/db')).toEqual({
      url: 'postgresql://h:5432/db',
      password: undefined,
    });
  });
});

describe('the team in words', () => {
  it('says the changes a sync passed over, in both languages', () => {
    const report = { pushed: 0, pulled: 3, applied: 1, answers: 0, passedOver: 2 };
    expect(syncReportText(translate('en'), report)).toContain(
      '2 changes from the team were passed over: they were written outside the app',
    );
    expect(syncReportText(translate('pt-BR'), report)).toContain(
      '2 alterações da equipe foram ignoradas',
    );
  });

  it('says what a sync did with the right plural forms in both languages', () => {
    const report = { pushed: 1, pulled: 1200, applied: 0, answers: 2, passedOver: 0 };
    expect(syncReportText(translate('en'), report)).toBe(
      'Synced: 1 change sent, 1,200 changes received (outcomes of 0 transactions changed here), 2 answers shared.',
    );
    // Portuguese reads 1 as singular and 0 as plural (as Brazilians write it), and writes 1.200.
    expect(syncReportText(translate('pt-BR'), report)).toBe(
      'Sincronizado: 1 alteração enviada, 1.200 alterações recebidas (resultados de 0 transações alterados aqui), 2 respostas compartilhadas.',
    );
  });

  it('lists the analysts seen in the locale, or says there are none yet', () => {
    expect(colleaguesText(translate('en'), 'en', ['Ana', 'Bia', 'Caio'])).toBe(
      'Ana, Bia, and Caio',
    );
    expect(colleaguesText(translate('pt-BR'), 'pt-BR', ['Ana', 'Bia'])).toBe('Ana e Bia');
    expect(colleaguesText(translate('en'), 'en', [])).toBe('None yet');
  });
});
