import { describe, expect, it } from 'vitest';
import { parseResponseVariables } from './csv';

const header = 'ID Transacional,DeviceId,Resultado';
/** A DeviceId of the form the sandbox issues. */
const device = 'dev-0123456789abcdef0123';

function parse(text: string): ReturnType<typeof parseResponseVariables> {
  return parseResponseVariables(Buffer.from(text, 'utf8'));
}

describe('response variable CSV', () => {
  it('reads CRLF, LF and a missing final line break alike', () => {
    const expected = {
      ok: true,
      rows: [{ transactionId: 'a', deviceId: device, outcome: 'Suspeito' }],
    };
    expect(parse(`${header}\r\na,${device},Suspeito\r\n`)).toEqual(expected);
    expect(parse(`${header}\na,${device},Suspeito`)).toEqual(expected);
    expect(parse(`\ufeff${header}\n\n a , ${device} ,Suspeito\n\n`)).toEqual(expected);
  });

  it('picks the separator the header uses most', () => {
    const rows = parse(
      `"ID Transacional";"DeviceId";"Resultado"\n"a,1";${device};Device Positivado\n`,
    );
    expect(rows).toEqual({
      ok: true,
      rows: [{ transactionId: 'a,1', deviceId: device, outcome: 'Device Positivado' }],
    });
  });

  it('counts a separator at the very end once, and a CR alone in quotes as a line', () => {
    expect(parse(`${header}\r\nt1,${device},Suspeito,`)).toEqual({
      ok: false,
      messages: ['Line 2: expected 3 values but found 4.'],
    });
    expect(
      parse(`${header}\n"t\r1",${device},Suspeito\nx,${device},Suspeito\ny,${device},Nada\n`),
    ).toEqual({
      ok: false,
      messages: ["Line 5: Resultado 'Nada' is not an allowed value."],
    });
  });

  it('counts physical lines, quoted line breaks included', () => {
    const text = `${header}\n"a\nb\nc",${device},Suspeito\nx,${device},Nada\n`;
    expect(parse(text)).toEqual({
      ok: false,
      messages: ["Line 5: Resultado 'Nada' is not an allowed value."],
    });
  });

  it('refuses an unterminated quote and text after a closing quote', () => {
    expect(parse(`${header}\n"a,${device},Suspeito\n`)).toEqual({
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
    expect(parse(`${header}\na,${device},Suspeito,\n`)).toEqual({
      ok: false,
      messages: ['Line 2: expected 3 values but found 4.'],
    });
  });

  it('refuses DeviceIds the sandbox never issued, one message per line', () => {
    const text =
      `${header}\n` +
      `a,dev-1,Suspeito\n` +
      `b,${device.toUpperCase()},Suspeito\n` +
      `c,${device}0,Suspeito\n` +
      `d,dev-0123456789abcdef012g,Talvez\n` +
      `e,${device},Suspeito\n`;
    expect(parse(text)).toEqual({
      ok: false,
      messages: [
        "Line 2: DeviceId 'dev-1' is not a device this service identified.",
        "Line 3: DeviceId 'DEV-0123456789ABCDEF0123' is not a device this service identified.",
        "Line 4: DeviceId 'dev-0123456789abcdef01230' is not a device this service identified.",
        "Line 5: Resultado 'Talvez' is not an allowed value.",
      ],
    });
    const many = Array.from({ length: 120 }, (_, i) => `t${i},dev-${i},Suspeito`).join('\n');
    const capped = parse(`${header}\n${many}\n`);
    expect(capped.ok ? [] : capped.messages).toHaveLength(101);
    expect(capped.ok ? [] : capped.messages.at(-1)).toBe('And 20 more bad rows.');
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
