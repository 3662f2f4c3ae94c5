import { describe, expect, it } from 'vitest';
import { settingKeys, settingsPatchSchema } from './settings';

describe('settingsPatchSchema', () => {
  it('keeps a patch to the keys it names, so one change never resets the others', () => {
    expect(settingsPatchSchema.parse({ activeEnvironment: 'test' })).toEqual({
      activeEnvironment: 'test',
    });
    expect(settingsPatchSchema.parse({})).toEqual({});
  });

  it('covers every setting and refuses unknown keys and out-of-range values', () => {
    expect(Object.keys(settingsPatchSchema.shape).sort()).toEqual([...settingKeys].sort());
    expect(settingsPatchSchema.safeParse({ colour: 'blue' }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ concurrency: 65 }).success).toBe(false);
  });
});
