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
