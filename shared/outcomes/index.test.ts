import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as outcomesModule from './index';

const here = dirname(fileURLToPath(import.meta.url));

/** Every module `file` reaches through relative imports, and every package it names. */
function importGraph(file: string, seen = new Set<string>(), packages = new Set<string>()) {
  if (seen.has(file)) return packages;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier = ''] of source.matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)) {
    if (specifier.startsWith('.'))
      importGraph(resolve(dirname(file), `${specifier}.ts`), seen, packages);
    else packages.add(specifier);
  }
  return packages;
}

describe('shared/outcomes', () => {
  it('exports the API the core, the command line and the renderer use', () => {
    for (const name of [
      'parseOutcome',
      'autoMapOutcomeColumns',
      'outcomeRowsFrom',
      'checkResponseRows',
      'responseCsv',
      'buildResponseFile',
      'responseFileBuilder',
      'previewResponseFile',
      'readResponseFile',
      'responseFileName',
    ]) {
      expect(typeof (outcomesModule as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(outcomesModule.responseColumns).toEqual(['ID Transacional', 'DeviceId', 'Resultado']);
  });

  it('reaches no SheetJS and no Node module, so it runs in the renderer main bundle', () => {
    const packages = importGraph(join(here, 'index.ts'));
    expect([...packages].sort()).toEqual(['fflate']);
  });
});
