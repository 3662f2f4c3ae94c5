/** Steps on the Send outcomes screen. */
import type { Locator, Page } from '@playwright/test';
import type { Outcome } from '../../../shared/domain/types';
import { expect } from '../fixtures';

/** Opens the Send outcomes section from the navigation. */
export async function openSendOutcomes(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send outcomes' }).click();
  await expect(page.getByRole('heading', { name: 'Send outcomes' })).toBeVisible();
}

/** An outcome's count in a file preview's table of numbers (`panel` holds the preview). */
export function previewCount(panel: Locator, outcome: Outcome): Locator {
  return panel.getByTestId('preview-counts').locator(`tbody tr[data-key="${outcome}"] td`);
}
