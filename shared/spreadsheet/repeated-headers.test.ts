import { describe, expect, it } from 'vitest';
import { autoMapColumns } from './columns';
import { describeRepeatedHeader, repeatedHeaders } from './repeated-headers';

describe('repeatedHeaders', () => {
  it('names the columns that share the name of a mapped one, and the one used', () => {
    const headers = ['externalID', 'sessionID', 'CPF', 'E-mail', 'cpf ', 'CPF'];
    const repeated = repeatedHeaders(headers, autoMapColumns(headers));
    expect(repeated).toEqual([{ field: 'cpf', header: 'CPF', used: 2, others: [4, 5] }]);
    expect(describeRepeatedHeader(repeated[0]!)).toBe(
      "3 columns are named 'CPF' (C, E, F); column C was used for cpf.",
    );
  });

  it('says nothing when every mapped name is unique', () => {
    const headers = ['externalID', 'sessionID', 'CPF', 'CPF do titular'];
    expect(repeatedHeaders(headers, autoMapColumns(headers))).toEqual([]);
  });
});
