/**
 * A batch whose labelled cases are all of one class (every one Fraude, say) has no ROC or
 * precision–recall curve: the screen says which class is missing and how many of each there
 * are, not "there are no labelled cases", which the analyst who just labelled them knows is false.
 */
import { expect, test } from './fixtures';
import { batchRows, call, finishedBatch } from './steps/core';
import { sourceRow } from './steps/report';

test('the report of a batch labelled all fraud says the curves need both classes, in both languages', async ({
  page,
  app,
}) => {
  const rows = Array.from({ length: 6 }, (_, index) => sourceRow(index + 2, 9100 + index));
  const batchId = await finishedBatch(app, {
    sourceName: 'fraudes.csv',
    sourceSha256: 'f'.repeat(64),
    rows,
  });
  const scored = (await batchRows(app, batchId)).filter((row) => row.score !== null);
  expect(scored.length).toBeGreaterThan(1);
  await call(app, 'outcomes.set', {
    targets: scored.map((row) => ({ batchId, seq: row.seq })),
    outcome: 'Fraude Confirmada',
  });
  const fraud = String(scored.length);

  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await page.getByTestId('report-scope').selectOption(`batch:${batchId}`);
  const why = `No curve: it needs both fraud and legitimate cases, and there are ${fraud} fraud cases and 0 legitimate cases.`;
  await expect(page.getByTestId('report-roc')).toContainText(why);
  await expect(page.getByTestId('report-pr')).toContainText(why);
  await expect(page.getByTestId('report-roc')).not.toContainText('no labelled cases');

  await call(app, 'settings.update', { language: 'pt-BR' });
  await expect(page.getByTestId('report-roc')).toContainText(
    `Sem curva: ela precisa de casos de fraude e de casos legítimos, e há ${fraud} casos de fraude e 0 casos legítimos.`,
  );
});
