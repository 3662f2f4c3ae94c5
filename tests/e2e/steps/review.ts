/** Steps on the Review screen. */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Opens the Review section from the navigation and waits for its queue. */
export async function openReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.getByTestId('review-queue')).toBeVisible();
}

/** The queue's line at a position (0-based) in the order shown. */
export function reviewLine(page: Page, index: number) {
  return page.getByTestId(`review-line-${String(index)}`);
}
