import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/settings';
import { tempHistory } from '../../../tests/support/history';
import { settingsRepo } from './settings.repo';

let close: () => void = () => undefined;
afterEach(() => close());

describe('settingsRepo', () => {
  it('returns defaults, stores checked changes and ignores stored values that no longer parse', async () => {
    const history = await tempHistory();
    close = history.close;
    const repo = settingsRepo(history.db);
    expect(repo.read()).toEqual(defaultSettings);
    expect(repo.write({ retentionDays: 30, ratePerSecond: 5 })).toMatchObject({
      retentionDays: 30,
      ratePerSecond: 5,
      concurrency: 8,
    });
    expect(() => repo.write({ concurrency: 65 })).toThrow();
    expect(() => repo.write({ unknown: 1 } as never)).toThrow();
    history.db
      .prepare("UPDATE settings SET value_json = '\"ninety\"' WHERE key = 'retentionDays'")
      .run();
    expect(repo.read().retentionDays).toBe(90);
  });
});

describe('settingsRepo.write', () => {
  it('changes only the keys it is given', async () => {
    const history = await tempHistory();
    close = history.close;
    const repo = settingsRepo(history.db);
    repo.write({ testBaseUrl: 'https://hml.example', retentionDays: 30 });
    expect(repo.write({ activeEnvironment: 'test' })).toMatchObject({
      testBaseUrl: 'https://hml.example',
      retentionDays: 30,
      activeEnvironment: 'test',
    });
  });
});
