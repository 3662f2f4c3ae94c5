import { describe, it, expect } from 'vitest';
import { parseInsightResult } from './insight';
import type { InsightResult } from './types';

function parsed(body: unknown): InsightResult {
  const result = parseInsightResult(body);
  if (!result.ok) throw new Error(`expected a result, got: ${result.reason}`);
  return result.value;
}

const documented = {
  deviceID: 'd-123',
  insights: ['DEV0001', 'GER0002'],
  alertQuantity: 2,
  deviceAge: 720,
  deviceRisk: 'low',
  score: 0.12,
  similarityResult: { deviceID: 'd-123', maximumScore: [0.91, 0.5], similarDevices: ['d-9'] },
};

describe('parseInsightResult', () => {
  it('reads a documented answer without smartID', () => {
    expect(parsed(documented)).toEqual({
      deviceID: 'd-123',
      insights: ['DEV0001', 'GER0002'],
      alertQuantity: 2,
      deviceAge: 720,
      deviceRisk: 'low',
      score: 0.12,
      smartID: null,
      similarityResult: { deviceID: 'd-123', maximumScore: [0.91, 0.5], similarDevices: ['d-9'] },
      extra: {},
    });
  });

  it('reads smartID as a string, converting a number', () => {
    expect(parsed({ ...documented, smartID: 'smart-1' }).smartID).toBe('smart-1');
    expect(parsed({ ...documented, smartID: 4711 }).smartID).toBe('4711');
    expect(parsed({ ...documented, smartID: { id: 1 } }).smartID).toBeNull();
  });

  it('matches keys case-insensitively', () => {
    const value = parsed({
      DeviceId: 'd-1',
      Insights: ['DEV0003'],
      AlertQuantity: 1,
      DEVICEAGE: 5,
      DeviceRisk: 'HIGH',
      Score: 0.9,
      SmartId: 's',
      SimilarityResult: { DeviceId: 'd-1', MaximumScore: [0.3], SimilarDevices: ['d-2'] },
    });
    expect(value).toEqual({
      deviceID: 'd-1',
      insights: ['DEV0003'],
      alertQuantity: 1,
      deviceAge: 5,
      deviceRisk: 'high',
      score: 0.9,
      smartID: 's',
      similarityResult: { deviceID: 'd-1', maximumScore: [0.3], similarDevices: ['d-2'] },
      extra: {},
    });
    expect(parsed({ deviceId: 'd-2' }).deviceID).toBe('d-2');
  });

  it("reads deviceRisk 'undefined' as a risk level, not as absence", () => {
    expect(parsed({ ...documented, deviceRisk: 'undefined' }).deviceRisk).toBe('undefined');
    expect(parsed({ ...documented, deviceRisk: ' Medium ' }).deviceRisk).toBe('medium');
  });

  it('keeps an unexpected deviceRisk in extra and gives null', () => {
    const value = parsed({ ...documented, deviceRisk: 'critical' });
    expect(value.deviceRisk).toBeNull();
    expect(value.extra).toEqual({ deviceRisk: 'critical' });
    expect(parsed({ ...documented, deviceRisk: 2 }).extra).toEqual({ deviceRisk: 2 });
    expect(parsed({ ...documented, deviceRisk: null }).extra).toEqual({});
  });

  it('accepts numeric strings for the integers and the score', () => {
    const value = parsed({ alertQuantity: '3', deviceAge: ' 48 ', score: '0.75' });
    expect([value.alertQuantity, value.deviceAge, value.score]).toEqual([3, 48, 0.75]);
  });

  it('gives null for non-integers and non-numbers', () => {
    const value = parsed({ alertQuantity: 1.5, deviceAge: 'many', score: '0.7x' });
    expect([value.alertQuantity, value.deviceAge, value.score]).toEqual([null, null, null]);
    expect(parsed({ score: '' }).score).toBeNull();
    expect(parsed({ score: true }).score).toBeNull();
  });

  it('keeps a score outside 0..1 as sent', () => {
    expect(parsed({ score: 1.5 }).score).toBe(1.5);
    expect(parsed({ score: -0.25 }).score).toBe(-0.25);
  });

  it('keeps only the string insights; absent or not a list gives []', () => {
    expect(parsed({ insights: ['DEV0001', 7, null, 'GER0002', {}] }).insights).toEqual([
      'DEV0001',
      'GER0002',
    ]);
    expect(parsed({}).insights).toEqual([]);
    expect(parsed({ insights: 'DEV0001' }).insights).toEqual([]);
  });

  it('fills nulls for an empty object', () => {
    expect(parsed({})).toEqual({
      deviceID: null,
      insights: [],
      alertQuantity: null,
      deviceAge: null,
      deviceRisk: null,
      score: null,
      smartID: null,
      similarityResult: null,
      extra: {},
    });
  });

  it('keeps unknown fields in extra as sent', () => {
    const value = parsed({ ...documented, riskReasons: ['a'], Version: 2, nested: { x: 1 } });
    expect(value.extra).toEqual({ riskReasons: ['a'], Version: 2, nested: { x: 1 } });
  });

  it('keeps a __proto__ field as data, without touching the prototype', () => {
    const value = parsed(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(Object.keys(value.extra)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value.extra)).toBe(Object.prototype);
  });

  it('keeps a second key that differs only in case in extra', () => {
    const value = parsed({ deviceID: 'first', DeviceId: 'second' });
    expect(value.deviceID).toBe('first');
    expect(value.extra).toEqual({ DeviceId: 'second' });
  });

  it('fails when the body is not a JSON object', () => {
    expect(parseInsightResult(null)).toEqual({
      ok: false,
      reason: 'expected a JSON object, got null',
    });
    expect(parseInsightResult([documented])).toEqual({
      ok: false,
      reason: 'expected a JSON object, got an array',
    });
    expect(parseInsightResult('{}')).toEqual({
      ok: false,
      reason: 'expected a JSON object, got a string',
    });
    expect(parseInsightResult(undefined)).toEqual({
      ok: false,
      reason: 'expected a JSON object, got nothing',
    });
  });
});

describe('parseInsightResult: similarityResult', () => {
  const similarity = (value: unknown) => parsed({ similarityResult: value }).similarityResult;

  it('reads maximumScore given as numbers and numeric strings', () => {
    expect(similarity({ maximumScore: [0.9, '0.4', 'high', null] })?.maximumScore).toEqual([
      0.9, 0.4,
    ]);
  });

  it('reads maximumScore given as objects, preferring score, maximumScore or value', () => {
    expect(
      similarity({
        maximumScore: [
          { deviceID: 'd-2', score: 0.8 },
          { rank: 1, MaximumScore: '0.7' },
          { rank: 2, value: 0.6 },
          { similarity: 0.5, label: 'x' },
          { label: 'no number' },
        ],
      })?.maximumScore,
    ).toEqual([0.8, 0.7, 0.6, 0.5]);
  });

  it('accepts a single maximumScore and absent lists', () => {
    expect(similarity({ maximumScore: 0.42 })).toEqual({
      deviceID: null,
      maximumScore: [0.42],
      similarDevices: [],
    });
  });

  it('keeps only string similar devices', () => {
    expect(similarity({ similarDevices: ['d-1', 2, 'd-3'] })?.similarDevices).toEqual([
      'd-1',
      'd-3',
    ]);
  });

  it('is null when absent or not an object', () => {
    expect(similarity(undefined)).toBeNull();
    expect(similarity(null)).toBeNull();
    expect(similarity([0.9])).toBeNull();
  });
});
