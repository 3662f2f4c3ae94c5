import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers inside electron/ (eslint.config.js), checked with the project's own lint config on
 * planted imports: the rule must refuse each crossing and let the allowed imports through.
 * Only `no-restricted-imports` runs, without type information, so the planted files need not exist.
 */
const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function refused(file: string, specifier: string): Promise<boolean> {
  const code = `import * as planted from '${specifier}';\nexport const kept = planted;\n`;
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.some((message) => message.ruleId === 'no-restricted-imports');
}

describe('the layers inside electron/', () => {
  it.each([
    ['electron/core/planted.ts', '../main/index'],
    ['electron/core/planted.ts', '../preload/bridge'],
    ['electron/core/planted.ts', '../webhost/server'],
    ['electron/core/planted.ts', '../cli/run'],
    ['electron/core/planted.ts', '../sandbox'],
    ['electron/core/store/planted.ts', '../../sandbox/server'],
    ['electron/core/handlers/planted.ts', '../../main'],
    ['electron/main/planted.ts', '../webhost/csp'],
    ['electron/sandbox/planted.ts', '../core/create-core'],
    ['electron/sandbox/planted.ts', '../main/app-origin'],
    ['electron/sandbox/planted.ts', '../../renderer/src/main'],
    ['electron/page-serving/planted.ts', '../webhost/server'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(true);
  });

  it.each([
    ['electron/core/planted.ts', './service/client'],
    ['electron/core/store/planted.ts', '../service/client'],
    ['electron/core/planted.ts', '../../shared/result'],
    ['electron/main/planted.ts', '../core/create-core'],
    ['electron/main/planted.ts', '../sandbox'],
    ['electron/main/planted.ts', '../page-serving/csp'],
    ['electron/webhost/planted.ts', '../page-serving/csp'],
    ['electron/sandbox/planted.ts', '../../shared/domain/types'],
    ['electron/sandbox/planted.ts', './faults'],
    ['electron/page-serving/planted.ts', '../../shared/result'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(false);
  });
});
