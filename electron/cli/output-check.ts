import { constants, fstatSync } from 'node:fs';
import { open, stat, unlink } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { fileFailureText } from '../core/local-failure';
import { FileError, UsageError } from './io';
import { messageOf } from '../../shared/message-of';

async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

/** What standard input reads, when it is a file; a pipe or a terminal is never the output. */
function standardInput(): Stats | null {
  try {
    const stats = fstatSync(0);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** A file-system error as a short reason. */
export function errorText(caught: unknown): string {
  const code = (caught as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'its folder does not exist';
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the disk is read-only';
    default:
      return messageOf(caught);
  }
}

/**
 * Checks, before anything is stored or sent, that the output file can be written and is not the
 * input spreadsheet. The same file is recognised by device and inode, not by name, so a symbolic
 * or hard link, a `..` detour or another spelling on a case-insensitive disk are all caught.
 * Writability is proven by opening the file as the write will (creating it, then removing it, when
 * it does not exist yet) without changing its content; a permission check alone is always true
 * for root and says nothing about a read-only disk. `-` (standard output) is not checked;
 * `fromStandardInput` for `input` is the file redirected into standard input, if any.
 * The input itself is a mistake in the command line (UsageError, exit 2); a file that cannot be
 * written is a FileError (exit 1), as `report --html` and `outcomes build` say it.
 */
/** The input named as standard input (`-`), not by a path: no file name can be mistaken for it. */
export const fromStandardInput = Symbol('standard input');

export async function checkOutputFile(
  output: string,
  input?: string | typeof fromStandardInput,
): Promise<void> {
  // `-` is standard output: nothing to overwrite, nothing to create.
  if (output === '-') return;
  const outputStats = await statOrNull(output);
  if (input !== undefined && outputStats) {
    // Standard input redirected from a file (`< pedidos.csv`) is that file under another name.
    const inputStats = input === fromStandardInput ? standardInput() : await statOrNull(input);
    if (inputStats && inputStats.dev === outputStats.dev && inputStats.ino === outputStats.ino)
      throw new UsageError(
        input === fromStandardInput
          ? `--output is the file standard input reads (${output}); writing the results there would overwrite the spreadsheet. Choose another file.`
          : `--output is the input spreadsheet itself (${output}); writing the results there would overwrite it. Choose another file.`,
      );
  }
  try {
    if (outputStats) {
      if (outputStats.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
      await (await open(output, constants.O_WRONLY)).close();
    } else {
      await (await open(output, 'wx')).close();
      await unlink(output);
    }
  } catch (caught) {
    // The command line was right; the file cannot be written: exit 1, as every command says it.
    throw new FileError(
      fileFailureText(caught, output) ??
        `Cannot write the output file ${output}: ${errorText(caught)}.`,
    );
  }
}
