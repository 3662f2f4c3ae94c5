/**
 * Building a response-variable file (spec 2.7, 4.3) from reviewed rows: checked, written as CSV,
 * zipped on request, with the preview the analyst sees before saving or sending it.
 */
import { responseFileBuilder, type BuildOptions } from './response-builder';
import type { BuildResult, DraftResponseRow } from './types';

export type { BuildOptions } from './response-builder';
export { previewResponseFile } from './response-preview';

/** Resolves after the events waiting (input, other requests) have had their turn. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The file, or every problem that stops it (see `checkResponseRows`). A CSV is UTF-8 without a
 * byte order mark; a zip holds it as its one entry `<stem>.csv`, deflated, with a fixed date, so
 * the same rows, separator, name and deflater always give the same bytes.
 */
export async function buildResponseFile(
  rows: DraftResponseRow[],
  options: BuildOptions,
): Promise<BuildResult> {
  const builder = responseFileBuilder(options);
  const rowsPerTurn = options.rowsPerTurn ?? 65_536;
  for (let from = 0; from < rows.length; from += rowsPerTurn) {
    await nextTurn();
    builder.add(rows.slice(from, from + rowsPerTurn));
  }
  return builder.finish();
}
