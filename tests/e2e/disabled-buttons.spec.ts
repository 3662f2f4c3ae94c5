/**
 * A button that cannot be used now still looks like a button: a tester took the greyed-out
 * "Export the failed rows as a new input file" (a batch with no failures) for a text field, white
 * with a grey border like the fields. A disabled button is filled, unlike a field and unlike a
 * usable button, and its words keep 4.5:1 on that fill, in both themes.
 */
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { analystCsv, importAndRun } from './steps/import-run';

const rows = Array.from({ length: 5 }, (_, n) => sampleTransaction(n));
const file = { name: 'pedidos.csv', mimeType: 'text/csv', buffer: analystCsv(rows) };

interface Look {
  background: string;
  border: string;
  contrast: number;
}

for (const colorScheme of ['light', 'dark'] as const)
  test.describe(colorScheme, () => {
    test.use({ colorScheme });

    test('a disabled button is filled, unlike a field or a usable button', async ({
      page,
      app: _app,
    }) => {
      await importAndRun(page, file, rows.length);
      const disabled = page.getByTestId('export-failed');
      await expect(disabled).toBeDisabled();

      const looks = await page.evaluate<Record<'disabled' | 'enabled' | 'field', Look>>(`(() => {
        const channel = (value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        const luminance = (rgb) => {
          const [r, g, b] = rgb.match(/[\\d.]+/g).map(Number);
          return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        };
        const look = (element) => {
          const style = getComputedStyle(element);
          const [a, b] = [luminance(style.color), luminance(style.backgroundColor)];
          return {
            background: style.backgroundColor,
            border: style.borderTopColor,
            // Opacity fades the words and the fill alike: what the eye gets is their mix with the page.
            contrast: Number(style.opacity) < 1 ? 0 : (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
          };
        };
        return {
          disabled: look(document.querySelector('[data-testid="export-failed"]')),
          enabled: look(document.querySelector('[data-testid="export-csv"]')),
          field: look(document.querySelector('main .input')),
        };
      })()`);
      expect(looks.disabled.background).not.toBe(looks.field.background);
      expect(looks.disabled.background).not.toBe(looks.enabled.background);
      expect(looks.disabled.border).not.toBe(looks.field.border);
      expect(looks.disabled.contrast).toBeGreaterThanOrEqual(4.5);
    });
  });
