import { describe, expect, it } from 'vitest';
import type { DeviceOrigins, UploadCheck } from '../../../../shared/contract/outcomes';
import { devicesAllowSend } from './device-origins-notice';

const none: DeviceOrigins = { count: 0, examples: [] };
const some: DeviceOrigins = {
  count: 1,
  examples: [{ transactionId: 'order-1', deviceId: 'dev-1', knownIn: [] }],
};

function check(extra: Partial<UploadCheck> = {}): UploadCheck {
  return {
    fileName: 'f.csv',
    rows: 1,
    sha256: 'a'.repeat(64),
    environment: 'sandbox',
    problems: [],
    foreignDevices: none,
    unseenDevices: none,
    sameFile: [],
    repeatedTransactions: 0,
    repeatedIn: [],
    changedSince: 0,
    ...extra,
  };
}

describe('devicesAllowSend', () => {
  it('never lets a transaction answered with another DeviceId go, whatever the box says', () => {
    expect(devicesAllowSend(check({ otherDevices: some }), true)).toBe(false);
    expect(devicesAllowSend(check({ otherDevices: some }), false)).toBe(false);
  });

  it('lets a transaction never looked up go only once the analyst says so', () => {
    expect(devicesAllowSend(check({ unpairedDevices: some }), false)).toBe(false);
    expect(devicesAllowSend(check({ unpairedDevices: some }), true)).toBe(true);
  });

  it('lets a file whose pairs the history vouches for go', () => {
    expect(devicesAllowSend(check(), false)).toBe(true);
    expect(devicesAllowSend(check({ unseenDevices: some }), false)).toBe(false);
    expect(devicesAllowSend(check({ foreignDevices: some }), true)).toBe(false);
  });
});
