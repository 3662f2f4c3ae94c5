import { describe, expect, it } from 'vitest';
import type { BatchCounts } from '../core/bulk/progress';
import { lostEnd } from '../core/bulk/run-end';
import { endOfRun, jsonSummary, overFile } from './bulk-summary';
import { commandWord } from './escape-text';

const counts = (over: Partial<BatchCounts>): BatchCounts => ({
  total: 10,
  done: 10,
  ok: 10,
  noContent: 0,
  invalid: 0,
  rejected: 0,
  failed: 0,
  remaining: 0,
  ...over,
});

describe('endOfRun', () => {
  it('counts the rows of the file when the run stopped while they were still being stored', () => {
    // Ctrl+C at 580 answers, 125,000 of the file's 300,000 rows stored: the rest are stored
    // before dcdesk exits, so the batch has 300,000 rows.
    const stopped = counts({ total: 125_000, done: 580, ok: 580, remaining: 124_420 });
    const end = endOfRun(
      overFile({ state: 'cancelled', counts: stopped }, 300_000),
      'b1',
      'o.json',
    );
    expect(end.lines[0]).toMatch(/^batch b1: 580 of 300,000 rows done /);
  });

  it('offers no resume for a batch deleted under the run (exit 1) or taken over (exit 5)', () => {
    const stopped = counts({ done: 4, ok: 4, remaining: 6 });
    const deleted = endOfRun(lostEnd(stopped, true), 'b1', 'o.json');
    expect(deleted.code).toBe(1);
    expect(deleted.lines[1]).toMatch(/^the batch stopped before its end: The batch was deleted/);
    const taken = endOfRun(lostEnd(stopped, false), 'b1', 'o.json');
    expect(taken.code).toBe(5);
    expect(taken.lines[1]).toMatch(/Another process took this batch over/);
    for (const end of [deleted, taken]) expect(end.lines.join('\n')).not.toMatch(/--resume/);
  });

  it('groups the rows done as it groups the total', () => {
    const all = counts({ total: 3000, done: 3000, ok: 1810, noContent: 1190, remaining: 0 });
    const end = endOfRun({ state: 'finished', counts: all }, 'b1', 'o.json');
    expect(end.lines[0]).toBe(
      'batch b1: 3,000 of 3,000 rows done (ok 1,810 · no content 1,190 · invalid 0 · rejected 0 · failed 0).',
    );
  });

  it('exits 0 when every row was answered', () => {
    expect(endOfRun({ state: 'finished', counts: counts({}) }, 'b1', 'o.json').code).toBe(0);
  });

  it('says how many rows failed and how to send them again, with exit code 4', () => {
    const end = endOfRun(
      { state: 'finished', counts: counts({ ok: 7, failed: 3 }) },
      'b1',
      'o.json',
    );
    expect(end.code).toBe(4);
    expect(end.lines).toContain(
      '3 rows failed (no usable answer: the service did not answer, failed, or answered outside its interface; the output says which); send them again with: dcdesk bulk --resume b1 --output o.json --retry-failed',
    );
  });

  it('tells invalid and rejected rows apart from failed ones', () => {
    const end = endOfRun(
      { state: 'finished', counts: counts({ ok: 8, invalid: 1, rejected: 1 }) },
      'b1',
      'o.json',
    );
    expect(end.code).toBe(4);
    expect(end.lines.join('\n')).not.toMatch(/retry-failed/);
    expect(end.lines.at(-1)).toMatch(/^2 rows are invalid or were rejected/);
  });

  it('exits 5 for a batch stopped before its end, with the command that resumes it', () => {
    const stopped = counts({ done: 4, ok: 3, failed: 1, remaining: 6 });
    const paused = endOfRun(
      { state: 'paused', counts: stopped, reason: 'service_degraded', message: 'Down.' },
      'b1',
      'o.json',
    );
    expect(paused.code).toBe(5);
    expect(paused.lines).toContain('the batch stopped before its end: Down.');
    expect(paused.lines).toContain(
      'resume it with: dcdesk bulk --resume b1 --output o.json [--retry-failed]',
    );
    expect(endOfRun({ state: 'cancelled', counts: stopped }, 'b1', 'o.json').code).toBe(5);
  });

  // The README's table: 5 is a run stopped before its end that --resume continues. A run whose
  // answers could not be stored (a full disk) prints that resume command, as a run whose rows
  // could not all be stored does (exit 5 already): it exited 1, as if nothing could be resumed.
  it('exits 5 for a run whose answers could not be stored, with the command that resumes it', () => {
    const stopped = counts({ done: 4, ok: 4, remaining: 6 });
    const full = endOfRun(
      { state: 'failed', counts: stopped, message: 'database or disk is full' },
      'b1',
      'o.json',
    );
    expect(full.code).toBe(5);
    expect(full.lines).toContain('the batch stopped before its end: database or disk is full');
    expect(full.lines).toContain('resume it with: dcdesk bulk --resume b1 --output o.json');
  });

  it('gives --output - with its --format in the resume hint, so the hint runs as printed', () => {
    const end = endOfRun(
      { state: 'cancelled', counts: counts({ done: 4, ok: 4, remaining: 6 }) },
      'b1',
      '- --format csv',
    );
    expect(end.lines).toContain('resume it with: dcdesk bulk --resume b1 --output - --format csv');
  });
});

describe('endOfRun when the rows could not all be stored', () => {
  it('leads with the cause and names the file the batch resumes with', () => {
    const stopped = counts({ total: 10_000, done: 140, ok: 140, remaining: 9_860 });
    const end = endOfRun(
      {
        state: 'paused',
        counts: stopped,
        reason: 'interrupted',
        message:
          "The rest of the batch's rows could not be stored: the disk holding the history is full.",
      },
      'b1',
      'f.json',
      { file: 'f20k.csv', causeFirst: true },
    );
    expect(end.lines[0]).toMatch(
      /^the batch stopped before its end: The rest of the batch's rows could not be stored: the disk/,
    );
    expect(end.lines).toContain('resume it with: dcdesk bulk --resume b1 f20k.csv --output f.json');
  });

  it('quotes the output and the file in the resume command for a shell, on one line', () => {
    const end = endOfRun(
      { state: 'cancelled', counts: counts({ done: 4, ok: 4, remaining: 6 }) },
      'b1',
      commandWord('/tmp/my out.csv'),
      { file: "it's\nin.csv" },
    );
    expect(end.lines).toContain(
      "resume it with: dcdesk bulk --resume b1 'it'\\''s\\u000ain.csv' --output '/tmp/my out.csv'",
    );
  });
});

describe('endOfRun with a message from elsewhere', () => {
  it('keeps why the batch stopped on its line: it may hold the service’s words', () => {
    const end = endOfRun(
      {
        state: 'paused',
        counts: counts({ done: 4, ok: 4, remaining: 6 }),
        reason: 'service_degraded',
        message: 'The service is failing too many requests (last: busy\nbatch b1: 10 of 10 done).',
      },
      'b1',
      'o.json',
    );
    expect(end.lines).toContain(
      'the batch stopped before its end: The service is failing too many requests (last: busy\\u000abatch b1: 10 of 10 done).',
    );
  });
});

describe('jsonSummary', () => {
  const state = (end: Parameters<typeof jsonSummary>[0]) =>
    jsonSummary(end, 'b1', 'sandbox', 'o.json', 5).state;

  it('says the state dcdesk batches shows: interrupted for a run stopped by a signal', () => {
    const end = { counts: counts({}), message: 'Stopped by a signal (SIGTERM).' };
    expect(state({ ...end, state: 'paused', reason: 'interrupted' })).toBe('interrupted');
    expect(state({ ...end, state: 'paused', reason: 'user' })).toBe('paused');
  });

  it('says interrupted for a run whose answers could not be stored, as the batch is kept', () => {
    const failed = { state: 'failed', counts: counts({}), message: 'The results could not…' };
    expect(state(failed as Parameters<typeof jsonSummary>[0])).toBe('interrupted');
    // Taken over or deleted: no longer this run's to resume, so it failed here.
    expect(state(lostEnd(counts({}), false))).toBe('failed');
    expect(state(lostEnd(counts({}), true))).toBe('failed');
  });
});
