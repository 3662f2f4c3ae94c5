import { describe, it, expect } from 'vitest';
import { maxDeviceIdChars, parseInsightResult } from './insight';
import type { InsightResult } from './types';

function parsed(body: unknown): InsightResult {
  const result = parseInsightResult(body);
  if (!result.ok) throw new Error(`expected a result, got: ${result.problems.join('; ')}`);
  return result.value;
}

function problems(body: unknown): string[] {
  const result = parseInsightResult(body);
  if (result.ok) throw new Error(`expected problems, got ${JSON.stringify(result.value)}`);
  return result.problems;
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

describe('parseInsightResult: conforming answers', () => {
  it('reads a documented answer without smartID', () => {
    expect(parseInsightResult(documented)).toEqual({
      ok: true,
      value: {
        deviceID: 'd-123',
        insights: ['DEV0001', 'GER0002'],
        alertQuantity: 2,
        deviceAge: 720,
        deviceRisk: 'low',
        score: 0.12,
        smartID: null,
        similarityResult: {
          deviceID: 'd-123',
          maximumScore: [0.91, 0.5],
          similarDevices: ['d-9'],
        },
      },
      unknownFields: [],
    });
    expect(parsed({ ...documented, smartID: 'smart-1' }).smartID).toBe('smart-1');
  });

  it("reads deviceRisk 'undefined' as a risk level, not as absence", () => {
    expect(parsed({ ...documented, deviceRisk: 'undefined' }).deviceRisk).toBe('undefined');
  });

  it('reads the ends of the score range', () => {
    expect(parsed({ ...documented, score: 0 }).score).toBe(0);
    expect(parsed({ ...documented, score: 1 }).score).toBe(1);
  });
});

describe('parseInsightResult: tolerated deviations', () => {
  it('tolerates unknown fields, naming them but keeping none of their values', () => {
    const result = parseInsightResult({
      ...documented,
      riskReasons: ['a'],
      similarityResult: { ...documented.similarityResult, rank: 1 },
    });
    expect(result).toMatchObject({
      ok: true,
      unknownFields: ['riskReasons', 'similarityResult.rank'],
    });
    expect(JSON.stringify(result.ok && result.value)).not.toContain('riskReasons');
  });

  it('tolerates a __proto__ field as an unknown one, without touching any prototype', () => {
    const result = parseInsightResult(JSON.parse('{"deviceID":"d","__proto__":{"x":1}}'));
    expect(result).toMatchObject({ ok: true, unknownFields: ['__proto__'] });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('tolerates every optional field absent or null, giving null or an empty list', () => {
    const empty = {
      deviceID: 'd-1',
      insights: [],
      alertQuantity: null,
      deviceAge: null,
      deviceRisk: null,
      score: null,
      smartID: null,
      similarityResult: null,
    };
    expect(parsed({ deviceID: 'd-1' })).toEqual(empty);
    expect(
      parsed({
        deviceID: 'd-1',
        insights: null,
        alertQuantity: null,
        deviceAge: null,
        deviceRisk: null,
        score: null,
        smartID: null,
        similarityResult: null,
      }),
    ).toEqual(empty);
    expect(parsed({ deviceID: 'd-1', similarityResult: {} }).similarityResult).toEqual({
      deviceID: null,
      maximumScore: [],
      similarDevices: [],
    });
  });

  it('tolerates numbers sent as numeric strings', () => {
    const value = parsed({
      ...documented,
      alertQuantity: '3',
      deviceAge: ' 48 ',
      score: '0.75',
      similarityResult: { maximumScore: ['0.4', 0.3] },
    });
    expect([value.alertQuantity, value.deviceAge, value.score]).toEqual([3, 48, 0.75]);
    expect(value.similarityResult?.maximumScore).toEqual([0.4, 0.3]);
  });

  it('tolerates keys in another letter case', () => {
    expect(
      parsed({
        DeviceId: 'd-1',
        Insights: ['DEV0003'],
        AlertQuantity: 1,
        DEVICEAGE: 5,
        DeviceRisk: 'high',
        Score: 0.9,
        SmartId: 's',
        SimilarityResult: { DeviceId: 'd-1', MaximumScore: [0.3], SimilarDevices: ['d-2'] },
      }),
    ).toEqual({
      deviceID: 'd-1',
      insights: ['DEV0003'],
      alertQuantity: 1,
      deviceAge: 5,
      deviceRisk: 'high',
      score: 0.9,
      smartID: 's',
      similarityResult: { deviceID: 'd-1', maximumScore: [0.3], similarDevices: ['d-2'] },
    });
  });

  it('tolerates deviceRisk in another letter case, but not padded or misspelt', () => {
    expect(parsed({ ...documented, deviceRisk: 'Medium' }).deviceRisk).toBe('medium');
    expect(problems({ ...documented, deviceRisk: ' medium' })).toEqual([
      'deviceRisk is the text " medium"; expected one of undefined, low, medium, high',
    ]);
  });

  it('reads maximumScore objects (the declared type) by score, maximumScore or value', () => {
    expect(
      parsed({
        deviceID: 'd',
        similarityResult: {
          maximumScore: [{ deviceID: 'd-2', score: 0.8 }, { MaximumScore: '0.7' }, { value: 0.6 }],
        },
      }).similarityResult?.maximumScore,
    ).toEqual([0.8, 0.7, 0.6]);
  });
});

describe('parseInsightResult: refused answers', () => {
  it('refuses the answer of the issue, naming every offending field', () => {
    expect(problems({ deviceID: 123, insights: 'x', score: 'high', deviceRisk: { a: 1 } })).toEqual(
      [
        'deviceID is the number 123; expected text',
        'insights is the text "x"; expected a list of text',
        'deviceRisk is an object; expected one of undefined, low, medium, high',
        'score is the text "high"; expected a number from 0 to 1',
      ],
    );
  });

  it('refuses a body that is not an object', () => {
    expect(problems([documented])).toEqual(['the answer is a list of 1, not an object']);
    expect(problems(null)).toEqual(['the answer is null, not an object']);
    expect(problems('{}')).toEqual(['the answer is the text "{}", not an object']);
    expect(problems(7)).toEqual(['the answer is the number 7, not an object']);
  });

  it('refuses a missing or empty deviceID', () => {
    expect(problems({})).toEqual(['deviceID is missing']);
    expect(problems({ ...documented, deviceID: null })).toEqual(['deviceID is missing']);
    expect(problems({ ...documented, deviceID: ' ' })).toEqual(['deviceID is empty']);
  });

  it('refuses identifiers holding control, direction or invisible characters, and an empty code', () => {
    // A DeviceId with a line break went into the response file as a broken line (issue 13).
    expect(problems({ ...documented, deviceID: 'dev\u0000C\r\n,"x' })).toEqual([
      'deviceID is the text "dev\\u0000C\\r\\n,\\"x"; it holds a control, direction or invisible character (U+0000, U+000D, U+000A)',
    ]);
    expect(problems({ ...documented, deviceID: 'dev\u200B1' })).toEqual([
      'deviceID is the text "dev\\u200b1"; it holds a control, direction or invisible character (U+200B)',
    ]);
    expect(problems({ ...documented, smartID: 's\u202Eid' })).toHaveLength(1);
    expect(problems({ ...documented, insights: ['DEV0001', ''] })).toEqual([
      'insights[1] is empty',
    ]);
    expect(problems({ ...documented, insights: ['DEV\t1'] })).toHaveLength(1);
    expect(
      problems({
        ...documented,
        similarityResult: { deviceID: 'd\n1', similarDevices: ['d-9', 'd\u0007'] },
      }),
    ).toEqual([
      'similarityResult.deviceID is the text "d\\n1"; it holds a control, direction or invisible character (U+000A)',
      'similarityResult.similarDevices[1] is the text "d\\u0007"; it holds a control, direction or invisible character (U+0007)',
    ]);
  });

  it('refuses a device ID longer than a device can be searched for or opened by', () => {
    const longest = 'd'.repeat(maxDeviceIdChars);
    expect(parseInsightResult({ ...documented, deviceID: longest }).ok).toBe(true);
    expect(
      problems({
        ...documented,
        deviceID: `${longest}x`,
        similarityResult: { deviceID: `${longest}y`, similarDevices: ['d-9', `${longest}z`] },
      }),
    ).toEqual([
      `deviceID is 129 characters long; a device ID is at most ${String(maxDeviceIdChars)}`,
      `similarityResult.deviceID is 129 characters long; a device ID is at most ${String(maxDeviceIdChars)}`,
      `similarityResult.similarDevices[1] is 129 characters long; a device ID is at most ${String(maxDeviceIdChars)}`,
    ]);
  });

  it('refuses a device ID with spaces at its edges: its outcome could never be sent', () => {
    expect(
      problems({
        ...documented,
        deviceID: 'DEV-abc123 ',
        similarityResult: { deviceID: ' d-1', similarDevices: ['d-9', 'd-8'] },
      }),
    ).toEqual([
      'deviceID is the text "DEV-abc123 "; it has spaces at its start or end, which a device ID cannot have in the response-variable file',
      'similarityResult.deviceID is the text " d-1"; it has spaces at its start or end, which a device ID cannot have in the response-variable file',
    ]);
  });

  it('refuses a score outside 0..1 or not a number', () => {
    expect(problems({ ...documented, score: 1.5 })).toEqual([
      'score is the number 1.5; expected a number from 0 to 1',
    ]);
    expect(problems({ ...documented, score: -0.25 })).toHaveLength(1);
    expect(problems({ ...documented, score: '0.7x' })).toHaveLength(1);
    expect(problems({ ...documented, score: true })).toEqual([
      'score is the value true; expected a number from 0 to 1',
    ]);
  });

  it('refuses an unknown deviceRisk', () => {
    expect(problems({ ...documented, deviceRisk: 'critical' })).toEqual([
      'deviceRisk is the text "critical"; expected one of undefined, low, medium, high',
    ]);
    expect(problems({ ...documented, deviceRisk: 2 })).toHaveLength(1);
  });

  it('refuses counts that are negative, fractional or not numbers', () => {
    expect(problems({ ...documented, alertQuantity: 1.5, deviceAge: -1 })).toEqual([
      'alertQuantity is the number 1.5; expected a whole number from 0',
      'deviceAge is the number -1; expected a whole number from 0',
    ]);
    expect(problems({ ...documented, deviceAge: 'many' })).toHaveLength(1);
  });

  it('refuses a smartID that is not text', () => {
    expect(problems({ ...documented, smartID: 4711 })).toEqual([
      'smartID is the number 4711; expected text',
    ]);
  });

  it('refuses a list element of the wrong type, naming its position', () => {
    expect(problems({ ...documented, insights: ['DEV0001', 7] })).toEqual([
      'insights[1] is the number 7; expected text',
    ]);
    expect(
      problems({
        ...documented,
        similarityResult: { maximumScore: [0.9, 'high'], similarDevices: ['d', null] },
      }),
    ).toEqual([
      'similarityResult.maximumScore[1] is the text "high"; expected a number from 0 to 1',
      'similarityResult.similarDevices[1] is null; expected text',
    ]);
  });

  // A similarity score is a score: outside 0..1 it is no more an answer than a top-level one is.
  it('refuses a similarity score outside 0..1, as a number, as text or in an object', () => {
    expect(problems({ ...documented, similarityResult: { maximumScore: [42, -7] } })).toEqual([
      'similarityResult.maximumScore[0] is the number 42; expected a number from 0 to 1',
    ]);
    expect(problems({ ...documented, similarityResult: { maximumScore: [0.5, '-0.1'] } })).toEqual([
      'similarityResult.maximumScore[1] is the text "-0.1"; expected a number from 0 to 1',
    ]);
    expect(
      problems({ ...documented, similarityResult: { maximumScore: [{ score: 1.5 }] } }),
    ).toEqual(['similarityResult.maximumScore[0] is an object; expected a number from 0 to 1']);
    expect(
      parseInsightResult({ ...documented, similarityResult: { maximumScore: [0, 1, '0.25'] } }),
    ).toMatchObject({ ok: true, value: { similarityResult: { maximumScore: [0, 1, 0.25] } } });
  });

  it('refuses a similarityResult that is not an object, or a maximumScore that is not a list', () => {
    expect(problems({ ...documented, similarityResult: [0.9] })).toEqual([
      'similarityResult is a list of 1; expected an object',
    ]);
    expect(problems({ ...documented, similarityResult: { maximumScore: 0.4 } })).toEqual([
      'similarityResult.maximumScore is the number 0.4; expected a list',
    ]);
  });

  it('refuses a known field sent twice in different letter cases', () => {
    expect(problems({ deviceID: 'first', DeviceId: 'second' })).toEqual([
      'deviceID is sent twice, as deviceID and DeviceId',
    ]);
    expect(parseInsightResult({ deviceID: 'd', note: 1, Note: 2 })).toMatchObject({ ok: true });
  });

  it('shows at most 40 characters of an offending text', () => {
    const [problem] = problems({ ...documented, deviceRisk: 'x'.repeat(10_000) });
    expect(problem).toBe(
      `deviceRisk is the text "${'x'.repeat(40)}…"; expected one of undefined, low, medium, high`,
    );
  });
});
