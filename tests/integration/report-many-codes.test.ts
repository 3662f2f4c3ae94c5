/**
 * A history whose answers carry thousands of insight codes, as a service with a long code list
 * gives them: the window's `report.get`, the saved page and `dcdesk report` list the codes with
 * most rows and say how many they leave out; `--json` and `--all-codes` keep every code.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { reportHandlers } from '../../electron/core/handlers/report.handlers';
import { reviewService } from '../../electron/core/review/review-service';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';
import { sandboxAnswer } from '../../electron/sandbox';
import type { ReportView } from '../../shared/contract/report';
import { parseInsightResult } from '../../shared/domain/insight';
import { smallCount } from '../../shared/report/breakdowns';
import { codeLimit } from '../../shared/report/code-limit';
import { defaultSettings } from '../../shared/settings';
import { sourceRows } from '../support/bulk';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { tempHistory } from '../support/history';

const size = 1600;
let history: Awaited<ReturnType<typeof tempHistory>>;
let batchId = '';
const work = tempDir('dcdesk-many-codes-');

/** One of 40 common codes (about 38 answered rows each) and 7 rare ones from a pool of 50,000. */
const codesOf = (seq: number) => [
  `COMMON${String(seq % 40).padStart(2, '0')}`,
  ...Array.from({ length: 7 }, (_, k) => `RARE${String((seq * 7919 + k * 104_729) % 50_000)}`),
];

beforeAll(async () => {
  history = await tempHistory();
  const batch = createBatch(history.db, {
    sourceName: 'muitos-codigos.csv',
    sourceSha256: 'a'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(size),
  });
  batchId = batch.id;
  const rows = rowsRepo(history.db);
  const fraud: Array<{ batchId: string; seq: number }> = [];
  const results = rows.claim(batch.id, size, batch.createdAt).map((row): RowResult => {
    const answer = sandboxAnswer(row.request);
    const parsed = answer.status === 200 ? parseInsightResult(answer.body) : null;
    const result = parsed?.ok ? { ...parsed.value, insights: codesOf(row.seq) } : null;
    if (result?.deviceID && row.seq % 9 === 0) fraud.push({ batchId, seq: row.seq });
    return {
      seq: row.seq,
      status: answer.status === 200 ? 'ok' : 'no_content',
      httpStatus: answer.status,
      errorCode: null,
      result,
      messages: [],
      attempts: 1,
      durationMs: 5,
    };
  });
  rows.complete(batch.id, results, new Date().toISOString());
  reviewService(history.db).set(fraud, 'Fraude Confirmada');
}, 60_000);
afterAll(() => {
  history.close();
  work.remove();
});

const handlers = () =>
  reportHandlers({ db: history.db, settings: () => defaultSettings }, undefined);
const labels = { suspeito: 'fraud', unreviewed: 'legit' } as const;
const cli = (...args: string[]) => dcdesk([...args, '--data-dir', history.dir]);

/** Every code, as `dcdesk report --json` gives them. */
async function everyCode(): Promise<ReportView['insightCodes']> {
  const run = await cli('report', '--batch', batchId, '--json');
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as ReportView).insightCodes;
}

describe('a report over thousands of insight codes', () => {
  it('sends the window the codes with most rows, their numbers unchanged, in a small answer', async () => {
    const all = await everyCode();
    expect(all.length).toBeGreaterThan(8_000);
    const answer = await handlers()['report.get']({ batchId, ...labels });
    if (!answer.ok) throw new Error(answer.error.message);
    // The answer held every code (10 MB for 92,035 codes), and the window drew a row for each.
    expect(JSON.stringify(answer.value).length).toBeLessThan(60_000);
    expect(answer.value.insightCodes).toHaveLength(codeLimit);
    const names = new Set(answer.value.insightCodes.map((code) => code.code));
    expect(answer.value.insightCodes).toEqual(all.filter((code) => names.has(code.code)));
    expect([...names].every((name) => name.startsWith('COMMON'))).toBe(true);
    expect(answer.value.insightCodesNotShown).toEqual({
      codes: all.length - codeLimit,
      fewRows: all.filter((code) => code.rows < smallCount).length,
    });
  });

  it('saves the page the window shows: the same codes and the line on the rest', async () => {
    const shown = await handlers()['report.get']({ batchId, ...labels });
    if (!shown.ok) throw new Error(shown.error.message);
    const saved = await handlers()['report.export']({
      batchId,
      ...labels,
      format: 'html',
      locale: 'pt-BR',
      figuresId: shown.value.figuresId,
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const html = Buffer.from(saved.value.base64, 'base64').toString('utf8');
    expect(html.length).toBeLessThan(200_000);
    expect(html).not.toContain('RARE');
    expect(html).toMatch(/códigos de insight a mais não aparecem/);
  });

  it('saves every code as CSV for the window, with the numbers of the figures on screen', async () => {
    const all = await everyCode();
    const shown = await handlers()['report.get']({ batchId, ...labels });
    if (!shown.ok) throw new Error(shown.error.message);
    const saved = await handlers()['report.export']({
      batchId,
      ...labels,
      format: 'csv',
      locale: 'en-US',
      figuresId: shown.value.figuresId,
    });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.fileName).toMatch(/^report-codes-sandbox-.+\.csv$/);
    const lines = Buffer.from(saved.value.base64, 'base64').toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '\ufeffInsight code,Rows,Fraud,Fraud rate,Lift,Interval 95% low (Wilson),Interval 95% high (Wilson)',
    );
    expect(lines.slice(1, -1)).toHaveLength(all.length);
    const [first] = all;
    if (!first) throw new Error('No code.');
    expect(lines[1]).toBe(
      [
        first.code,
        first.rows,
        first.fraud,
        first.fraudRate,
        first.lift,
        ...(first.interval ?? []),
      ].join(','),
    );
    // Figures the screen never showed are refused, as for the page.
    const stale = await handlers()['report.export']({
      batchId,
      ...labels,
      format: 'csv',
      locale: 'en-US',
      figuresId: '0'.repeat(64),
    });
    expect(stale.ok ? null : stale.error.code).toBe('stale');
  });

  it('dcdesk report: the text lists the codes with most rows and says how to see every one', async () => {
    const all = await everyCode();
    const text = await cli('report', '--batch', batchId);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      `${(all.length - codeLimit).toLocaleString('en-US')} more insight codes are not shown`,
    );
    expect(text.stdout).toContain('--all-codes');
    expect(text.stdout.match(/^ {2}COMMON\d\d /gmu)).toHaveLength(codeLimit);
    expect(text.stdout).not.toContain('RARE');
    const every = await cli('report', '--batch', batchId, '--all-codes');
    expect(every.stdout.match(/^ {2}(COMMON|RARE)\d+ /gmu)).toHaveLength(all.length);
    expect(every.stdout).not.toContain('not shown');
  });

  it('dcdesk report --html: the codes with most rows, or every code with --all-codes', async () => {
    const all = await everyCode();
    const page = await cli('report', '--batch', batchId, '--html', work.file('top.html'));
    expect(page.code, page.stderr).toBe(0);
    const top = readFileSync(work.file('top.html'), 'utf8');
    expect(top).not.toContain('RARE');
    expect(top).toContain('more insight codes are not shown');
    const whole = await cli(
      'report',
      '--batch',
      batchId,
      '--html',
      work.file('all.html'),
      '--all-codes',
    );
    expect(whole.code, whole.stderr).toBe(0);
    const every = readFileSync(work.file('all.html'), 'utf8');
    expect(every.match(/<th scope="row">(COMMON|RARE)\d+/gu)).toHaveLength(all.length);
    expect(every).not.toContain('not shown');
  });
});
