import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isBlockingSeverity,
  parseReviewedList,
  review,
  type Finding,
  type ReviewedEntry,
} from '../../scripts/electronegativity-review';

/** The pass/fail rule of `npm run audit:electron`, checked without running the scanner. */
const finding = (overrides: Partial<Finding> = {}): Finding => ({
  check: 'OPEN_EXTERNAL_JS_CHECK',
  severity: 'MEDIUM',
  confidence: 'TENTATIVE',
  file: 'main.js',
  line: 10,
  column: 4,
  sample: 'if (isAllowedExternal(url)) void shell.openExternal(url);',
  description: 'Review the use of openExternal',
  ...overrides,
});

const entry: ReviewedEntry = {
  check: 'OPEN_EXTERNAL_JS_CHECK',
  file: 'main.js',
  sampleIncludes: 'isAllowedExternal(',
  reason: 'Only https links to the two service hosts reach openExternal, after the check.',
  reviewedOn: '2026-11-22',
};

describe('the audit rule', () => {
  it('blocks medium and high findings, and reports lower ones', () => {
    expect(
      ['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH'].map((s) => isBlockingSeverity(s as never)),
    ).toEqual([false, false, true, true]);
    const outcome = review(
      [finding({ severity: 'HIGH', check: 'X_CHECK' }), finding({ severity: 'LOW' })],
      [],
    );
    expect(outcome.blocking.map((f) => f.check)).toEqual(['X_CHECK']);
    expect(outcome.below).toHaveLength(1);
  });

  it('accepts a finding only when check, file and the guarded line all match', () => {
    expect(review([finding()], [entry]).accepted).toHaveLength(1);
    for (const other of [
      finding({ check: 'CONTEXT_ISOLATION_JS_CHECK' }),
      finding({ file: 'preload.js' }),
      finding({ sample: 'void shell.openExternal(url);' }),
    ]) {
      const outcome = review([other], [entry]);
      expect(outcome.blocking).toEqual([other]);
      expect(outcome.unused).toEqual([entry]);
    }
  });

  it('lets one entry accept one finding only, even an identical second one', () => {
    const outcome = review([finding(), finding({ line: 99 })], [entry]);
    expect(outcome.accepted.map(({ finding }) => finding.line)).toEqual([10]);
    expect(outcome.blocking.map((f) => f.line)).toEqual([99]);
  });

  it('does not let one reviewed entry hide a second, unguarded use', () => {
    const outcome = review(
      [finding(), finding({ line: 99, sample: 'shell.openExternal(link)' })],
      [entry],
    );
    expect(outcome.accepted).toHaveLength(1);
    expect(outcome.blocking.map((f) => f.line)).toEqual([99]);
  });
});

describe('the reviewed list', () => {
  it('parses, and every entry has a reason', () => {
    const list = parseReviewedList(
      JSON.parse(readFileSync('tests/security/electronegativity-reviewed.json', 'utf8')),
    );
    expect(list.length).toBeGreaterThan(0);
  });

  it.each<[string, unknown]>([
    ['an entry without a reason', { reviewed: [{ ...entry, reason: undefined }] }],
    ['a one-word reason', { reviewed: [{ ...entry, reason: 'safe' }] }],
    ['an empty guard', { reviewed: [{ ...entry, sampleIncludes: '' }] }],
    ['an unknown field', { reviewed: [{ ...entry, severity: 'LOW' }] }],
  ])('refuses %s', (_label, json) => {
    expect(() => parseReviewedList(json)).toThrow();
  });
});
