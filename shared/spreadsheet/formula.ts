/**
 * Text a spreadsheet would run as a formula when it reads it from a CSV field. Its own module,
 * free of the xlsx package, so the outcomes preview (in the renderer too) can ask it cheaply.
 */

/** What makes Excel, LibreOffice or Google Sheets read a cell as a formula (OWASP's list). */
const formulaStarts = ['=', '+', '-', '@', '\t', '\r'];

/** Whether the text starts like a formula: `=`, `+`, `-`, `@`, tab or carriage return. */
export function looksLikeFormula(text: string): boolean {
  return formulaStarts.some((start) => text.startsWith(start));
}

/**
 * A formula start inside a field, where a spreadsheet that splits on the other separator starts a
 * cell: after `,`, `;`, tab, CR or LF, and any quotes (Excel in Portuguese splits a `,` file on
 * `;`, and honours a field's quotes only at the start of the fields it splits).
 */
const innerStart = /([,;\t\r\n]"*)(?=[=+\-@\t\r])/g;
/** The `'` that `neutraliseFormula` put before such an inner start. */
const innerGuard = /([,;\t\r\n]"*)'(?=[=+\-@\t\r])/g;

/**
 * Whether a spreadsheet may run the text as a formula once a CSV holds it, whichever separator
 * it splits on: it starts like one (`looksLikeFormula`), or holds a start after a separator.
 */
export function mayRunAsFormula(text: string): boolean {
  innerStart.lastIndex = 0;
  return looksLikeFormula(text) || innerStart.test(text);
}

/** `text` with a `'` before every formula start that could begin a spreadsheet's cell. */
export function guardFormulaStarts(text: string): string {
  const inner = text.replace(innerStart, "$1'");
  return looksLikeFormula(inner) ? `'${inner}` : inner;
}

/**
 * `text` without the `'`s that `neutraliseFormula` (write.ts) put in: a quote followed by one of
 * the starts above, first or after a separator (`guardFormulaStarts`), and nothing else. The
 * app's CSV exports guard every such value, and their guide says the failed-rows file is one to
 * import again, so the import takes the guards off the mapped columns: `'-1234567` is sent as
 * `-1234567`, the ID it was, `pedido;'=x` as `pedido;=x`. No ID, session, CPF, e-mail, phone or
 * CEP holds a quote before one of these characters, so nothing real is lost; a quote before
 * anything else is left as written.
 */
export function withoutFormulaGuard(text: string): string {
  const inner = text.includes("'") ? text.replace(innerGuard, '$1') : text;
  return inner.startsWith("'") && looksLikeFormula(inner.slice(1)) ? inner.slice(1) : inner;
}
