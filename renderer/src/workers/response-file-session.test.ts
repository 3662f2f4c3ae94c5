import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { handleResponseFileRequest, readChosenFile } from './response-file-session';
import type { ReadingStage, ResponseFileAnswer } from './response-file-protocol';

const bytesOf = (text: string) => new TextEncoder().encode(text);
/** The digest by Web Crypto on its own, as hex. */
const sha256 = async (bytes: Uint8Array) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes))).toString('hex');

describe('the response-file worker session', () => {
  it('sends the preview and the row count, not the rows, with the bytes as base64 and SHA-256', async () => {
    const csv = [
      'ID Transacional;DeviceId;Resultado',
      ...Array.from({ length: 30 }, (_, n) => `tx-00${n};dev-${n};Suspeito`),
    ].join('\r\n');
    const bytes = bytesOf(csv);
    const stages: ReadingStage[] = [];
    const file = await readChosenFile(bytes, 'respostas.csv', (stage) => stages.push(stage));
    expect(stages).toEqual(['rows', 'fingerprint', 'encoding']);
    expect(file).toMatchObject({
      name: 'respostas.csv',
      size: bytes.length,
      sha256: await sha256(bytes),
      base64: Buffer.from(bytes).toString('base64'),
      read: { ok: true, kind: 'csv', separator: ';', rows: 30 },
    });
    if (!file.read.ok) throw new Error('expected a good read');
    expect(file.read).not.toHaveProperty('rows.length');
    expect(file.read.preview.total).toBe(30);
    expect(file.read.preview.counts.Suspeito).toBe(30);
    expect(file.read.preview.firstRows).toHaveLength(10);
  });

  it('reads the one CSV of a zip, and hashes the zip as chosen', async () => {
    const zip = new JSZip();
    zip.file(
      'respostas.csv',
      'ID Transacional,DeviceId,Resultado\r\ntx-0001,dev-1,Device Positivado',
    );
    const bytes = await zip.generateAsync({ type: 'uint8array' });
    const file = await readChosenFile(bytes, 'RESPOSTAS.ZIP');
    expect(file.sha256).toBe(await sha256(bytes));
    expect(file.read).toMatchObject({ ok: true, kind: 'zip', separator: ',', rows: 1 });
  });

  it('sends the first 200 problems in the order of the file, and how many there are', async () => {
    const csv = [
      'ID Transacional,DeviceId,Resultado',
      ...Array.from({ length: 500 }, (_, n) => `tx-00${n},dev-${n},talvez`),
    ].join('\r\n');
    const file = await readChosenFile(bytesOf(csv), 'ruim.csv');
    if (file.read.ok) throw new Error('expected problems');
    expect(file.read.problemCount).toBe(500);
    expect(file.read.problems).toHaveLength(200);
    expect(file.read.problems[0]).toMatchObject({ code: 'invalid_outcome', line: 2 });
    expect(file.read.problems.at(-1)).toMatchObject({ line: 201 });
  });

  it('answers the stages, then the file; something thrown becomes a failed answer', async () => {
    const answers: ResponseFileAnswer[] = [];
    const bytes = bytesOf('ID Transacional,DeviceId,Resultado\r\ntx-0001,dev-1,Suspeito').buffer;
    await handleResponseFileRequest({ type: 'read', bytes, fileName: 'a.csv' }, (answer) =>
      answers.push(answer),
    );
    expect(answers.map((answer) => answer.type)).toEqual(['stage', 'stage', 'stage', 'read']);

    const failed: ResponseFileAnswer[] = [];
    await handleResponseFileRequest(
      { type: 'read', bytes, fileName: null as unknown as string },
      (answer) => failed.push(answer),
    );
    expect(failed.at(-1)).toMatchObject({ type: 'failed' });
  });
});
