import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate';
import { describeReadProblem } from './problem-text';

const translator = translate;
const en = translator('en');
const pt = translator('pt-BR');

describe('describeReadProblem', () => {
  it('gives a specific, translated headline with the numbers of the problem', () => {
    const problem = {
      code: 'too_many_rows',
      message: 'x',
      limit: 100_000,
      found: 100_001,
    } as const;
    expect(describeReadProblem(en, problem)).toContain(
      '100,001 data rows and the limit is 100,000',
    );
    expect(describeReadProblem(pt, problem)).toContain('100.001 linhas de dados');
    expect(describeReadProblem(en, { code: 'zip_bomb', message: 'x' })).toContain('zip bomb');
    expect(describeReadProblem(pt, { code: 'worker', message: 'x' })).toBe(
      'O app falhou ao processar o arquivo.',
    );
  });
});

describe('describeReadProblem of a CSV mixing encodings', () => {
  it('names the line in both languages', () => {
    const problem = { code: 'mixed_encoding', message: 'x', line: 3 } as const;
    expect(describeReadProblem(en, problem)).toContain(
      'Line 3 holds a character that is not UTF-8',
    );
    expect(describeReadProblem(pt, problem)).toContain(
      'A linha 3 contém um caractere que não é UTF-8',
    );
  });
});

describe('describeReadProblem of a password-protected workbook', () => {
  it('says so in the headline, not only in the detail', () => {
    const problem = {
      code: 'unsupported',
      message:
        'The workbook is protected with a password. Open it in Excel, remove the password (File > Info > Protect Workbook) and save it again.',
    } as const;
    expect(describeReadProblem(en, problem)).toBe('This workbook is protected with a password.');
    expect(describeReadProblem(pt, problem)).toBe(
      'Esta pasta de trabalho está protegida por senha.',
    );
  });
});
