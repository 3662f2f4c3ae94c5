import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { reportHandlers } from '../../electron/core/handlers/report.handlers';
import type { PdfPrinter } from '../../electron/core/report/report-file';
import { reviewService } from '../../electron/core/review/review-service';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';
import { sandboxAnswer } from '../../electron/sandbox';
import { parseInsightResult } from '../../shared/domain/insight';
import type { InsightResult, ReviewOutcome } from '../../shared/domain/types';
import { scoreReport, type ReportCase } from '../../shared/report/report';
import { defaultSettings } from '../../shared/settings';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

const size = 400;
let history: Awaited<ReturnType<typeof tempHistory>>;
let batchId = '';
/** What each row was answered and how it was reviewed, as the test itself knows them. */
const known = new Map<number, { result: InsightResult | null; review: ReviewOutcome | null }>();

/** Every fifth row reviewed: fraud, Legítima or Suspeito in turn; the rest unreviewed. */
const reviewOf = (seq: number): ReviewOutcome | null =>
  seq % 5 !== 0
    ? null
    : ((['Fraude Confirmada', 'Legítima', 'Suspeito', 'Device Positivado'] as const)[
        (seq / 5) % 4
      ] ?? null);

function caseOf(entry: { result: InsightResult | null; review: ReviewOutcome | null }): ReportCase {
  return {
    score: entry.result?.score ?? null,
    risk: entry.result?.deviceRisk ?? null,
    insights: entry.result?.insights ?? [],
    alertQuantity: entry.result?.alertQuantity ?? null,
    deviceAge: entry.result?.deviceAge ?? null,
    review: entry.review,
  };
}

beforeAll(async () => {
  history = await tempHistory();
  const batch = createBatch(history.db, {
    sourceName: 'pedidos.csv',
    sourceSha256: 'c'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(size),
  });
  batchId = batch.id;
  const rows = rowsRepo(history.db);
  const claimed = rows.claim(batch.id, size, batch.createdAt);
  const results = claimed.map((row): RowResult => {
    const answer = sandboxAnswer(row.request);
    const parsed = answer.status === 200 ? parseInsightResult(answer.body) : null;
    const result = parsed?.ok ? parsed.value : null;
    known.set(row.seq, { result, review: result?.deviceID ? reviewOf(row.seq) : null });
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
  const review = reviewService(history.db);
  for (const [seq, entry] of known) {
    if (entry.review) review.set([{ batchId, seq }], entry.review);
  }
}, 60_000);
afterAll(() => history.close());

const handlers = () =>
  reportHandlers({ db: history.db, settings: () => defaultSettings }, undefined);

/** The figures the screen shows, as plain JSON. */
const figures = (report: object) => {
  const { labels, auc, aucInterval, averagePrecision, thresholds, riskLevels, insightCodes } =
    report as Record<string, unknown>;
  return JSON.parse(
    JSON.stringify({
      labels,
      auc,
      aucInterval,
      averagePrecision,
      thresholds,
      riskLevels,
      insightCodes,
    }),
  ) as unknown;
};

describe('report.get with the results filter', () => {
  it('covers only the rows the filter shows', async () => {
    const labels = { suspeito: 'fraud', unreviewed: 'legit' } as const;
    const filtered = await handlers()['report.get']({
      batchId,
      filter: { risks: ['high', 'medium'] },
      ...labels,
    });
    if (!filtered.ok) throw new Error(filtered.error.message);
    const expected = scoreReport(
      [...known.values()]
        .filter((entry) => ['high', 'medium'].includes(entry.result?.deviceRisk ?? ''))
        .map(caseOf),
      labels,
    );
    expect(figures(filtered.value)).toEqual(figures(expected));
    const whole = scoreReport([...known.values()].map(caseOf), labels);
    // The filter made a difference, and the whole batch is still there without it.
    expect(filtered.value.labels.negative).toBeLessThan(whole.labels.negative);
    const unfiltered = await handlers()['report.get']({ batchId, filter: {}, ...labels });
    if (!unfiltered.ok) throw new Error(unfiltered.error.message);
    expect(figures(unfiltered.value)).toEqual(figures(whole));
  });

  it('refuses a filter without a batch', async () => {
    const answer = await handlers()['report.get']({
      filter: { risks: ['high'] },
      suspeito: 'fraud',
      unreviewed: 'legit',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});

/** The digest of the figures the screen shows for `query` (report.get's `figuresId`). */
async function shownFigures(query: { batchId: string; suspeito: 'fraud'; unreviewed: 'legit' }) {
  const shown = await handlers()['report.get'](query);
  if (!shown.ok) throw new Error(shown.error.message);
  return shown.value.figuresId;
}

describe('report.export', () => {
  let browser: Browser | undefined;
  afterAll(async () => browser?.close());
  const query = { batchId: '', suspeito: 'fraud', unreviewed: 'legit' } as const;

  // The open screen kept its figures while outcomes changed, and Save recomputed: the file held
  // figures the analyst never saw. It is saved only while they are still the history's.
  it('saves only the figures the screen shows, refusing once outcomes changed them', async () => {
    const before = await shownFigures({ ...query, batchId });
    const seq = [...known].find(([, entry]) => entry.result?.score != null && !entry.review)?.[0];
    if (seq === undefined) throw new Error('No unreviewed row with a score.');
    const review = reviewService(history.db);
    review.set([{ batchId, seq }], 'Fraude Confirmada');
    try {
      const refused = await handlers()['report.export']({
        ...query,
        batchId,
        format: 'html',
        locale: 'en-US',
        figuresId: before,
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'stale' } });
      if (!refused.ok) expect(refused.error.message).toMatch(/changed since the screen showed/);
      const now = await shownFigures({ ...query, batchId });
      expect(now).not.toBe(before);
      const saved = await handlers()['report.export']({
        ...query,
        batchId,
        format: 'html',
        locale: 'en-US',
        figuresId: now,
      });
      expect(saved.ok).toBe(true);
    } finally {
      review.set([{ batchId, seq }], null);
    }
    expect(await shownFigures({ ...query, batchId })).toBe(before);
  });

  it('writes a self-contained HTML page in the chosen language', async () => {
    const answer = await handlers()['report.export']({
      batchId,
      format: 'html',
      locale: 'pt-BR',
      suspeito: 'fraud',
      unreviewed: 'legit',
      figuresId: await shownFigures({ ...query, batchId }),
    });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.fileName).toMatch(/^report-sandbox-.+\.html$/);
    expect(answer.value.mimeType).toBe('text/html');
    const page = Buffer.from(answer.value.base64, 'base64').toString('utf8');
    expect(page).toContain('lang="pt-BR"');
    expect(page).toContain(batchId);
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/(src|href)="https?:/i);
  });

  it('refuses PDF where no printer was given, saying what to do instead', async () => {
    const answer = await handlers()['report.export']({
      batchId,
      format: 'pdf',
      locale: 'en-US',
      suspeito: 'fraud',
      unreviewed: 'legit',
      figuresId: await shownFigures({ ...query, batchId }),
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'config' } });
    if (!answer.ok) expect(answer.error.message).toMatch(/Print…/);
  });

  it('prints PDF with the printer it is given (Chromium here, printToPDF in the app)', async () => {
    browser = await chromium.launch({
      executablePath: process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const launched = browser;
    const printPdf: PdfPrinter = async (html) => {
      const page = await launched.newPage();
      await page.setContent(html);
      return page.pdf({ format: 'A4', printBackground: true });
    };
    const answer = await reportHandlers(
      { db: history.db, settings: () => defaultSettings },
      printPdf,
    )['report.export']({
      batchId,
      format: 'pdf',
      locale: 'en-US',
      suspeito: 'fraud',
      unreviewed: 'legit',
      figuresId: await shownFigures({ ...query, batchId }),
    });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.mimeType).toBe('application/pdf');
    expect(Buffer.from(answer.value.base64, 'base64').subarray(0, 5).toString('latin1')).toBe(
      '%PDF-',
    );
  }, 60_000);
});
