import { readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-cli-headers-');
afterAll(() => work.remove());

describe('dcdesk bulk with repeated header names', () => {
  it('says which of the columns named alike it used, as the app shows', async () => {
    const t = sampleTransaction(7);
    writeFileSync(
      work.file('repeated.csv'),
      `Pedido,Sessão,CPF,CPF\r\n${t.externalID},${t.sessionID},,${t.cpf ?? ''}\r\n`,
    );
    const run = await dcdesk([
      'bulk',
      work.file('repeated.csv'),
      '--output',
      work.file('out.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.dir,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      "dcdesk: warning: 2 columns are named 'CPF' (C, D); column C was used for cpf.",
    );
  });
});

describe('dcdesk bulk with two columns that could each be one field', () => {
  /** What each row sent, as stored in the history of `dir`, in row order. */
  function sentPhones(dir: string): Array<string | undefined> {
    const db = new Database(work.file(`${dir}/history.sqlite3`), { readonly: true });
    try {
      const rows = db
        .prepare('SELECT request_json FROM batch_rows ORDER BY source_row')
        .all() as Array<{ request_json: string }>;
      return rows.map((row) => {
        const phone = (
          JSON.parse(row.request_json) as { phone?: { cityCode: string; number: string } }
        ).phone;
        return phone && `${phone.cityCode} ${phone.number}`;
      });
    } finally {
      db.close();
    }
  }

  it('sends the mobile column over a Telefone on its left, and says so', async () => {
    const s = 'ssssssssssssssssssssssss';
    writeFileSync(
      work.file('phones.csv'),
      `Pedido;Sessão;Telefone;Celular\nPED-000001;${s}1;(11) 3456-7890;(11) 98765-4321\nPED-000002;${s}2;;(21) 99876-5432\n`,
    );
    const run = await dcdesk([
      'bulk',
      work.file('phones.csv'),
      '--output',
      work.file('phones.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.file('phones'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      "dcdesk: warning: 2 columns could hold phone (C 'Telefone', D 'Celular'); column D was used for phone.",
    );
    expect(run.stderr).toMatch(/dcdesk: warning: dcdesk bulk has no option to choose a column:/);
    expect(sentPhones('phones')).toEqual(['11 987654321', '21 998765432']);
  });

  it('names the ID and document columns it chose among differently named ones', async () => {
    const t = sampleTransaction(8);
    writeFileSync(
      work.file('ids.csv'),
      `Pedido,ID Transação,Sessão,Documento,CPF\r\n${t.externalID},other-id,${t.sessionID},,${t.cpf ?? ''}\r\n`,
    );
    const run = await dcdesk([
      'bulk',
      work.file('ids.csv'),
      '--output',
      work.file('ids.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.file('ids'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      "dcdesk: warning: 2 columns could hold externalID (A 'Pedido', B 'ID Transação'); column A was used for externalID.",
    );
    expect(run.stderr).toContain(
      "dcdesk: warning: 2 columns could hold cpf (D 'Documento', E 'CPF'); column D was used for cpf.",
    );
  });

  it('says nothing when each field has one column', async () => {
    const t = sampleTransaction(9);
    writeFileSync(
      work.file('plain.csv'),
      `Pedido,Sessão,CPF,Celular\r\n${t.externalID},${t.sessionID},${t.cpf ?? ''},\r\n`,
    );
    const run = await dcdesk([
      'bulk',
      work.file('plain.csv'),
      '--output',
      work.file('plain.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.file('plain'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/could hold|columns are named|choose a column/);
  });
});

describe('dcdesk outcomes import with repeated header names', () => {
  it('says which of the columns named alike it used', async () => {
    writeFileSync(
      work.file('outcomes.csv'),
      'ID Transacional,Resultado,Resultado\r\norder-1,,Suspeito\r\n',
    );
    const run = await dcdesk([
      'outcomes',
      'import',
      work.file('outcomes.csv'),
      '--dry-run',
      '--data-dir',
      work.dir,
    ]);
    expect(run.stderr).toContain(
      "dcdesk: warning: 2 columns are named 'Resultado' (B, C); column B was used for outcome.",
    );
  });
});

describe('cell text on the terminal', () => {
  it('reaches it escaped: an ESC sequence in a repeated ID cannot recolour the terminal', async () => {
    const [a, b] = [sampleTransaction(8), sampleTransaction(9)];
    const id = 'order-\u001b[41mRED\u001b[0m';
    // An xlsx: a CSV holding ESC is refused whole as binary, a workbook cell is not.
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Pedido', 'Sessão'],
        [id, a.sessionID],
        [id, b.sessionID],
      ]),
      'Pedidos',
    );
    writeFileSync(
      work.file('escape.xlsx'),
      XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    );
    const run = await dcdesk([
      'bulk',
      work.file('escape.xlsx'),
      '--output',
      work.file('escape.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.dir,
    ]);
    expect(run.stderr).not.toContain('\u001b');
    // And the rows are refused, each for its own reason, instead of being sent.
    expect(run.code, run.stderr).toBe(4); // finished, with rows invalid
    const records = JSON.parse(readFileSync(work.file('escape.json'), 'utf8')) as Array<{
      status: string;
      messages: string[];
    }>;
    expect(records.map((record) => record.status)).toEqual(['invalid', 'invalid']);
    expect(records[0]?.messages.join(' ')).toMatch(/External ID: .*control characters/);
    expect(run.stderr).toContain('external ID order-\\u001b[41mRED\\u001b[0m appears on rows 2, 3');
  });
});

describe('characters lost in decoding', () => {
  it('are named by cell, never replaced silently', async () => {
    const t = sampleTransaction(10);
    // Marked UTF-8, but "ã" saved as the Windows-1252 byte 0xE3: the decoder can only replace it.
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`Pedido,Sessão,Nome\r\n${t.externalID},${t.sessionID},Jo`),
      Buffer.from([0xe3]),
      Buffer.from('o\r\n'),
    ]);
    writeFileSync(work.file('broken.csv'), bytes);
    const run = await dcdesk([
      'bulk',
      work.file('broken.csv'),
      '--output',
      work.file('broken.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.dir,
    ]);
    expect(run.stderr).toContain(
      'dcdesk: warning: broken.csv: 1 cell (C2) holds a character that could not be decoded (U+FFFD',
    );
  });

  it('says an outcomes CSV that is not UTF-8 was read as Windows-1252', async () => {
    writeFileSync(
      work.file('resultados.csv'),
      Buffer.from('Pedido;Resultado\r\nPED-AÇÃO-1;Suspeito\r\n', 'latin1'),
    );
    const args = ['outcomes', 'import', work.file('resultados.csv'), '--dry-run'];
    const run = await dcdesk([...args, '--data-dir', work.dir]);
    expect(run.stderr).toContain(
      'dcdesk: warning: resultados.csv is not UTF-8; it was read as Windows-1252.',
    );
    // The counts stand in one column, whatever the length of their labels.
    const counts = run.stdout.split('\n').filter((line) => /^ {2}[a-z][a-z ,]+ +\d+$/.test(line));
    expect(counts.length).toBeGreaterThan(10);
    expect(new Set(counts.map((line) => line.search(/\d+$/))).size).toBe(1);
  });

  it('names the id columns it chose among differently named ones, and the flag to choose', async () => {
    writeFileSync(
      work.file('two-ids.csv'),
      'Pedido,ID Transacional,Resultado\r\norder-1,tx-1,Suspeito\r\n',
    );
    const args = ['outcomes', 'import', work.file('two-ids.csv'), '--dry-run'];
    const run = await dcdesk([...args, '--data-dir', work.dir]);
    expect(run.stderr).toContain(
      "dcdesk: warning: 2 columns could hold transactionId (A 'Pedido', B 'ID Transacional'); column A was used for transactionId.",
    );
    expect(run.stderr).toContain(
      'dcdesk: warning: to use another column, name its header with --id-column HEADER.',
    );
    const chosen = await dcdesk([
      ...args,
      '--id-column',
      'ID Transacional',
      '--data-dir',
      work.dir,
    ]);
    expect(chosen.stderr).not.toMatch(/could hold|--id-column/);
  });
});

describe('dcdesk bulk of a CSV that is not UTF-8', () => {
  it('reads Windows-1252 with ’ and — as Windows-1252, sending the IDs and e-mails typed', async () => {
    const t = sampleTransaction(11);
    const lines = [
      'externalID;sessionID;E-mail;Endereço',
      `PED-SÃO-0001;${t.sessionID};joão@exemplo.com.br;Rua D’Ávila — apto 3`,
      `PED-000002;${t.sessionID}2;cliente2@exemplo.com.br;Rua D’Ávila — apto 2`,
    ];
    // Windows-1252 by hand: Node's 'latin1' writes the same bytes for every letter here, and the
    // two punctuation marks are put in as their Windows-1252 bytes.
    const text = `${lines.join('\r\n')}\r\n`.replaceAll('’', '\u0092').replaceAll('—', '\u0097');
    writeFileSync(work.file('cp1252.csv'), Buffer.from(text, 'latin1'));
    const run = await dcdesk([
      'bulk',
      work.file('cp1252.csv'),
      '--output',
      work.file('cp1252.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.dir,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const output = readFileSync(work.file('cp1252.json'), 'utf8');
    expect(output).toContain('PED-SÃO-0001');
  });

  it('refuses a UTF-8 file holding a Windows-1252 byte, naming the line, and sends nothing', async () => {
    const t = sampleTransaction(12);
    const bytes = Buffer.concat([
      Buffer.from(`externalID;sessionID;Nome\nPED-AÇÃO-01;${t.sessionID};João\n`),
      Buffer.from(`PED-000002;${t.sessionID}2;M`),
      Buffer.from([0xe1]),
      Buffer.from('rcia\n'),
    ]);
    writeFileSync(work.file('mixed.csv'), bytes);
    const run = await dcdesk([
      'bulk',
      work.file('mixed.csv'),
      '--output',
      work.file('mixed.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.dir,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'mixed.csv: The file mixes two text encodings: line 2 is UTF-8, but line 3 holds a character',
    );
  });
});
