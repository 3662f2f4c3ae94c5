import type { TestContext } from 'vitest';

/**
 * Skips the running test, with its reason as the skip's note, where the machine cannot set up
 * what the test proves: a test that returned early would be counted as passed. The reason is
 * printed too, since the default reporter shows a skip's note only when it lists each test.
 */
export function skipBecause(context: TestContext, reason: string): never {
  console.warn(`Skipped: ${reason}`);
  return context.skip(reason);
}
