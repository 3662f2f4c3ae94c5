import { describe, it, expect } from 'vitest';
import { detectDelimiter, parseCsv, tableDelimiter } from './csv';
import { readCsv } from './csv-stream';
import { resolveLimits } from './limits';
import type { Cell } from './types';

/** The rows as plain text, `null` for empty cells, to compare at a glance. */
function texts(rows: Cell[][]): Array<Array<string | null>> {
  return rows.map((row) => row.map((cell) => cell?.text ?? null));
}

const limits = resolveLimits();

describe('detectDelimiter', () => {
  it('picks the delimiter most used in the header line', () => {
    expect(detectDelimiter('Pedido;CPF;E-mail\n1,5;2;3')).toBe(';');
    expect(detectDelimiter('Pedido,CPF,E-mail\n1;2;3;4;5;6')).toBe(',');
    expect(detectDelimiter('Pedido\tCPF\tE-mail,Telefone\n')).toBe('\t');
    expect(detectDelimiter('Pedido|CPF|E-mail\n')).toBe('|');
  });

  it('does not count delimiters inside quotes', () => {
    expect(detectDelimiter('"Nome, completo";"Cidade, UF";CPF\n')).toBe(';');
  });

  it('skips blank lines before the header', () => {
    expect(detectDelimiter('\r\n\r\nA;B;C\r\n')).toBe(';');
  });

  it('prefers ; on a tie and gives , for a single column', () => {
    expect(detectDelimiter('A;B,C\n')).toBe(';');
    expect(detectDelimiter('CPF\n123\n')).toBe(',');
  });
});

describe('tableDelimiter', () => {
  const table = ['Sessão;Pedido;CPF', 's-1;PED-1;123', 's-2;PED-2;456', 's-3;PED-3;789'];

  it('is not decided by a title line above the header, with or without a comma', () => {
    expect(tableDelimiter(['Relatório de pedidos', ...table].join('\r\n'))).toBe(';');
    const title = 'Relatório de pedidos, gerado em 01/11/2026 10:00';
    expect(tableDelimiter([title, ...table].join('\r\n'))).toBe(';');
    expect(tableDelimiter([title, '', 'Filtro: todos, ativos', '', ...table].join('\n'))).toBe(';');
  });

  it('is not decided by a title with a comma above a table whose every row holds a decimal comma', () => {
    const title = 'Relatório de pedidos, gerado em 01/11/2026 10:00';
    const valued = ['Sessão;Pedido;Valor', 's-1;PED-1;1,50', 's-2;PED-2;2,75', 's-3;PED-3;10,00'];
    // As many lines agree on , (the title and the rows, in two) as on ; (header and rows, in three).
    expect(tableDelimiter([title, ...valued].join('\r\n'))).toBe(';');
    expect(tableDelimiter(valued.join('\n'))).toBe(';');
  });

  it('is not decided by a title of another delimiter above a comma table', () => {
    const comma = ['Relatório; novembro', 'Pedido,Sessão', 'PED-1,s-1', 'PED-2,s-2'].join('\n');
    expect(tableDelimiter(comma)).toBe(',');
  });

  it('keeps what detectDelimiter chose where the lines do not tell', () => {
    for (const text of [
      'Pedido;CPF;E-mail\n1,5;2;3',
      'Pedido,CPF,E-mail\n1;2;3;4;5;6',
      'Pedido\tCPF\tE-mail,Telefone\n',
      'Pedido|CPF|E-mail\n',
      '"Nome, completo";"Cidade, UF";CPF\n',
      '\r\n\r\nA;B;C\r\n',
      'A;B,C\n',
      'CPF\n123\n',
    ])
      expect(tableDelimiter(text), text).toBe(detectDelimiter(text));
  });

  it('counts a quoted line break as part of its line', () => {
    expect(tableDelimiter('Nome;Obs\n"A";"linha 1,\nlinha 2, 3"\nB;"x"\n')).toBe(';');
  });

  it('looks at the first 50 non-blank lines only', () => {
    const lines = [...Array<string>(50).fill('a,b'), ...Array<string>(60).fill('a;b;c')];
    expect(tableDelimiter(lines.join('\n'))).toBe(',');
  });
});

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes and newlines inside quotes', () => {
    const parsed = parseCsv('a,"b, c","say ""hi""","line 1\nline 2"\r\n1,2,3,4\r\n', ',');
    expect(texts(parsed.rows)).toEqual([
      ['a', 'b, c', 'say "hi"', 'line 1\nline 2'],
      ['1', '2', '3', '4'],
    ]);
    expect(parsed.records).toBe(2);
    expect(parsed.openQuoteRecord).toBeNull();
  });

  it('accepts CRLF, LF and CR line ends and ignores the trailing empty line', () => {
    expect(texts(parseCsv('a;b\r\nc;d\ne;f\rg;h\r\n', ';').rows)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    expect(texts(parseCsv('a;b', ';').rows)).toEqual([['a', 'b']]);
  });

  it('keeps every cell as written, leading zeros and decimal commas included', () => {
    const parsed = parseCsv('CPF;Valor;Data\n00123456789;1.234,56;01/02/2024\n', ';');
    expect(parsed.rows[1]).toEqual([
      // Digits only: the writing program may have held it as a number (see parseCsv).
      { text: '00123456789', numeric: true },
      { text: '1.234,56', numeric: false },
      { text: '01/02/2024', numeric: false },
    ]);
  });

  it('keeps blank lines in between as empty rows, so numbers match the sheet', () => {
    const parsed = parseCsv('h1;h2\n\n1;2\n;;\n\n', ';');
    expect(texts(parsed.rows)).toEqual([['h1', 'h2'], [], ['1', '2']]);
    expect(parsed.records).toBe(3);
  });

  it('turns empty fields into null and drops trailing empty fields', () => {
    expect(texts(parseCsv('a;;c;;\n', ';').rows)).toEqual([['a', null, 'c']]);
    expect(texts(parseCsv('"";x\n', ';').rows)).toEqual([[null, 'x']]);
  });

  it('is lenient like Excel with stray quotes', () => {
    expect(texts(parseCsv('ab"c;"d"e;f\n', ';').rows)).toEqual([['ab"c', 'de', 'f']]);
  });

  it('reads Excel\'s ="…" form as the text inside, as Excel shows it', () => {
    // Exports write ="0001234567" so that Excel keeps the leading zeros; the cell is text there.
    const parsed = parseCsv('="0001234567";"=""01234567890""";="a""b";=""\n', ';');
    expect(parsed.rows[0]).toEqual([
      { text: '0001234567', numeric: false },
      { text: '01234567890', numeric: false },
      { text: 'a"b', numeric: false },
    ]);
  });

  it('keeps anything else that starts with = as written', () => {
    const fields = ['=A1', '="a"&"b"', '="a" ', ' ="a"', '="a"b"', '="a', '\'="0001"', '=1'];
    expect(texts(parseCsv(`${fields.join('|')}\n`, '|').rows)).toEqual([fields]);
  });

  it('reports a quote that never closes', () => {
    const parsed = parseCsv('a;b\n1;"open\n2;3\n', ';');
    expect(parsed.openQuoteRecord).toBe(2);
  });

  it('counts rows past keepRows without keeping them', () => {
    const parsed = parseCsv('h\n1\n2\n3\n4\n\n', ',', 2);
    expect(texts(parsed.rows)).toEqual([['h'], ['1']]);
    expect(parsed.records).toBe(5);
  });

  it('gives nothing for empty text', () => {
    expect(parseCsv('', ',')).toEqual({ rows: [], records: 0, openQuoteRecord: null });
    expect(parseCsv('\r\n\r\n', ',').records).toBe(0);
  });
});

describe('readCsv', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('reports encoding and delimiter with the rows', () => {
    const read = readCsv(bytes('CPF\tPedido\n123\t9\n'), limits);
    expect(read.ok && read.value.delimiter).toBe('\t');
    expect(read.ok && read.value.encoding).toBe('utf-8');
    expect(read.ok && texts(read.value.rows)).toEqual([
      ['CPF', 'Pedido'],
      ['123', '9'],
    ]);
  });

  it('follows an Excel sep= line and does not count it as a row', () => {
    const read = readCsv(bytes('sep=|\r\nA,1|B;2\r\nx|y\r\n'), limits);
    expect(read.ok && read.value.delimiter).toBe('|');
    expect(read.ok && texts(read.value.rows)).toEqual([
      ['A,1', 'B;2'],
      ['x', 'y'],
    ]);
  });

  it('finds the delimiter of a table below a title line', () => {
    const read = readCsv(
      bytes('Relatório de pedidos, gerado em 01/11/2026 10:00\r\nSessão;Pedido\r\ns-1;PED-1\r\n'),
      limits,
    );
    expect(read.ok && read.value.delimiter).toBe(';');
    expect(read.ok && texts(read.value.rows)).toEqual([
      ['Relatório de pedidos, gerado em 01/11/2026 10:00'],
      ['Sessão', 'Pedido'],
      ['s-1', 'PED-1'],
    ]);
  });

  it('refuses a quote left open, naming the row', () => {
    const read = readCsv(bytes('a;b\n1;2\n3;"4\n5;6\n'), limits);
    expect(!read.ok && read.problem.code).toBe('corrupt');
    expect(!read.ok && read.problem.message).toMatch(
      /^A quoted field that starts in row 3 is never closed/,
    );
  });

  it('calls a file of blank lines empty', () => {
    const read = readCsv(bytes('\r\n\r\n'), limits);
    const message = 'The file holds only blank lines.';
    expect(!read.ok && read.problem).toEqual({ code: 'empty', message });
    const spaces = readCsv(bytes(' ; \r\n\t\r\n'), limits);
    expect(!spaces.ok && spaces.problem).toEqual({ code: 'empty', message });
  });

  it('applies the row limit to the rows after the header', () => {
    const few = resolveLimits({ maxRows: 3 });
    expect(readCsv(bytes('h\n1\n2\n3\n'), few).ok).toBe(true);
    const read = readCsv(bytes('h\n1\n2\n3\n4\n'), few);
    expect(!read.ok && read.problem).toMatchObject({ code: 'too_many_rows', found: 4, limit: 3 });
  });
});
