import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewOutcome } from '../../shared/domain/types';
import type { LabelOptions } from '../../shared/report/labels';
import { scoreReport, type ReportCase } from '../../shared/report/report';
import type { OutputRecord } from '../../electron/core/bulk/output';
import { reviewService } from '../../electron/core/review/review-service';
import { openHistory } from '../../electron/core/store/db';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-report-');
const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  dcdesk([...args, '--data-dir', work.dir], env);
let batchId = '';
let answers: OutputRecord[] = [];

/** The review state each order gets; orders not named stay unreviewed. */
const reviews = new Map<string, ReviewOutcome>([
  [sampleTransaction(0).externalID, 'Fraude Confirmada'],
  [sampleTransaction(1).externalID, 'Fraude Confirmada'],
  [sampleTransaction(2).externalID, 'Device Positivado'],
  [sampleTransaction(3).externalID, 'Suspeito'],
  [sampleTransaction(4).externalID, 'Legítima'],
  [sampleTransaction(5).externalID, 'Legítima'],
  [sampleTransaction(6).externalID, 'Legítima'],
]);

/** The cases as the test reads them from the bulk output file and the reviews it set. */
function cases(): ReportCase[] {
  return answers.map((answer) => ({
    score: answer.score,
    risk: answer.deviceRisk,
    insights: answer.insights ?? [],
    alertQuantity: answer.alertQuantity,
    deviceAge: answer.deviceAge,
    review: reviews.get(answer.externalID ?? '') ?? null,
  }));
}

/** The figures `--json` promises, from a report or from the command's output. */
function figures(report: object) {
  const keys = [
    'labels',
    'auc',
    'aucInterval',
    'averagePrecision',
    'thresholds',
    'riskLevels',
    'insightCodes',
  ] as const;
  const picked = Object.fromEntries(
    keys.map((key) => [key, (report as Record<string, unknown>)[key]]),
  );
  return JSON.parse(JSON.stringify(picked)) as Record<string, unknown>;
}

beforeAll(async () => {
  writeTransactionsCsv(work.file('pedidos.csv'), 24);
  const seeded = await cli([
    'bulk',
    work.file('pedidos.csv'),
    '--output',
    work.file('answers.json'),
    '--env',
    'sandbox',
  ]);
  expect(seeded.code, seeded.stderr).toBe(0);
  answers = JSON.parse(readFileSync(work.file('answers.json'), 'utf8')) as OutputRecord[];
  const opened = await openHistory(work.dir);
  if (!opened.ok) throw new Error(opened.error.message);
  const { db, close } = opened.value;
  try {
    batchId = (db.prepare('SELECT id FROM batches').get() as { id: string }).id;
    const review = reviewService(db);
    for (const [externalId, outcome] of reviews) {
      const { seq } = db
        .prepare(
          'SELECT seq FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?) AND external_id = ?',
        )
        .get(batchId, externalId) as { seq: number };
      expect(review.set([{ batchId, seq }], outcome)).toMatchObject({ value: { changed: 1 } });
    }
  } finally {
    close();
  }
}, 60_000);
afterAll(() => {
  work.remove();
});

describe('dcdesk report', () => {
  const labelSets: LabelOptions[] = [
    { suspeito: 'fraud', unreviewed: 'legit' },
    { suspeito: 'exclude', unreviewed: 'exclude' },
  ];
  it.each(labelSets)(
    'gives the figures scoreReport gives over the same cases (%o)',
    async (labels) => {
      const run = await cli([
        'report',
        '--batch',
        batchId,
        '--suspeito',
        labels.suspeito,
        '--unreviewed',
        labels.unreviewed,
        '--json',
      ]);
      expect(run.code, run.stderr).toBe(0);
      const json = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(json).toMatchObject({ environment: 'sandbox', batch: batchId });
      const expected = scoreReport(cases(), labels);
      expect(figures(json)).toEqual(figures(expected));
      // The reviews made a difference: both classes hold scored rows and the AUC exists.
      expect(expected.labels.positive).toBeGreaterThan(0);
      expect(expected.labels.negative).toBeGreaterThanOrEqual(3);
      expect(typeof json.auc).toBe('number');
    },
  );

  it('covers every batch of the environment without --batch, and no batch of another', async () => {
    const all = await cli(['report', '--env', 'sandbox', '--json']);
    expect(all.code, all.stderr).toBe(0);
    expect(figures(JSON.parse(all.stdout) as object)).toEqual(
      figures(scoreReport(cases(), { suspeito: 'fraud', unreviewed: 'legit' })),
    );
    const text = await cli(['report', '--env', 'sandbox']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /^Score report of every batch of sandbox\n {2}labelled: \d+ fraud, \d+ legitimate/,
    );
    // 4 fraud cases: too few for DeLong's interval, said so rather than printed as one.
    expect(text.stdout).toMatch(
      /\n {2}AUC \d\.\d{3} \(95% interval not estimated: it needs at least 10 fraud and 10 legitimate cases\);/,
    );
    const none = await cli(['report', '--env', 'production', '--json']);
    expect(none.code, none.stderr).toBe(0);
    expect(JSON.parse(none.stdout)).toMatchObject({
      environment: 'production',
      batch: null,
      auc: null,
      labels: { positive: 0, negative: 0, excluded: 0 },
    });
    // With nothing answered, the next step is a batch, not a review.
    expect(none.stderr).toMatch(
      /no AUC: the history holds no answered transaction of production\. Look some up first/,
    );
  });

  it('writes a self-contained HTML page without scripts, in Portuguese under a pt LANG', async () => {
    const file = work.file('relatorio.html');
    const run = await cli(['report', '--batch', batchId, '--html', file], { LANG: 'pt_BR.UTF-8' });
    expect(run.code, run.stderr).toBe(0);
    const page = readFileSync(file, 'utf8');
    expect(page).toMatch(/^<!doctype html>/i);
    expect(page).toContain('lang="pt-BR"');
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain(batchId);
    // One row of each reason, in the singular: "1 respondida", never "1 respondidas".
    expect(page).not.toMatch(
      /<li>1 (não consultadas|não enviadas|consultadas|respondidas|revisadas|não revisadas|linhas)\b/,
    );
    expect(page).toContain('intervalo de 95%: não estimado, ele precisa de pelo menos 10');
  });

  it('is in Portuguese under a pt LANG with LC_ALL set but empty (empty is unset, POSIX)', async () => {
    const file = work.file('relatorio-lc-all.html');
    const env = { LC_ALL: '', LANG: 'pt_BR.UTF-8' };
    const run = await cli(['report', '--batch', batchId, '--html', file], env);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('lang="pt-BR"');
  });

  it('refuses a batch that does not exist or is of another environment, and --json with --html', async () => {
    const missing = await cli(['report', '--batch', 'no-such-batch', '--json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no batch no-such-batch/);
    const elsewhere = await cli(['report', '--batch', batchId, '--env', 'production', '--json']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toMatch(/holds answers of sandbox, not of production/);
    const both = await cli(['report', '--json', '--html', work.file('x.html')]);
    expect(both.code).toBe(2);
  });
});
