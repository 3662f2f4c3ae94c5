/**
 * `dcdesk bulk --output` to an XLSX when answers hold lists longer than an Excel cell (32,767
 * characters), run through the built dcdesk: the cells are cut where a device ends and marked,
 * the command says how many it cut and how to get everything, and a CSV holds every device.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputColumns } from '../../electron/core/bulk/output';
import { runBin } from '../support/cli';
import { tempDir } from '../support/files';

const devices = Array.from({ length: 3000 }, (_, n) => `dev-similar-${String(n).padStart(8, '0')}`);

const send = (response: ServerResponse, body: unknown) => {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};
/** A service whose every answer names three thousand similar devices. */
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.url?.endsWith('/authentication'))
      return send(response, { token: 'tok-long', expiresIn: 3600 });
    send(response, {
      deviceID: 'dev-main',
      insights: ['DEV0001'],
      alertQuantity: 1,
      deviceAge: 5,
      deviceRisk: 'high',
      score: 0.9,
      smartID: 'smart-1',
      similarityResult: {
        deviceID: 'dev-main',
        maximumScore: devices.map(() => 0.5),
        similarDevices: devices,
      },
    });
  });
});

let url = '';
const work = tempDir('dcdesk-long-cells-');
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const rows = ['externalID,sessionID'];
  for (const n of [1, 2])
    rows.push(`long-${String(n)}-order,sessao-${String(n).padStart(24, '0')}`);
  writeFileSync(work.file('in.csv'), rows.join('\n'));
});
afterAll(() => {
  server.close();
  work.remove();
});

const bulk = (output: string) =>
  runBin(['bulk', work.file('in.csv'), '--output', work.file(output), '--base-url', url], {
    DCDESK_USERNAME: 'analyst',
    DCDESK_PASSWORD: 'secret-password',
    DCDESK_DATA_DIR: work.file('data'),
  });

/** The similar-devices cells of a results file, the separator named for a CSV. */
function similarCells(file: string): string[] {
  const book = XLSX.read(readFileSync(work.file(file)), { type: 'buffer', raw: true, FS: ',' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? '']!, {
    header: 1,
  });
  return rows.slice(1).map((row) => String(row[outputColumns.indexOf('similarDevices')]));
}

describe('dcdesk bulk --output with lists longer than an Excel cell', () => {
  it('cuts them in an XLSX where a device ends, marked, and says how many it cut', async () => {
    const done = await bulk('out.xlsx');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toMatch(
      /dcdesk: warning: 2 cells of \S*out\.xlsx were longer than the 32,767 characters an Excel cell holds/,
    );
    expect(done.stderr).toMatch(
      /write the results as CSV: dcdesk bulk --resume \S+ --output FILE\.csv/,
    );
    const cells = similarCells('out.xlsx');
    expect(cells).toHaveLength(2);
    for (const cell of cells) {
      const mark = / … \((\d+) more, see the CSV export\)$/.exec(cell);
      const kept = cell.slice(0, mark?.index).split(' | ');
      expect(kept).toEqual(devices.slice(0, kept.length));
      expect(Number(mark?.[1])).toBe(devices.length - kept.length);
    }
  });

  it('writes every device to a CSV, with no warning', async () => {
    const done = await bulk('out.csv');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).not.toContain('32,767');
    expect(similarCells('out.csv')).toEqual([devices.join(' | '), devices.join(' | ')]);
  });
});
