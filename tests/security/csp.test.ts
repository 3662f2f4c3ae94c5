import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../electron/page-serving/csp';

/**
 * The renderer's Content Security Policy (Electron checklist items 1 and 7): one policy, in the
 * meta tag of renderer/index.html and in the header that electron/main/protocol.ts (app://) and
 * the web host send, that allows nothing but the app's own files.
 */
type Policy = Map<string, string[]>;

function parse(policy: string): Policy {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function metaPolicy(html: string): string {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
  if (!meta) throw new Error('no Content-Security-Policy meta tag');
  return meta[1]!;
}

const header = parse(contentSecurityPolicy);
const builtIndex = 'dist/renderer/index.html';
// `npm test` builds first; a lone run of this file before any build cannot check the built page.
if (!existsSync(builtIndex))
  console.warn(`Skipping the built page's CSP check: ${builtIndex} is not built (npm run build).`);

describe('the Content Security Policy', () => {
  it('allows scripts, styles and connections from the app itself only', () => {
    expect(header.get('default-src')).toEqual(["'self'"]);
    expect(header.get('script-src')).toEqual(["'self'"]);
    expect(header.get('style-src')).toEqual(["'self'"]);
    expect(header.get('connect-src')).toEqual(["'self'"]);
    // The spreadsheet workers are files of the build (tests/e2e/csp-workers.spec.ts), never blobs.
    expect(header.get('worker-src')).toEqual(["'self'"]);
    expect(header.get('object-src')).toEqual(["'none'"]);
    expect(header.get('base-uri')).toEqual(["'none'"]);
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
    const sources = [...header.values()].flat();
    for (const unsafe of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'unsafe-hashes'",
      '*',
      'http:',
      'https:',
      'blob:',
    ])
      expect(sources).not.toContain(unsafe);
    expect(sources.filter((source) => /^[a-z]+:\/\//i.test(source))).toEqual([]);
  });

  it('is the same in the meta tag of renderer/index.html (which cannot carry frame-ancestors)', () => {
    const meta = parse(metaPolicy(readFileSync('renderer/index.html', 'utf8')));
    const expected = new Map(header);
    expected.delete('frame-ancestors');
    expect(meta).toEqual(expected);
  });

  it('is sent as a header with every page of app://', () => {
    expect(readFileSync('electron/main/protocol.ts', 'utf8')).toContain(
      "'Content-Security-Policy': contentSecurityPolicy",
    );
  });

  // Skipped only when the renderer was not built (a lone `vitest run`); `npm test` builds it
  // first, so in CI the built page is always checked.
  it.skipIf(!existsSync(builtIndex))(
    'survives the build, and the built page has no inline script or remote resource',
    () => {
      const html = readFileSync(builtIndex, 'utf8');
      expect(parse(metaPolicy(html))).toEqual(
        parse(metaPolicy(readFileSync('renderer/index.html', 'utf8'))),
      );
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/\bsrc="/);
        expect(body!.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//i);
    },
  );
});
