import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Words a screen shows or says in an attribute (a placeholder, a tooltip, a name for screen
 * readers) come from the catalogues, so Portuguese reads them in Portuguese: the team URL's
 * placeholder was written in the component as `postgresql://USER@HOST:PORT/DATABASE`. A format
 * made of digits and signs only (`000.000.000-00`) says the same in both languages.
 */
const source = path.join(import.meta.dirname, '..', '..', 'renderer', 'src');

function components(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return components(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

describe('attribute text in the components', () => {
  it('has no words written outside the catalogues', () => {
    const offenders: string[] = [];
    const files = components(source);
    // Read from the renderer's sources, not from a folder that moved.
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\b(placeholder|title|aria-label|alt)="([^"]*)"/g))
        if (/\p{L}/u.test(match[2] ?? ''))
          offenders.push(`${path.relative(source, file)}: ${match[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});
