/**
 * The rules a response-variable file must meet before it is saved or sent (spec 2.7): rows, each
 * with a transaction id, a DeviceId and one of the three outcomes spelt exactly, each transaction
 * once. The service's complete rules are not published; these are the ones the interface states.
 */
import { transactionLimits } from '../domain/field-problem';
import { maxDeviceIdChars } from '../domain/insight';
import { hasUnsafeCharacters, shown, unsafeCodePoints } from '../domain/text';
import { isErrorText } from '../spreadsheet/error-cells';
import { isExponentText } from '../spreadsheet/lost-digits';
import { outcomes } from '../domain/types';
import type { ResponseVariableRow } from '../domain/types';
import { isOutcome } from './outcome-names';
import { repeatFinder } from './repeat-finder';
import { responseColumns } from './types';
import type { DraftResponseRow, FileProblem } from './types';

const [idColumn, deviceColumn, outcomeColumn] = responseColumns;

/** The ID is the externalID the transaction was asked with (spec 2.3, 2.7): its lengths. */
const idLength = transactionLimits.externalID;

/** A value with white space around it: sent as it is, it would not be the ID checked and recorded. */
function hasEdgeSpaces(value: string): boolean {
  return value !== value.trim();
}

function idLengthFits(id: string): boolean {
  return id.length >= idLength.min && id.length <= idLength.max;
}

/**
 * Every problem of the rows, in line order. `lines` gives each row's line in the file; without
 * it the header is line 1 and `rows[0]` line 2, as in a file the app builds. No rows at all is one `empty` problem on line 0. A value of only
 * white space counts as empty, and one holding a control, direction or invisible character (a line
 * break, a NUL, a right-to-left mark, a zero-width space) is refused: it breaks the file's lines or hides what it is. The outcome must be exactly `Suspeito`, `Fraude Confirmada` or
 * `Device Positivado`; ids are compared trimmed, and a repeat names the line of the first. An ID
 * must be 6 to 64 characters (the externalID's lengths), a DeviceId at most `maxDeviceIdChars`, and
 * neither may have spaces around it: the service is not said to trim its cells, and the ledgers
 * record what was checked, so the bytes sent must be exactly that.
 */
export function checkResponseRows(
  rows: DraftResponseRow[],
  lines?: readonly number[],
): FileProblem[] {
  if (rows.length === 0) {
    return [{ code: 'empty', line: 0, message: 'The file has no data rows.' }];
  }
  const problems: FileProblem[] = [];
  const firstLines = new Map<string, number>();
  rows.forEach((row, index) => {
    const line = lines?.[index] ?? index + 2;
    const id = row.transactionId?.trim() ?? '';
    if (id === '') {
      problems.push(emptyValue('missing_transaction_id', line, idColumn));
    } else {
      if (isExponentText(id)) problems.push(digitsLost(line, id));
      else if (!idLengthFits(id) && !isErrorText(id)) problems.push(idLengthProblem(line, id));
      const firstLine = firstLines.get(id);
      if (firstLine === undefined) firstLines.set(id, line);
      else problems.push(duplicate(line, row.transactionId ?? id, firstLine));
    }
    const device = row.deviceId?.trim() ?? '';
    if (device === '') {
      problems.push(emptyValue('missing_device_id', line, deviceColumn));
    } else if (device.length > maxDeviceIdChars) {
      problems.push(deviceLength(line, device));
    }
    for (const [column, value] of [
      [idColumn, row.transactionId],
      [deviceColumn, row.deviceId],
    ] as const) {
      if (value !== null && value.trim() !== '' && hasEdgeSpaces(value))
        problems.push(edgeSpaces(line, column, value));
      if (value !== null && hasUnsafeCharacters(value)) problems.push(unsafe(line, column, value));
      if (value !== null && isErrorText(value)) problems.push(excelError(line, column, value));
    }
    if (!isOutcome(row.outcome)) problems.push(invalidOutcome(line, row.outcome));
  });
  return problems;
}

/** The rows as the file will carry them, or their problems when there are any. */
export function confirmRows(
  rows: DraftResponseRow[],
): { ok: true; rows: ResponseVariableRow[] } | { ok: false; problems: FileProblem[] } {
  const confirmer = rowConfirmer();
  const confirmed = rows.length === 0 ? null : confirmer.add(rows);
  return confirmed === null || !confirmer.distinct()
    ? { ok: false, problems: checkResponseRows(rows) }
    : { ok: true, rows: confirmed };
}

/**
 * `confirmRows` for rows that come a slice at a time: `add` gives each slice as the file will
 * carry it, or null from the first row with a problem on; `distinct` says at the end whether the
 * IDs were each met once (then, if not, `checkResponseRows` of all the rows lists the problems).
 * One pass: the map of first lines and the problem list are only for a file with problems (a
 * million rows: they cost a third more), and repeats are found by `repeatFinder`.
 */
export function rowConfirmer(): {
  add(rows: DraftResponseRow[]): ResponseVariableRow[] | null;
  distinct(): boolean;
} {
  const ids = repeatFinder();
  let fine = true;
  const failed = () => {
    fine = false;
    return null;
  };
  return {
    add(rows) {
      if (!fine) return null;
      const confirmed: ResponseVariableRow[] = [];
      for (const { transactionId, deviceId, outcome } of rows) {
        if (transactionId === null || deviceId === null || !isOutcome(outcome)) return failed();
        const id = transactionId.trim();
        if (id === '' || deviceId.trim() === '') return failed();
        if (hasEdgeSpaces(transactionId) || hasEdgeSpaces(deviceId)) return failed();
        if (!idLengthFits(id) || deviceId.length > maxDeviceIdChars) return failed();
        if (hasUnsafeCharacters(transactionId) || hasUnsafeCharacters(deviceId)) return failed();
        if (isExponentText(id) || isErrorText(id) || isErrorText(deviceId)) return failed();
        ids.add(id);
        confirmed.push({ transactionId, deviceId, outcome });
      }
      return confirmed;
    },
    distinct: () => fine && !ids.anyRepeat(),
  };
}

function emptyValue(
  code: 'missing_transaction_id' | 'missing_device_id',
  line: number,
  column: string,
): FileProblem {
  return { code, line, message: `Line ${line}: ${column} is empty.` };
}

function unsafe(line: number, column: string, value: string): FileProblem {
  return {
    code: 'unsafe_value',
    line,
    value,
    // JSON.stringify escapes the controls but not a zero-width space or a soft hyphen: `shown`
    // escapes those, and the code points name what was found.
    message: `Line ${line}: ${column} ${shown(JSON.stringify(value))} holds a control, direction or invisible character (${unsafeCodePoints(value).join(', ')}).`,
  };
}

function idLengthProblem(line: number, value: string): FileProblem {
  return {
    code: 'transaction_id_length',
    line,
    value,
    message: `Line ${line}: ${idColumn} '${value}' has ${value.length} characters; the service takes an ID of ${idLength.min} to ${idLength.max} characters (the externalID the transaction was asked with).`,
  };
}

function deviceLength(line: number, value: string): FileProblem {
  return {
    code: 'device_id_length',
    line,
    value,
    message: `Line ${line}: ${deviceColumn} has ${value.length} characters; a device ID has at most ${maxDeviceIdChars} (the longest the app takes from the service).`,
  };
}

function edgeSpaces(line: number, column: string, value: string): FileProblem {
  return {
    code: 'edge_spaces',
    line,
    value,
    message: `Line ${line}: ${column} '${value}' has spaces at its start or end: remove them, so the service gets the ${column === idColumn ? 'ID' : 'DeviceId'} as it was checked.`,
  };
}

function excelError(line: number, column: string, value: string): FileProblem {
  return {
    code: 'excel_error',
    line,
    value,
    message: `Line ${line}: ${column} '${value}' is an Excel error (a formula that failed), not a value. Correct the formula or the cell, then build the file again.`,
  };
}

function digitsLost(line: number, value: string): FileProblem {
  return {
    code: 'digits_lost',
    line,
    value,
    message: `Line ${line}: ${idColumn} '${value}' is in the exponent form Excel shows long numbers in: the ID's other digits are lost. Build the file again in the app, or format the column as Text in Excel before saving.`,
  };
}

function duplicate(line: number, value: string, firstLine: number): FileProblem {
  return {
    code: 'duplicate_transaction_id',
    line,
    value,
    firstLine,
    message: `Line ${line}: ${idColumn} '${value}' repeats line ${firstLine}.`,
  };
}

function invalidOutcome(line: number, value: string | null): FileProblem {
  if (value === null || value.trim() === '') {
    return { code: 'invalid_outcome', line, message: `Line ${line}: ${outcomeColumn} is empty.` };
  }
  return {
    code: 'invalid_outcome',
    line,
    value,
    message: `Line ${line}: ${outcomeColumn} '${value}' is not one of ${outcomes.join(', ')}.`,
  };
}
