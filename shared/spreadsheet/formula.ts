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
 * `text` without the `'` that `neutraliseFormula` (write.ts) put before it: exactly that prefix,
 * a quote followed by one of the starts above, and nothing else. The app's CSV exports guard every
 * such value, and their guide says the failed-rows file is one to import again, so the import
 * takes the prefix off the mapped columns: `'-1234567` is sent as `-1234567`, the ID it was. No
 * ID, session, CPF, e-mail, phone or CEP starts with a quote before one of these characters, so
 * nothing real is lost; a quote before anything else is left as written.
 */
export function withoutFormulaGuard(text: string): string {
  return text.startsWith("'") && looksLikeFormula(text.slice(1)) ? text.slice(1) : text;
}
