import { expect, test } from './fixtures';
import { reviewedBatch } from './steps/report';

test.use({ locale: 'pt-BR', viewport: { width: 512, height: 320 }, deviceScaleFactor: 2 });
test('explore', async ({ page, app }) => {
  await reviewedBatch(app);
  await page.reload();
  await page.getByRole('navigation').first().getByRole('button').nth(1).click();
  await expect(page.locator('main h2:visible').first()).toBeVisible();
  console.log(await page.evaluate(`[...document.querySelectorAll('#root *')].filter(e => e.getBoundingClientRect().right > 497).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right) + ' ' + getComputedStyle(e).overflowX).slice(0, 30)`));
  await page.screenshot({ path: '/tmp/ui/batches.png', fullPage: true });
});
