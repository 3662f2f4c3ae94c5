import { describe, expect, it } from 'vitest';
import { fileProblemCodes, type FileProblem } from '../../../../shared/outcomes/types';
import { translate } from '../../i18n/translate';
import { guardFound, guardSentences, sentBefore } from './guard-text';
import { problemText } from './problem-text';

/** The app's own translator. */
const translator = translate;

describe('problemText', () => {
  it.each(['en', 'pt-BR'] as const)('words every code in %s, with its line', (locale) => {
    const t = translator(locale);
    for (const code of fileProblemCodes) {
      const problem: FileProblem = { code, line: 7, value: 'tx-1', firstLine: 3, message: '' };
      const text = problemText(problem, t);
      expect(text).toMatch(locale === 'en' ? /^Line 7: / : /^Linha 7: /);
      expect(text).not.toMatch(/\{\w+\}/);
    }
  });

  it('says what a wrong header reads, separator included, in both languages', () => {
    const problem: FileProblem = {
      code: 'header',
      line: 1,
      value: 'Pedido;Device;Status',
      message: '',
    };
    expect(problemText(problem, translator('en'))).toBe(
      'Line 1: the header reads "Pedido;Device;Status"; it must be exactly the columns ID Transacional, DeviceId and Resultado, separated by , or ;.',
    );
    expect(problemText(problem, translator('pt-BR'))).toBe(
      'Linha 1: o cabeçalho diz "Pedido;Device;Status"; ele deve ter exatamente as colunas ID Transacional, DeviceId e Resultado, separadas por , ou ;.',
    );
  });

  it('names the value and the first line of a duplicate', () => {
    const t = translator('en');
    expect(
      problemText(
        { code: 'duplicate_transaction_id', line: 5, value: 'tx-9', firstLine: 2, message: '' },
        t,
      ),
    ).toBe('Line 5: the transaction id tx-9 is repeated (first on line 2).');
    expect(
      problemText({ code: 'invalid_outcome', line: 3, value: 'fraude', message: '' }, t),
    ).toContain('“fraude”');
  });

  it('says the length rules and the spaces to remove, showing the spaces, in both languages', () => {
    const short: FileProblem = {
      code: 'transaction_id_length',
      line: 4,
      value: 'TX-01',
      message: '',
    };
    expect(problemText(short, translator('en'))).toBe(
      'Line 4: the transaction id TX-01 has 5 characters; the service takes an ID of 6 to 64 characters (the externalID the transaction was asked with).',
    );
    expect(problemText(short, translator('pt-BR'))).toBe(
      'Linha 4: o ID da transação TX-01 tem 5 caracteres; o serviço aceita um ID de 6 a 64 caracteres (o externalID com que a transação foi consultada).',
    );
    const long: FileProblem = {
      code: 'device_id_length',
      line: 6,
      value: 'd'.repeat(129),
      message: '',
    };
    expect(problemText(long, translator('en'))).toBe(
      'Line 6: the DeviceId has 129 characters; a device ID has at most 128 (the longest the app takes from the service).',
    );
    expect(problemText(long, translator('pt-BR'))).toMatch(
      /^Linha 6: o DeviceId tem 129 caracteres;/,
    );
    const spaced: FileProblem = { code: 'edge_spaces', line: 2, value: ' TX-001', message: '' };
    expect(problemText(spaced, translator('en'))).toBe(
      'Line 2: the value " TX-001" has spaces at its start or end: remove them in the file, so the service gets exactly what was checked and recorded.',
    );
    expect(problemText(spaced, translator('pt-BR'))).toBe(
      'Linha 2: o valor " TX-001" tem espaços no começo ou no fim: remova-os no arquivo, para que o serviço receba exatamente o que foi verificado e registrado.',
    );
  });

  it('writes the size of a file too large in the notation of the locale', () => {
    const problem: FileProblem = { code: 'too_large', line: 0, value: '45.6', message: '' };
    expect(problemText(problem, translator('en'))).toMatch(/^The file is 45\.6 MB, more than/);
    expect(problemText(problem, translator('pt-BR'))).toMatch(/^O arquivo tem 45,6 MB, mais que/);
  });

  it('counts the fields of a line of the wrong width with plurals, and escapes text after a quote', () => {
    const wide: FileProblem = {
      code: 'field_count',
      line: 4,
      value: '4',
      expected: 3,
      message: '',
    };
    expect(problemText(wide, translator('en'))).toMatch(
      /^Line 4: this line has 4 fields; the header has 3\. A separator/,
    );
    expect(problemText({ ...wide, value: '1' }, translator('pt-BR'))).toMatch(
      /^Linha 4: esta linha tem 1 campo; o cabeçalho tem 3\./,
    );
    const after: FileProblem = { code: 'after_quote', line: 2, value: 'x\u202Ey', message: '' };
    expect(problemText(after, translator('en'))).toContain('“x\\u202ey”');
    // A value with a control or direction character shows each as an escape, not reordered.
    const unsafe: FileProblem = {
      code: 'unsafe_value',
      line: 2,
      value: 'a\nb\u202Ec',
      message: '',
    };
    expect(problemText(unsafe, translator('en'))).toContain('"a\\u000ab\\u202ec"');
  });

  it('starts the sentence itself when the problem is the whole file', () => {
    expect(problemText({ code: 'empty', line: 0, message: '' }, translator('en'))).toBe(
      'The file has no rows.',
    );
    expect(problemText({ code: 'empty', line: 0, message: '' }, translator('pt-BR'))).toBe(
      'O arquivo não tem linhas.',
    );
  });
});

describe('guardSentences', () => {
  const upload = (id: number, createdAt: string) => ({
    id,
    createdAt,
    fileName: 'f.zip',
    kind: 'zip' as const,
    rows: 3,
    sha256: 'a'.repeat(64),
    environment: 'sandbox' as const,
    status: 'sent' as const,
    httpStatus: 200,
    messages: [],
    answer: null,
    resentFrom: null,
    analyst: null,
    traceId: null,
    mayHaveArrived: false,
  });

  it('says when the same file went, and where repeated transactions went', () => {
    const t = translator('en');
    const check = {
      fileName: 'f.zip',
      rows: 3,
      sha256: 'a'.repeat(64),
      environment: 'sandbox' as const,
      problems: [],
      foreignDevices: { count: 0, examples: [] },
      unseenDevices: { count: 0, examples: [] },
      sameFile: [upload(1, '2025-03-01T10:00:00Z'), upload(4, '2025-03-02T10:00:00Z')],
      repeatedTransactions: 2,
      repeatedIn: [upload(4, '2025-03-02T10:00:00Z'), upload(1, '2025-03-01T10:00:00Z')],
      changedSince: 0,
    };
    const [same, repeated] = guardSentences(check, t, 'en');
    expect(same).toMatch(
      /^This same file was already accepted by Sandbox 2 times, last on .*\(upload #4\)\.$/,
    );
    expect(repeated).toBe(
      '2 of its 3 transactions were already accepted by Sandbox, in uploads #1, #4.',
    );
    expect(guardSentences({ ...check, sameFile: [], repeatedTransactions: 0 }, t, 'en')).toEqual(
      [],
    );
    expect(
      guardSentences({ ...check, sameFile: [], repeatedTransactions: 0, changedSince: 2 }, t, 'en'),
    ).toEqual([
      '2 of its rows no longer match the outcomes in the history (changed or cleared since): sending it would report the old ones. Build a new file to send the current ones.',
    ]);
  });

  // Found by an outside tester: a file never sent whose outcomes changed since it was built
  // showed nothing and was sent without a question.
  it('asks about a file never sent whose rows no longer match the history', () => {
    const check = {
      fileName: 'f.zip',
      rows: 3,
      sha256: 'a'.repeat(64),
      environment: 'sandbox' as const,
      problems: [],
      foreignDevices: { count: 0, examples: [] },
      unseenDevices: { count: 0, examples: [] },
      sameFile: [],
      repeatedTransactions: 0,
      repeatedIn: [],
      changedSince: 1,
    };
    expect(guardFound(check)).toBe(true);
    expect(sentBefore(check)).toBe(false);
    expect(guardFound({ ...check, changedSince: 0 })).toBe(false);
    expect(guardSentences(check, translator('pt-BR'), 'pt-BR')).toEqual([
      '1 das suas linhas não corresponde mais aos resultados do histórico (alterados ou limpos depois): enviá-lo reportaria os antigos. Monte um novo arquivo para enviar os atuais.',
    ]);
  });
});
