import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'tests/packaging/**/*.test.ts',
      'tests/security/**/*.test.ts',
      'tests/docs/**/*.test.ts',
    ],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    globalSetup: ['tests/support/global-setup.ts', 'tests/support/secret-service.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
