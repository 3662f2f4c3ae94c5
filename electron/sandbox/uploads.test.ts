import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from './index';
import type { SandboxHandle } from './index';
import { getToken, upload } from './test-support';
import type { ProblemJson } from './test-support';

const receivedAt = '2030-05-06T07:08:09.000Z';
let sandbox: SandboxHandle;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => Date.parse(receivedAt) });
  token = await getToken(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.resetCounters());

async function detail(response: Response): Promise<string> {
  expect(response.status).toBe(400);
  const problem = (await response.json()) as ProblemJson;
  expect(problem.Title).toBe('BadRequest');
  expect(problem.Instance).toBe('/api/v1/responsevariables');
  return problem.Detail;
}

async function zipOf(files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const goodCsv =
  'ID Transacional,DeviceId,Resultado\r\ntx-1,dev-00000000000000000001,Suspeito\r\ntx-2,dev-00000000000000000002,Device Positivado\r\n';

describe('response variable uploads', () => {
  it('accepts a comma CSV and keeps its rows', async () => {
    const response = await upload(sandbox.url, token, 'outcomes.csv', goodCsv);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ message: 'File received.', rows: 2 });
    expect(sandbox.uploads()).toEqual([
      {
        fileName: 'outcomes.csv',
        kind: 'csv',
        bytes: Buffer.byteLength(goodCsv),
        receivedAt,
        rows: [
          { transactionId: 'tx-1', deviceId: 'dev-00000000000000000001', outcome: 'Suspeito' },
          {
            transactionId: 'tx-2',
            deviceId: 'dev-00000000000000000002',
            outcome: 'Device Positivado',
          },
        ],
      },
    ]);
    expect(sandbox.counters()).toMatchObject({ uploads: 1, uploadsByStatus: { 200: 1 } });
  });

  it('accepts a semicolon CSV with a BOM, quotes, accents and columns in another order', async () => {
    const csv =
      '\ufeff Resultado ;"ID Transacional";DeviceId \n' +
      '"Fraude Confirmada";"tx;1, with ""quotes"", São Paulo";dev-00000000000000000010\n' +
      'Suspeito;"multi\nline";"dev-00000000000000000011"\n';
    const response = await upload(sandbox.url, token, 'Relatório São Paulo.CSV', csv);
    expect(response.status).toBe(200);
    const [received] = sandbox.uploads();
    expect(received?.fileName).toBe('Relatório São Paulo.CSV');
    expect(received?.rows).toEqual([
      {
        transactionId: 'tx;1, with "quotes", São Paulo',
        deviceId: 'dev-00000000000000000010',
        outcome: 'Fraude Confirmada',
      },
      { transactionId: 'multi\nline', deviceId: 'dev-00000000000000000011', outcome: 'Suspeito' },
    ]);
  });

  it('accepts a zip whose CSVs sit in any folder, ignoring other entries', async () => {
    const data = await zipOf({
      'a.csv': goodCsv,
      'nested/deeper/b.csv':
        'ID Transacional;DeviceId;Resultado\ntx-3;dev-00000000000000000003;Fraude Confirmada\n',
      'readme.txt': 'not data',
      '__MACOSX/._a.csv': 'resource fork',
    });
    const response = await upload(sandbox.url, token, 'batch.zip', data);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'File received.', rows: 3 });
    const [received] = sandbox.uploads();
    expect(received).toMatchObject({ fileName: 'batch.zip', kind: 'zip', bytes: data.length });
    expect(received?.rows.map((row) => row.transactionId)).toEqual(['tx-1', 'tx-2', 'tx-3']);
  });

  it('refuses a request without the file part', async () => {
    const response = await upload(sandbox.url, token, 'outcomes.csv', goodCsv, 'document');
    expect(await detail(response)).toBe('The file field is required.');
  });

  it('refuses a body that is not multipart', async () => {
    const response = await fetch(`${sandbox.url}/api/v1/responsevariables`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
      body: goodCsv,
    });
    expect(await detail(response)).toBe('The request must be multipart/form-data with a boundary.');
  });

  it('refuses a wrong extension and an empty file', async () => {
    expect(await detail(await upload(sandbox.url, token, 'outcomes.xlsx', goodCsv))).toBe(
      'The file must have the extension .csv or .zip.',
    );
    expect(await detail(await upload(sandbox.url, token, 'outcomes.csv', ''))).toBe(
      'The file is empty.',
    );
    expect(await detail(await upload(sandbox.url, token, 'outcomes.txt', ''))).toBe(
      'The file must have the extension .csv or .zip. | The file is empty.',
    );
  });

  it('names every bad row with its line number', async () => {
    const csv =
      'ID Transacional,DeviceId,Resultado\n' +
      'tx-1,dev-00000000000000000001,Suspeito\n' +
      'tx-2,dev-00000000000000000002,Fraude\n' +
      '"tx\n3",dev-00000000000000000003,suspeito\n' +
      ',dev-00000000000000000004,Suspeito\n' +
      'tx-5,,Suspeito\n' +
      'tx-6,dev-00000000000000000006\n' +
      'tx-7,dev-7,Suspeito\n' +
      'tx-8,DEV-00000000000000000008,Suspeito\n';
    expect(await detail(await upload(sandbox.url, token, 'bad.csv', csv))).toBe(
      [
        "Line 3: Resultado 'Fraude' is not an allowed value.",
        "Line 4: Resultado 'suspeito' is not an allowed value.",
        'Line 6: ID Transacional is empty.',
        'Line 7: DeviceId is empty.',
        'Line 8: expected 3 values but found 2.',
        "Line 9: DeviceId 'dev-7' is not a device this service identified.",
        "Line 10: DeviceId 'DEV-00000000000000000008' is not a device this service identified.",
      ].join(' | '),
    );
    expect(sandbox.uploads()).toEqual([]);
    expect(sandbox.counters().uploadsByStatus).toEqual({ 400: 1 });
  });

  it('refuses a wrong header and a file without data rows', async () => {
    expect(
      await detail(
        await upload(sandbox.url, token, 'h.csv', 'ID,DeviceId,Resultado,Extra\n1,2,Suspeito,x\n'),
      ),
    ).toBe(
      "The column 'ID Transacional' is missing. | The column 'ID' is not allowed. | The column 'Extra' is not allowed.",
    );
    expect(
      await detail(
        await upload(sandbox.url, token, 'h.csv', 'ID Transacional,DeviceId,Resultado\r\n\r\n'),
      ),
    ).toBe('The file has no data rows.');
  });

  it('prefixes zip messages with the entry name', async () => {
    const data = await zipOf({
      'in/bad.csv': 'ID Transacional,DeviceId,Resultado\ntx,dev,Talvez\n',
    });
    expect(await detail(await upload(sandbox.url, token, 'b.zip', data))).toBe(
      "in/bad.csv: Line 2: Resultado 'Talvez' is not an allowed value.",
    );
  });

  it('refuses a zip without CSVs and a file that is not a zip', async () => {
    const data = await zipOf({ 'notes.txt': 'hello' });
    expect(await detail(await upload(sandbox.url, token, 'n.zip', data))).toBe(
      'The zip file contains no .csv file.',
    );
    expect(await detail(await upload(sandbox.url, token, 'n.zip', goodCsv))).toBe(
      'The zip file is invalid.',
    );
  });

  it('refuses a zip whose content no longer matches its CRC-32, and keeps nothing', async () => {
    const zip = new JSZip();
    zip.file('variaveis.csv', goodCsv);
    const data = Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'STORE' }));
    // Changed in place, as a damaged disk or transfer would: the stored CRC-32 stays the old one.
    const at = data.indexOf('tx-1');
    data.write('tx-9', at);
    expect(await detail(await upload(sandbox.url, token, 'damaged.zip', data))).toBe(
      'The zip file is invalid.',
    );
    expect(sandbox.uploads()).toEqual([]);
  });

  it('refuses a zip that declares more than 50 MB uncompressed', async () => {
    const data = Buffer.from(await zipOf({ 'a.csv': goodCsv }));
    // Rewrite the declared uncompressed size in the central directory to 60 MB.
    const central = data.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    data.writeUInt32LE(60 * 1024 * 1024, central + 24);
    expect(await detail(await upload(sandbox.url, token, 'bomb.zip', data))).toBe(
      'The zip file expands to more than 50 MB.',
    );
  });

  it('refuses a zip with more than 100 entries', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i <= 100; i += 1) files[`f${i}.csv`] = goodCsv;
    expect(await detail(await upload(sandbox.url, token, 'many.zip', await zipOf(files)))).toBe(
      'The zip file has more than 100 entries.',
    );
  });

  it('refuses a file over 20 MB, and takes one of 20 MB exactly with the form around it', async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1).fill(0x41);
    expect(await detail(await upload(sandbox.url, token, 'big.csv', big))).toBe(
      'The file is too large.',
    );
    // The app sends files up to 20 MB: the limit is the file's, not the request's (which adds
    // the multipart form's lines). A file of 20 MB exactly was refused as too large.
    const header = 'ID Transacional,DeviceId,Resultado\r\n';
    const line = `A,dev-0123456789abcdef0123,Suspeito\r\n`;
    let text = header;
    for (let n = 0; text.length + line.length + 8 <= 20 * 1024 * 1024; n += 1)
      text += line.replace('A,', `A${String(n).padStart(7, '0')},`);
    const exact = Buffer.concat([
      Buffer.from(text),
      Buffer.alloc(20 * 1024 * 1024 - text.length, 0x0a),
    ]);
    expect(exact.length).toBe(20 * 1024 * 1024);
    expect((await upload(sandbox.url, token, 'exact.csv', exact)).status).toBe(200);
  });

  it('answers 401 without a token and 404 on the wrong version', async () => {
    const response = await upload(sandbox.url, undefined, 'outcomes.csv', goodCsv);
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('');
    const form = new FormData();
    form.append('file', new Blob([goodCsv]), 'outcomes.csv');
    const wrong = await fetch(`${sandbox.url}/api/v2/responsevariables`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(wrong.status).toBe(404);
    const testPath = await fetch(`${sandbox.url}/api/products/v1/responsevariables`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(testPath.status).toBe(200);
    expect(sandbox.counters()).toMatchObject({
      uploads: 2,
      unauthorized: 1,
      uploadsByStatus: { 401: 1, 200: 1 },
    });
  });
});
