import { describe, expect, it } from 'vitest';
import { responseCsv } from './response-csv';
import type { ResponseVariableRow } from '../domain/types';

const row = (transactionId: string, deviceId: string): ResponseVariableRow => ({
  transactionId,
  deviceId,
  outcome: 'Suspeito',
});

describe('responseCsv', () => {
  it('writes the exact header, in order, and CRLF after every line', () => {
    expect(responseCsv([])).toBe('ID Transacional,DeviceId,Resultado\r\n');
    expect(
      responseCsv([
        { transactionId: 'A1', deviceId: 'dev-1', outcome: 'Fraude Confirmada' },
        { transactionId: 'A2', deviceId: 'dev-2', outcome: 'Device Positivado' },
      ]),
    ).toBe(
      'ID Transacional,DeviceId,Resultado\r\n' +
        'A1,dev-1,Fraude Confirmada\r\n' +
        'A2,dev-2,Device Positivado\r\n',
    );
  });

  it('separates with , by default and ; on request', () => {
    expect(responseCsv([row('A1', 'd')], ',')).toBe(
      'ID Transacional,DeviceId,Resultado\r\nA1,d,Suspeito\r\n',
    );
    expect(responseCsv([row('A1', 'd')], ';')).toBe(
      'ID Transacional;DeviceId;Resultado\r\nA1;d;Suspeito\r\n',
    );
  });

  it('quotes a field holding the separator, a quote, CR or LF, doubling quotes', () => {
    const body = (csv: string) => csv.split('\r\n').slice(1).join('\r\n');
    expect(body(responseCsv([row('a,b', 'c;d')], ','))).toBe('"a,b",c;d,Suspeito\r\n');
    expect(body(responseCsv([row('a,b', 'c;d')], ';'))).toBe('a,b;"c;d";Suspeito\r\n');
    expect(body(responseCsv([row('say "hi"', 'x')]))).toBe('"say ""hi""",x,Suspeito\r\n');
    expect(body(responseCsv([row('line\nbreak', 'cr\rhere')]))).toBe(
      '"line\nbreak","cr\rhere",Suspeito\r\n',
    );
    expect(body(responseCsv([row('"', 'x')]))).toBe('"""",x,Suspeito\r\n');
  });

  it('writes values exactly: spaces, accents, formula-like text', () => {
    const csv = responseCsv([row(' São Paulo ', '=1+1'), row('-5', '@x')]);
    expect(csv).toBe(
      'ID Transacional,DeviceId,Resultado\r\n São Paulo ,=1+1,Suspeito\r\n-5,@x,Suspeito\r\n',
    );
  });
});
