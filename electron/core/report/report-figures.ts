import { createHash } from 'node:crypto';
import type { ReportView } from '../../../shared/contract/report';

/**
 * A digest of every figure of a report and of what it covers: the same report gives the same
 * digest, and any figure that changes (an outcome set, a batch deleted) gives another. A save
 * names the digest of the figures on screen, so the file holds them or is not made.
 */
export function figuresIdOf(view: ReportView): string {
  return createHash('sha256').update(JSON.stringify(view)).digest('hex');
}
