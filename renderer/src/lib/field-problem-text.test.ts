import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/translate';
import { describeProblem } from './field-problem-text';

const en = translate('en');
const pt = translate('pt-BR');

describe('describeProblem', () => {
  it('names the field and the rule in both languages', () => {
    const problem = { field: 'cpf', rule: 'check_digits' } as const;
    expect(describeProblem(en, problem)).toBe('CPF: check digits do not match');
    expect(describeProblem(pt, problem)).toBe('CPF: dígitos verificadores não conferem');
  });

  it('names the invisible characters an ID holds, which the cell cannot show', () => {
    const problem = { field: 'externalID', rule: 'format', found: 'U+200B' } as const;
    expect(describeProblem(en, problem)).toMatch(
      /^External ID: must not contain .* invisible characters \(such as a zero-width space or a soft hyphen\), nor U\+FFFD, .* \(found: U\+200B\)$/,
    );
    const lost = { field: 'externalID', rule: 'format', found: 'U+FFFD' } as const;
    expect(describeProblem(pt, lost)).toMatch(/nem U\+FFFD, .* \(encontrado: U\+FFFD\)$/);
    expect(describeProblem(pt, problem)).toMatch(
      /caracteres invisíveis .* \(encontrado: U\+200B\)$/,
    );
  });

  it('says how to mark the area code of a phone outside Brazil', () => {
    const problem = { field: 'phone', rule: 'area_code_unmarked' } as const;
    expect(describeProblem(en, problem)).toMatch(
      /^Phone: outside Brazil the area code cannot be told .* \+1 \(212\) 5555-1234, .* column$/,
    );
    expect(describeProblem(pt, problem)).toMatch(
      /^Telefone: fora do Brasil o código de área não se separa .* depois do DDI e de um espaço/,
    );
  });

  it('gives lengths in digits or characters, as a range or exactly', () => {
    expect(describeProblem(en, { field: 'sessionID', rule: 'length', min: 24, max: 64 })).toBe(
      'Session ID: must have 24 to 64 characters',
    );
    expect(describeProblem(pt, { field: 'phone.number', rule: 'length', min: 8, max: 9 })).toBe(
      'Número do telefone: deve ter de 8 a 9 dígitos',
    );
    expect(describeProblem(en, { field: 'cpf', rule: 'length', min: 11, max: 11 })).toBe(
      'CPF: must have 11 digits',
    );
  });

  it('says which merged cells a covered cell is part of, and where their value is', () => {
    const down = { field: 'sessionID', rule: 'merged_cell', cell: 'A3', range: 'A2:A3' } as const;
    expect(describeProblem(en, down)).toBe(
      'Session ID: the cell is empty — A3 is part of the merged cells A2:A3, whose value is on row 2; unmerge them in Excel and fill in each row',
    );
    expect(describeProblem(pt, down)).toBe(
      'ID da sessão: a célula está vazia — A3 faz parte das células mescladas A2:A3, cujo valor está na linha 2; desfaça a mesclagem no Excel e preencha cada linha',
    );
    const across = { field: 'cpf', rule: 'merged_cell', cell: 'C2', range: 'B2:C2' } as const;
    expect(describeProblem(en, across)).toBe(
      'CPF: the cell is empty — C2 is part of the merged cells B2:C2, whose value is in B2; unmerge them in Excel and fill in each cell',
    );
    expect(describeProblem(pt, across)).toBe(
      'CPF: a célula está vazia — C2 faz parte das células mescladas B2:C2, cujo valor está em B2; desfaça a mesclagem no Excel e preencha cada célula',
    );
  });

  it("says an ID cell is a date as ISO, when Excel shows it in the computer's date style", () => {
    const problem = { field: 'externalID', rule: 'date_cell', shown: '2023-03-15' } as const;
    expect(describeProblem(en, problem)).toBe(
      'External ID: the cell is a date (2023-03-15), not an ID; format the column as Text in Excel and type the ID again',
    );
    expect(describeProblem(pt, problem)).toBe(
      'ID externo (pedido): a célula é uma data (2023-03-15), não um ID; formate a coluna como Texto no Excel e digite o ID de novo',
    );
  });

  it('says an ID cell is a date, with what Excel shows', () => {
    const problem = { field: 'externalID', rule: 'date_cell', shown: '15/03/2023' } as const;
    expect(describeProblem(en, problem)).toBe(
      'External ID: the cell is a date (Excel shows 15/03/2023), not an ID; format the column as Text in Excel and type the ID again',
    );
    expect(describeProblem(pt, problem)).toBe(
      'ID externo (pedido): a célula é uma data (o Excel mostra 15/03/2023), não um ID; formate a coluna como Texto no Excel e digite o ID de novo',
    );
  });

  it('says a cell holds a formula without its value, and how to have it computed', () => {
    const problem = { field: 'cpf', rule: 'formula_cell' } as const;
    expect(describeProblem(en, problem)).toBe(
      'CPF: the cell holds a formula saved without its value, so what Excel would show is not in the file; open the file in Excel or LibreOffice and save it, then import it again',
    );
    expect(describeProblem(pt, problem)).toBe(
      'CPF: a célula contém uma fórmula salva sem o valor, então o que o Excel mostraria não está no arquivo; abra o arquivo no Excel ou no LibreOffice e salve-o, depois importe-o de novo',
    );
  });

  it('covers every rule without falling back to a raw key', () => {
    const rules = [
      'required',
      'format',
      'repeated_digits',
      'phone_incomplete',
      'phone_non_geographic',
      'area_code',
      'area_code_unmarked',
      'length',
      'digits_lost',
      'cell_error',
      'merged_cell',
      'date_cell',
      'formula_cell',
    ] as const;
    const fields = [
      'sessionID',
      'externalID',
      'cpf',
      'email',
      'phone',
      'phone.countryCode',
      'zipCode',
    ] as const;
    for (const t of [en, pt]) {
      for (const field of fields) {
        for (const rule of rules) {
          expect(describeProblem(t, { field, rule })).not.toMatch(/import\.|\{/);
        }
      }
    }
  });
});
