/**
 * The corpus of bad inputs (tests/support/bad-fixtures.ts) given to the Import screen: each file
 * shows its message (or is read as the importer decides), nothing breaks the page, and a good
 * spreadsheet imports right after it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  badInputs,
  cveRow,
  formulaTexts,
  mimeTypeOf,
  writeCorpus,
  type BadInput,
} from '../support/bad-fixtures';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';
import { expect, screenshot, skipWhereTheHostCannotRun, test } from './fixtures';

const work = tempDir('dcdesk-e2e-bad-');
let files = new Map<string, string>();
test.beforeAll(async () => {
  skipWhereTheHostCannotRun();
  test.setTimeout(120_000);
  files = await writeCorpus(work.dir);
});
test.afterAll(() => work.remove());

/** The browser globals `drop` uses; the Node-side tsconfig has no DOM types. */
interface DropGlobals {
  DataTransfer: new () => { items: { add: (file: unknown) => void } };
  File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown;
  atob: (base64: string) => string;
}

/**
 * Drops a file on the drop zone as a browser does (dragenter, dragover, drop with the file in a
 * DataTransfer). Only for small files: the bytes cross into the page as base64.
 */
async function drop(page: Page, name: string, bytes: Buffer): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ fileName, base64, type }) => {
      const browser = globalThis as unknown as DropGlobals;
      const binary = browser.atob(base64);
      const data = new Uint8Array(binary.length);
      for (let index = 0; index < binary.length; index += 1) data[index] = binary.charCodeAt(index);
      const transfer = new browser.DataTransfer();
      transfer.items.add(new browser.File([data], fileName, { type }));
      return transfer;
    },
    { fileName: name, base64: bytes.toString('base64'), type: mimeTypeOf(name) },
  );
  const zone = page.getByTestId('drop-zone');
  for (const type of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(type, { dataTransfer });
}

/** Committed files are dropped; generated ones (megabytes) are chosen with the file button. */
async function give(page: Page, input: BadInput): Promise<void> {
  const file = files.get(input.name) ?? '';
  if (input.source === 'committed') await drop(page, input.name, readFileSync(file));
  else await page.getByTestId('import-file-input').setInputFiles(file);
}

function total(page: Page, name: string) {
  return page.getByTestId(`total-${name}`).locator('dd');
}

/** A good spreadsheet right after the bad one: the screen still imports. */
async function stillImports(page: Page): Promise<void> {
  const lines = ['Pedido;Sessão'];
  for (const n of [900, 901])
    lines.push(`${sampleTransaction(n).externalID};${sampleTransaction(n).sessionID}`);
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'bons.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\r\n')),
  });
  await expect(page.getByTestId('read-problem')).toHaveCount(0);
  await expect(page.getByTestId('file-summary')).toContainText('bons.csv');
  await expect(total(page, 'valid')).toHaveAttribute('data-value', '2');
}

/** Object.prototype's own property names in the page. */
function prototypeNames(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.getOwnPropertyNames(Object.prototype).sort());
}

/** What the screen shows for the files that are read. */
const readAs: Record<string, (page: Page) => Promise<void>> = {
  'cve-2023-30533.xlsx': async (page) => {
    await expect(total(page, 'rows')).toHaveAttribute('data-value', '1');
    await expect(total(page, 'valid')).toHaveAttribute('data-value', '1');
    await expect(page.getByTestId('sheet-select').locator('option')).toHaveText([
      'Pedidos',
      '__proto__',
    ]);
    await expect(page.getByTestId('request-preview')).toContainText(cveRow.externalID);
  },
  'only-headers.csv': async (page) => {
    await expect(page.getByTestId('no-rows')).toHaveText(
      'There are no data rows below the header row.',
    );
    await expect(page.getByTestId('run-lookups')).toBeDisabled();
  },
  'only-headers.xlsx': (page) => readAs['only-headers.csv']!(page),
  'formulas.csv': async (page) => {
    await expect(total(page, 'valid')).toHaveAttribute('data-value', '4');
    // The formula is an external ID like any other text: sent as typed, never run.
    await expect(page.getByTestId('request-preview')).toContainText(
      `"externalID": ${JSON.stringify(formulaTexts[0])}`,
    );
  },
  'formulas.xlsx': async (page) => {
    await expect(total(page, 'valid')).toHaveAttribute('data-value', '2');
    await expect(page.getByTestId('request-preview')).toContainText('"externalID": "order-000041"');
  },
  // The second row's CEP lies under the merge C3:C4: held back, naming the merge, until typed.
  'merged.xlsx': async (page) => {
    await expect(page.getByTestId('header-row')).toHaveValue('1');
    await expect(total(page, 'rows')).toHaveAttribute('data-value', '2');
    await expect(total(page, 'valid')).toHaveAttribute('data-value', '1');
    await expect(total(page, 'invalid')).toHaveAttribute('data-value', '1');
    await expect(page.getByText(/C4 is part of the merged cells C3:C4/).first()).toBeVisible();
  },
  'windows-1252.csv': async (page) => {
    await expect(page.getByTestId('file-csv')).toContainText('Windows-1252');
    await expect(total(page, 'valid')).toHaveAttribute('data-value', '1');
  },
};

for (const input of badInputs) {
  test(`${input.name} (${input.what})`, async ({ page, app: _app }) => {
    test.setTimeout(input.source === 'generated' ? 120_000 : 60_000);
    const before = await prototypeNames(page);
    await give(page, input);
    if (input.refusal) {
      const notice = page.getByTestId('read-problem');
      await expect(notice).toHaveAttribute('data-code', input.refusal.code, { timeout: 60_000 });
      await expect(notice).toContainText(input.refusal.message);
      await expect(notice).toHaveAttribute('role', 'alert');
    } else {
      await expect(page.getByTestId('file-summary')).toContainText(input.name, {
        timeout: 30_000,
      });
      await readAs[input.name]!(page);
    }
    if (['damaged.xlsx', 'cve-2023-30533.xlsx'].includes(input.name)) {
      await screenshot(page, `import-bad-${input.name.replace(/\W+/g, '-')}`);
    }
    expect(await prototypeNames(page)).toEqual(before);
    await stillImports(page);
  });
}
