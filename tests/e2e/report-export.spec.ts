import { expect, test } from '@playwright/test';
import { reportHtml } from '../../shared/report/html';
import { scoreReport, type ReportCase } from '../../shared/report/report';
import { hostName } from './hosts/app';

/**
 * The exported report opens offline in a browser and prints to PDF (the app uses Electron's
 * printToPDF, which is Chromium's printing; here Chromium itself prints it).
 */
test.skip(
  hostName === 'electron',
  'The exported page is printed by Chromium here; in the app, printToPDF prints the same page.',
);

function sample(): ReportCase[] {
  return Array.from({ length: 500 }, (_, i) => ({
    score: i % 9 === 0 ? 0.5 + (i % 10) / 20 : (i % 17) / 20,
    risk: i % 9 === 0 ? ('high' as const) : ('low' as const),
    insights: i % 9 === 0 ? ['DEV0001'] : ['GER0002'],
    alertQuantity: i % 6,
    deviceAge: i * 7,
    review: i % 9 === 0 ? ('Fraude Confirmada' as const) : null,
  }));
}

for (const locale of ['en-US', 'pt-BR'] as const) {
  test(`the ${locale} report opens with no request and prints to PDF`, async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('data:') && request.url() !== 'about:blank')
        requests.push(request.url());
    });
    const report = scoreReport(sample(), { suspeito: 'fraud', unreviewed: 'legit' });
    await page.setContent(
      reportHtml(report, { environment: 'sandbox', batch: null, generatedAt: new Date(), locale }),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      locale === 'pt-BR' ? 'Desempenho do score' : 'Score performance',
    );
    await expect(
      page.getByRole('img', { name: locale === 'pt-BR' ? 'Curva ROC' : 'ROC curve' }),
    ).toBeVisible();
    expect(requests).toEqual([]);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
  });
}
