import { z } from 'zod';

/**
 * The pass/fail rule of the Electronegativity audit (scripts/electronegativity.ts), kept pure so
 * tests/security/electronegativity-review.test.ts can check it: a finding of medium severity or
 * higher fails the audit unless an entry of the reviewed list accepts it, with a reason. An entry
 * accepts one finding only.
 */
export const severities = ['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type Severity = (typeof severities)[number];
const blockingFrom: Severity = 'MEDIUM';

export interface Finding {
  /** Electronegativity's check id, e.g. OPEN_EXTERNAL_JS_CHECK. */
  check: string;
  severity: Severity;
  confidence: string;
  /** The scanned file's name (main.js, preload.js, index.html), or N/A for a global check. */
  file: string;
  line: number;
  column: number;
  /** The line of code the check matched. */
  sample: string;
  description: string;
}

const reviewedEntry = z
  .object({
    check: z.string().regex(/^[A-Z_]+$/),
    file: z.string().min(1),
    /**
     * Text the finding's code line must contain: the guard that makes the use safe, so an
     * unguarded use of the same API elsewhere is a new finding.
     */
    sampleIncludes: z.string().min(3),
    reason: z.string().min(40),
    reviewedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  })
  .strict();
export type ReviewedEntry = z.infer<typeof reviewedEntry>;

const reviewedList = z
  .object({ $comment: z.string().optional(), reviewed: z.array(reviewedEntry) })
  .strict();

/** The reviewed list, checked: every entry names its check, file, guard, reason and date. */
export function parseReviewedList(json: unknown): ReviewedEntry[] {
  return reviewedList.parse(json).reviewed;
}

export interface Review {
  /** Medium or higher, and not on the reviewed list: each one fails the audit. */
  blocking: Finding[];
  /** Medium or higher, accepted by an entry of the reviewed list. */
  accepted: { finding: Finding; entry: ReviewedEntry }[];
  /** Below medium: reported, never blocking. */
  below: Finding[];
  /** Entries that matched nothing: the code they were about has changed or gone. */
  unused: ReviewedEntry[];
}

export function isBlockingSeverity(severity: Severity): boolean {
  return severities.indexOf(severity) >= severities.indexOf(blockingFrom);
}

export function review(findings: readonly Finding[], reviewed: readonly ReviewedEntry[]): Review {
  const result: Review = { blocking: [], accepted: [], below: [], unused: [] };
  const used = new Set<ReviewedEntry>();
  for (const finding of findings) {
    if (!isBlockingSeverity(finding.severity)) {
      result.below.push(finding);
      continue;
    }
    // Each entry accepts one finding: a second window or a second call is a new finding.
    const entry = reviewed.find(
      (candidate) =>
        !used.has(candidate) &&
        candidate.check === finding.check &&
        candidate.file === finding.file &&
        finding.sample.includes(candidate.sampleIncludes),
    );
    if (entry) {
      used.add(entry);
      result.accepted.push({ finding, entry });
    } else result.blocking.push(finding);
  }
  result.unused = reviewed.filter((entry) => !used.has(entry));
  return result;
}
