/**
 * The rows a new batch is made of, as they cross from the import screen to the core: the schema
 * of one row, and the JSON lines a million of them travel as.
 */
import { z } from 'zod';
import { settingBounds } from '../settings-bounds';

const text = z.string().max(1024).optional();

/** A spreadsheet row as the import screen hands it over (see shared/spreadsheet SourceRow). */
export const sourceRow = z
  .object({
    row: z.number().int().min(1),
    raw: z
      .object({
        sessionID: text,
        externalID: text,
        cpf: text,
        email: text,
        phone: text,
        countryCode: text,
        cityCode: text,
        phoneNumber: text,
        zipCode: text,
      })
      .strict(),
    // One per mapped field at most (a lost-digits, error or merged-cell note each), and the two
    // paddings. The longest is a merged cell's: `merged:phoneNumber:XFD1048576:XFC1048575:XFD1048576`.
    notes: z.array(z.string().max(64)).max(16),
  })
  .strict();
/** A line's JSON value, or undefined when it is not JSON (which the row schema then refuses). */
function jsonOrUndefined(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** The longest string V8 holds (2^29 − 24 characters). */
const longestString = 2 ** 29 - 24;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The lines as text, or as their UTF-8 bytes: the import screen sends bytes, which its worker
 * encoded, so the window's thread neither copies nor re-encodes them (issue 13); over the web
 * host they are the request's body as they are.
 */
const lineText = z.union([
  z.string(),
  z
    .instanceof(Uint8Array)
    .refine((bytes) => bytes.byteLength <= longestString, 'too many bytes')
    .transform((bytes, context) => {
      try {
        return utf8.decode(bytes);
      } catch {
        context.addIssue({ code: 'custom', message: 'the rows are not UTF-8' });
        return z.NEVER;
      }
    }),
]);

/**
 * Source rows as JSON lines, one row per line, as the import screen sends them: a full sheet's
 * million rows cross the IPC as one string (a copy of bytes) where an array is a million objects
 * to clone on the window's thread. Each line is checked as `sourceRow`.
 */
export const sourceRowLines = lineText
  .pipe(z.string().min(1).max(longestString))
  .transform((text, context) => {
    const rows: Array<z.output<typeof sourceRow>> = [];
    for (let start = 0; start <= text.length;) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      const line = rows.length + 1;
      if (line > settingBounds.maxRows.max) {
        const most = String(settingBounds.maxRows.max);
        context.addIssue({ code: 'custom', message: `more than ${most} rows` });
        return z.NEVER;
      }
      const parsed = sourceRow.safeParse(jsonOrUndefined(text.slice(start, end)));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.join('.') ?? '';
        context.addIssue({
          code: 'custom',
          message: `row line ${String(line)}: ${where} ${issue?.message ?? 'not JSON'}`.trim(),
        });
        return z.NEVER;
      }
      rows.push(parsed.data);
      start = end + 1;
    }
    return rows;
  });

export { rowLines } from './row-lines';
