import { describe, expect, it } from 'vitest';
import { defaultBaseUrls } from './environment';
import { settingKeys, settingsFrom, settingsPatchSchema } from './settings';

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

describe('a base URL stored in the settings', () => {
  it('is refused when plain http leaves the machine, and falls back to the default when read', () => {
    expect(() => settingsPatchSchema.parse({ testBaseUrl: 'http://example.com' })).toThrow(
      /must use https/,
    );
    expect(settingsPatchSchema.parse({ testBaseUrl: 'http://127.0.0.1:8080' })).toEqual({
      testBaseUrl: 'http://127.0.0.1:8080',
    });
    expect(settingsFrom({ productionBaseUrl: 'http://example.com' }).productionBaseUrl).toBe(
      defaultBaseUrls.production,
    );
  });
});
