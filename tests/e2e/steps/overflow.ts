/**
 * Text that does not fit its box, found in the page itself. A box whose text is wider than it is
 * (scrollWidth > clientWidth) passes only when it says so: `text-overflow: ellipsis` and a
 * `title` with the whole text, and never for a short label (a word such as "Undefined" is never
 * worth cutting). A select is cut when its chosen option is wider than the select; a field when
 * its value is wider than the field. Scroll containers (overflow auto or scroll) are meant to
 * scroll and are skipped. Header items (the app's navigation, a table's column headers) must stay
 * on one line.
 */
import type { Page } from '@playwright/test';

// The probe runs in the page, so it is written as the page's JavaScript: the Node-side
// tsconfig has no DOM types (and must not get them, or `document` would type-check in the core).

export interface Overflow {
  screen: string;
  what: string;
  text: string;
  problem: string;
}

/** Labels this short are words: cutting them always loses meaning. */
const shortLabel = 15;

export async function findOverflows(page: Page, screen: string): Promise<Overflow[]> {
  const found = await page.evaluate<Array<{ what: string; text: string; problem: string }>>(
    `((shortest) => {
    const out = [];
    const canvas = document.createElement('canvas').getContext('2d');
    const describe = (element) => {
      const testId = element.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
      const classes = element.getAttribute('class') ?? '';
      return \`\${element.tagName.toLowerCase()}\${classes ? \`.\${classes.split(/\\s+/).join('.')}\` : ''}\${testId ? \` in [\${testId}]\` : ''}\`;
    };
    // Text for screen readers only (1 px boxes clipped away) is not seen, so it cannot be cut.
    const onScreen = (element) => {
      for (let node = element; node; node = node.parentElement) {
        const rect = node.getBoundingClientRect();
        if (rect.width <= 2 || rect.height <= 2) return false;
        if (getComputedStyle(node).clip.startsWith('rect')) return false;
      }
      return true;
    };
    const visible = (element) => {
      const style = getComputedStyle(element);
      return (
        onScreen(element) &&
        style.display !== 'none' &&
        style.visibility !== 'hidden' &&
        element.getClientRects().length > 0 &&
        element.closest('[hidden], [aria-hidden="true"], dialog:not([open])') === null
      );
    };
    const textWidth = (text, style) => {
      if (!canvas) return 0;
      canvas.font = \`\${style.fontStyle} \${style.fontWeight} \${style.fontSize} \${style.fontFamily}\`;
      return canvas.measureText(text).width;
    };
    const px = (value) => Number.parseFloat(value) || 0;

    for (const element of document.querySelectorAll('#root *')) {
      // SVG text (the charts) is laid out by the chart, not by CSS boxes.
      if (!(element instanceof HTMLElement) || !visible(element)) continue;
      const style = getComputedStyle(element);
      const inner = element.clientWidth - px(style.paddingLeft) - px(style.paddingRight);

      if (element instanceof HTMLSelectElement) {
        const text = element.selectedOptions[0]?.text ?? '';
        // The arrow takes about 20 px inside the select's right padding.
        if (textWidth(text, style) > inner - 20 + 1)
          out.push({ what: describe(element), text, problem: 'the chosen option is cut' });
        continue;
      }
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
        if (element.type === 'checkbox' || element.type === 'radio' || element.type === 'file')
          continue;
        const text = element.value;
        if (text !== '' && element.scrollWidth > element.clientWidth + 1)
          out.push({ what: describe(element), text, problem: 'the value is wider than the field' });
        continue;
      }
      const ownText = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      const text = (element.textContent ?? '').trim();
      if (text === '') continue;

      if (ownText !== '' && element.closest('nav, [role="columnheader"], th')) {
        // A text takes a second line when one of its rectangles starts below where another ends
        // (smaller type on the same line, such as a note in a span, starts lower but overlaps).
        const range = document.createRange();
        range.selectNodeContents(element);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const wraps = rects.some((one) => rects.some((other) => one.top >= other.bottom - 1));
        if (wraps)
          out.push({ what: describe(element), text, problem: 'a header wraps onto two lines' });
      }

      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      // A box that clips (its own text, or a pill or chips inside it) must say it does.
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (ownText === '' && !clips) continue;
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      const title = element.closest('[title]')?.getAttribute('title') ?? '';
      const said = style.textOverflow === 'ellipsis' && ownText !== '' && title !== '';
      if (text.length <= shortest)
        out.push({ what: describe(element), text, problem: 'a short label is cut' });
      else if (!said && !(ownText === '' && title !== ''))
        out.push({ what: describe(element), text, problem: 'cut without an ellipsis and a title' });
    }
    // A table is read across: its rows never run past its box, even where the box scrolls.
    for (const group of document.querySelectorAll('#root [role="rowgroup"]'))
      if (visible(group) && group.scrollWidth > group.clientWidth + 1)
        out.push({ what: describe(group), text: '', problem: 'a table is wider than its box' });
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
      out.push({ what: 'html', text: '', problem: 'the page is wider than the window' });
    // The app's sections sit on one row.
    const tops = new Set(
      [...document.querySelectorAll('.shell-nav button')].map((button) =>
        Math.round(button.getBoundingClientRect().top),
      ),
    );
    if (tops.size > 1)
      out.push({ what: 'nav.shell-nav', text: '', problem: 'the sections wrap onto two rows' });
    return out;
  })(${String(shortLabel)})`,
  );
  return found.map((item) => ({ screen, ...item }));
}
