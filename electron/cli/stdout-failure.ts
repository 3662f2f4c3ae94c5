import { readlinkSync } from 'node:fs';
import path from 'node:path';
import { fileFailureText } from '../core/local-failure';
import { messageOf } from '../../shared/message-of';
import { shown } from './escape-text';

/**
 * What standard output is, to name it as a file is named: the file it was redirected to (Linux
 * says, through /proc), or "standard output" where the system does not.
 */
function stdoutName(): string {
  try {
    const target = readlinkSync('/proc/self/fd/1');
    return path.isAbsolute(target) ? target : 'standard output';
  } catch {
    return 'standard output';
  }
}

/**
 * The sentence for standard output that could not be written (not a reader gone: EPIPE is a
 * stop, not a failure): as `report --html FILE` says it of a file, "Cannot write /dev/full: the
 * disk is full …".
 */
export function stdoutFailureText(caught: unknown): string {
  const name = shown(stdoutName());
  return fileFailureText(caught, name) ?? `Cannot write ${name}: ${shown(messageOf(caught))}`;
}
