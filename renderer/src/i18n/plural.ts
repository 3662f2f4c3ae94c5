import { pluralCategory } from '../../../shared/plural-rule';

/**
 * Counted nouns in both languages. A message says `{count, plural, one {# row} other {# rows}}`
 * and the form is chosen by `Intl.PluralRules`, so no screen reads "1 rows" or "1 linhas".
 * The rules decide, not the message: shared/plural-rule.ts, which counts 0 as plural in
 * Portuguese ("0 linhas", as Brazilians write it, where CLDR has "0 linha"). `#` is the count in the locale's notation (`'#'` a # sign); other `{name}`
 * placeholders inside a form are left for the caller's ordinary substitution.
 */

export type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The form for `count` in `locale`; `other` when the language's category has no form given. */
export function plural(locale: string, count: number, forms: Forms): string {
  return forms[pluralCategory(locale, count)] ?? forms.other;
}

/** The text between the brace at `open` and its matching close, and the index after it. */
function braced(text: string, open: number): { inner: string; end: number } | null {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') {
      depth -= 1;
      if (depth === 0) return { inner: text.slice(open + 1, i), end: i + 1 };
    }
  }
  return null;
}

/** `one {# row} other {# rows}` as forms; null when it is not written that way. */
function parseForms(body: string): Forms | null {
  const forms: Partial<Record<string, string>> = {};
  let i = 0;
  while (i < body.length) {
    const head = /^\s*(zero|one|two|few|many|other)\s*/.exec(body.slice(i));
    const category = head?.[1];
    if (!head || category === undefined) break;
    const open = i + head[0].length;
    if (body[open] !== '{') return null;
    const form = braced(body, open);
    if (!form) return null;
    forms[category] = form.inner;
    i = form.end;
  }
  if (body.slice(i).trim() !== '' || forms.other === undefined) return null;
  return forms as Forms;
}

/**
 * Replaces each `{name, plural, …}` in `template` with the form `params[name]` calls for, its
 * `#` written by `formatNumber`; a count given as text takes the `other` form. Anything else is
 * returned as it was.
 */
export function expandPlurals(
  template: string,
  locale: string,
  params: Record<string, string | number>,
  formatNumber: (value: number) => string,
): string {
  const start = /\{(\w+),\s*plural,/g;
  let out = '';
  let from = 0;
  for (let match = start.exec(template); match; match = start.exec(template)) {
    const whole = braced(template, match.index);
    const value = params[match[1] ?? ''];
    const forms = whole ? parseForms(whole.inner.slice(match[0].length - 1)) : null;
    if (!whole || !forms || value === undefined) continue;
    // A count already written as text (a caller's own format) takes the general form.
    const form = typeof value === 'number' ? plural(locale, value, forms) : forms.other;
    out += template.slice(from, match.index);
    const count = typeof value === 'number' ? formatNumber(value) : value;
    // `'#'` is a # sign, as ICU quotes it: an Excel error such as #N/A is not the count.
    out += form.replace(/'#'|#/g, (sign) => (sign === '#' ? count : '#'));
    from = whole.end;
    start.lastIndex = whole.end;
  }
  return out + template.slice(from);
}
