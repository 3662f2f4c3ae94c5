import { describe, expect, it } from 'vitest';
import { userWorkingDirectory } from './working-directory';

describe('userWorkingDirectory', () => {
  it('is where the user typed the command when npm run started it elsewhere', () => {
    const env = { npm_lifecycle_event: 'dcdesk', INIT_CWD: '/home/ana/work' };
    expect(userWorkingDirectory(env, '/opt/device-check-desk')).toBe('/home/ana/work');
  });

  it('ignores INIT_CWD outside npm run dcdesk', () => {
    expect(userWorkingDirectory({ INIT_CWD: '/elsewhere' }, '/home/ana')).toBe('/home/ana');
    expect(
      userWorkingDirectory({ npm_lifecycle_event: 'test', INIT_CWD: '/elsewhere' }, '/home/ana'),
    ).toBe('/home/ana');
    expect(userWorkingDirectory({ npm_lifecycle_event: 'dcdesk' }, '/home/ana')).toBe('/home/ana');
  });
});
