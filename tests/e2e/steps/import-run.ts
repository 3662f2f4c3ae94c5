/** Steps on the Import screen: a spreadsheet as analysts export it, imported and run. */
import type { Page } from '@playwright/test';
import type { Transaction } from '../../../shared/domain/types';
import { expect } from '../fixtures';

/** A CSV as an analyst exports it: Portuguese headers, `;`, values quoted where they hold a `;`. */
export function analystCsv(rows: readonly Transaction[]): Buffer {
  const cell = (text: string) => (/[;"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = ['Pedido;Sessão;CPF;E-mail;CEP'];
  for (const t of rows)
    lines.push(
      [t.externalID, t.sessionID, t.cpf ?? '', t.email ?? '', t.zipCode ?? ''].map(cell).join(';'),
    );
  return Buffer.from(lines.join('\r\n'));
}

/** A file handed to a file input. */
export interface InputFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Opens the Import screen, gives it `file`, waits until `valid` rows are checked valid, runs the
 * lookups in the active environment and waits for the run to finish on the batch screen.
 */
export async function importAndRun(page: Page, file: InputFile, valid: number): Promise<void> {
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByTestId('import-file-input').setInputFiles(file);
  await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
    'data-value',
    String(valid),
  );
  await page.getByTestId('run-lookups').click();
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
    timeout: 30_000,
  });
}
