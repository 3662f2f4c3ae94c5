import { describe, expect, it } from 'vitest';
import { parseResponseVariables } from './csv';

const header = 'ID Transacional,DeviceId,Resultado';

function parse(text: string): ReturnType<typeof parseResponseVariables> {
  return parseResponseVariables(Buffer.from(text, 'utf8'));
}

describe('response variable CSV', () => {
  it('reads CRLF, LF and a missing final line break alike', () => {
    const expected = {
      ok: true,
      rows: [{ transactionId: 'a', deviceId: 'b', outcome: 'Suspeito' }],
    };
    expect(parse(`${header}\r\na,b,Suspeito\r\n`)).toEqual(expected);
    expect(parse(`${header}\na,b,Suspeito`)).toEqual(expected);
    expect(parse(`\ufeff${header}\n\n a , b ,Suspeito\n\n`)).toEqual(expected);
  });

  it('picks the separator the header uses most', () => {
    const rows = parse('"ID Transacional";"DeviceId";"Resultado"\n"a,1";b;Device Positivado\n');
    expect(rows).toEqual({
      ok: true,
      rows: [{ transactionId: 'a,1', deviceId: 'b', outcome: 'Device Positivado' }],
    });
  });

  it('counts physical lines, quoted line breaks included', () => {
    const text = `${header}\n"a\nb\nc",d,Suspeito\nx,y,Nada\n`;
    expect(parse(text)).toEqual({
      ok: false,
      messages: ["Line 5: Resultado 'Nada' is not an allowed value."],
    });
  });

  it('refuses an unterminated quote and text after a closing quote', () => {
    expect(parse(`${header}\n"a,b,Suspeito\n`)).toEqual({
      ok: false,
      messages: ['Line 2: a quoted value is not closed.'],
    });
    expect(parse(`${header}\n"a"x,b,Suspeito\n`)).toEqual({
      ok: false,
      messages: ['Line 2: a quoted value must be followed by a separator or a line end.'],
    });
  });

  it('refuses invalid UTF-8, an empty text and repeated columns', () => {
    expect(parseResponseVariables(Buffer.from([0x49, 0x44, 0xff, 0x0a]))).toEqual({
      ok: false,
      messages: ['The file is not valid UTF-8.'],
    });
    expect(parse('\ufeff\r\n')).toEqual({ ok: false, messages: ['The file has no header row.'] });
    expect(parse(`${header},DeviceId\n1,2,Suspeito,3\n`)).toEqual({
      ok: false,
      messages: ["The column 'DeviceId' is repeated."],
    });
  });

  it('treats a trailing separator as one more empty value', () => {
    expect(parse(`${header}\na,b,Suspeito,\n`)).toEqual({
      ok: false,
      messages: ['Line 2: expected 3 values but found 4.'],
    });
  });

  it('caps the messages at 100 and says how many more there were', () => {
    const rows = Array.from({ length: 130 }, (_, i) => `t${i},d,Talvez`).join('\n');
    const result = parse(`${header}\n${rows}\n`);
    expect(result.ok).toBe(false);
    const messages = result.ok ? [] : result.messages;
    expect(messages).toHaveLength(101);
    expect(messages[99]).toBe("Line 101: Resultado 'Talvez' is not an allowed value.");
    expect(messages[100]).toBe('And 30 more bad rows.');
  });
});
