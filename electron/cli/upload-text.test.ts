import { describe, expect, it } from 'vitest';
import type { UploadCheck, UploadView } from '../../shared/contract/outcomes';
import { describeCheck } from './upload-text';

const sent: UploadView = {
  id: 1,
  createdAt: '2026-11-28T01:00:00Z',
  fileName: 'a.csv',
  kind: 'csv',
  rows: 3,
  sha256: 'a'.repeat(64),
  environment: 'test',
  status: 'sent',
  httpStatus: 200,
  messages: [],
  answer: null,
  resentFrom: null,
  analyst: null,
  traceId: null,
  mayHaveArrived: false,
};

const check: UploadCheck = {
  fileName: 'b.csv',
  rows: 3,
  sha256: 'b'.repeat(64),
  environment: 'test',
  problems: [],
  foreignDevices: { count: 0, examples: [] },
  unseenDevices: { count: 0, examples: [] },
  sameFile: [],
  repeatedTransactions: 2,
  repeatedIn: [sent],
  changedSince: 0,
};

// Found by an outside tester (attack e3): a correction read as the same outcome sent twice.
describe('describeCheck', () => {
  it('says which repeated transactions carry a corrected outcome', () => {
    expect(describeCheck({ ...check, correctedTransactions: 1 })).toEqual([
      '2 of its 3 transactions were already sent to test in upload #1.',
      '1 of them carries a corrected outcome (sent before with another): sending reports the correction.',
    ]);
    expect(describeCheck({ ...check, correctedTransactions: 2 })[1]).toBe(
      '2 of them carry a corrected outcome (sent before with another): sending reports the corrections.',
    );
    expect(describeCheck(check)).toHaveLength(1);
  });
});
