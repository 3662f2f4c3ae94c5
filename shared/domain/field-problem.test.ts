import { describe, it, expect } from 'vitest';
import { describeFieldProblem, ruleOf, transactionLimits } from './field-problem';

describe('transactionLimits', () => {
  it('holds the lengths of spec section 8', () => {
    expect(transactionLimits).toEqual({
      sessionID: { min: 24, max: 64 },
      externalID: { min: 6, max: 64 },
      cpf: { min: 11, max: 11 },
      email: { min: 10, max: 256 },
      zipCode: { min: 8, max: 11 },
      'phone.countryCode': { min: 1, max: 3 },
      'phone.cityCode': { min: 2, max: 3 },
      'phone.number': { min: 8, max: 9 },
    });
  });
});

describe('describeFieldProblem', () => {
  it('names the field and the rule', () => {
    expect(describeFieldProblem({ field: 'cpf', rule: 'check_digits' })).toBe(
      'CPF: the check digits do not match.',
    );
    expect(describeFieldProblem({ field: 'sessionID', rule: 'length', min: 24, max: 64 })).toBe(
      'Session ID: must be 24 to 64 characters.',
    );
    expect(describeFieldProblem({ field: 'externalID', rule: 'required' })).toBe(
      'External ID: a value is required.',
    );
    expect(describeFieldProblem({ field: 'cpf', rule: 'repeated_digits' })).toBe(
      'CPF: a sequence of one repeated digit is not a valid number.',
    );
    expect(describeFieldProblem({ field: 'phone', rule: 'phone_incomplete' })).toBe(
      'Phone: an area code (DDD) is needed with the number.',
    );
    expect(describeFieldProblem({ field: 'phone', rule: 'phone_non_geographic' })).toMatch(
      /^Phone: a non-geographic number \(0800, 0300, 4004 and the like\) has no area code/,
    );
    expect(describeFieldProblem({ field: 'phone.cityCode', rule: 'area_code' })).toBe(
      'Phone area code: not a Brazilian area code (DDD): they run from 11 to 99, and none starts with 0.',
    );
    expect(describeFieldProblem({ field: 'phone', rule: 'area_code_unmarked' })).toBe(
      'Phone: outside Brazil the area code cannot be told from the number by counting digits; write it in parentheses, as in +1 (212) 5555-1234, after the country code and a space, as in +1 212 5555-1234, or separately (an area code column, or --city-code).',
    );
    expect(describeFieldProblem({ field: 'externalID', rule: 'digits_lost' })).toMatch(
      /^External ID: the cell is a number of more than 15 digits, and Excel keeps only 15.* Format the column as Text in Excel/,
    );
    expect(describeFieldProblem({ field: 'email', rule: 'cell_error' })).toBe(
      'E-mail: the cell holds an Excel error (such as #N/A or #NAME?), not a value. Fix the formula or type the value in Excel, then import the file again.',
    );
    expect(describeFieldProblem({ field: 'email', rule: 'format' })).toBe(
      'E-mail: is not a valid e-mail address.',
    );
  });

  it('counts digits for numeric fields and says "N digits" for a fixed length', () => {
    expect(describeFieldProblem({ field: 'cpf', rule: 'length', min: 11, max: 11 })).toBe(
      'CPF: must be 11 digits.',
    );
    expect(describeFieldProblem({ field: 'phone.number', rule: 'length', min: 8, max: 9 })).toBe(
      'Phone number: must be 8 to 9 digits.',
    );
    expect(describeFieldProblem({ field: 'zipCode', rule: 'length' })).toBe(
      'ZIP code: has the wrong length.',
    );
  });
});

describe('a cell covered by merged cells', () => {
  it('says where the value is and what to do, down rows or across columns', () => {
    expect(
      describeFieldProblem({ field: 'sessionID', rule: 'merged_cell', cell: 'A3', range: 'A2:A3' }),
    ).toBe(
      'Session ID: the cell is empty — A3 is part of the merged cells A2:A3, whose value is on row 2; unmerge them in Excel and fill in each row.',
    );
    expect(
      describeFieldProblem({ field: 'cpf', rule: 'merged_cell', cell: 'C2', range: 'B2:C2' }),
    ).toBe(
      'CPF: the cell is empty — C2 is part of the merged cells B2:C2, whose value is in B2; unmerge them in Excel and fill in each cell.',
    );
  });

  it('is counted by rule, without the cells of one row', () => {
    const problem = { field: 'email', rule: 'merged_cell', cell: 'D3', range: 'D2:D3' } as const;
    expect(ruleOf(problem)).toEqual({ field: 'email', rule: 'merged_cell' });
    expect(describeFieldProblem(ruleOf(problem))).toBe(
      'E-mail: the cell is empty — it is part of merged cells whose value is on another row or column; unmerge them in Excel and fill in each cell.',
    );
  });
});

describe('what was found in an ID', () => {
  const problem = { field: 'externalID', rule: 'format', found: 'U+200B, U+00AD' } as const;

  it('is named after the rule, since it cannot be seen in the cell', () => {
    expect(describeFieldProblem(problem)).toBe(
      'External ID: must not contain control characters (such as tab, NUL or ESC), direction marks or invisible characters (such as a zero-width space or a soft hyphen), nor U+FFFD, a character lost when the file was decoded. Found: U+200B, U+00AD.',
    );
  });

  it('is left out when problems are counted by rule over many rows', () => {
    expect(ruleOf(problem)).toEqual({ field: 'externalID', rule: 'format' });
    const plain = { field: 'cpf', rule: 'check_digits' } as const;
    expect(ruleOf(plain)).toBe(plain);
  });
});

describe('an ID cell shown as a date', () => {
  it('says what Excel shows when the file says it, and the ISO date alone when it does not', () => {
    expect(
      describeFieldProblem({ field: 'externalID', rule: 'date_cell', shown: '15/03/2023' }),
    ).toMatch(/^External ID: the cell is a date \(Excel shows 15\/03\/2023\), not an ID\./);
    expect(
      describeFieldProblem({ field: 'externalID', rule: 'date_cell', shown: '2023-03-15' }),
    ).toMatch(/^External ID: the cell is a date \(2023-03-15\), not an ID\./);
  });
});
