import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a file through a temporary file in the same folder and a rename, so the path holds
 * either its old content or the whole new file, never half of one.
 */
export async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
  } catch (caught) {
    await rm(temporary, { force: true });
    throw caught;
  }
}
