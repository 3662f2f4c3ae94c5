import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAllowedExternal,
  mayAttachWebview,
  mayNavigate,
  windowOpenDecision,
} from './navigation-policy';

/** URLs a page could try to reach; none of them is the app. */
const foreign = [
  'https://evil.example/',
  'http://127.0.0.1:8080/',
  'file:///etc/passwd',
  'data:text/html,<h1>hi</h1>',
  'blob:app://desk/5f0c',
  'javascript:alert(1)',
  'devtools://devtools/bundled/inspector.html',
  'chrome://settings',
  'app://desk.evil/index.html',
  'app://user:pass@desk/index.html',
  'app://desk:8080/index.html',
  'https://devicecheck.clearsale.com.br/',
  'not a url',
  '',
];

describe('mayNavigate', () => {
  it("allows the app's own pages", () => {
    expect(mayNavigate('app://desk/index.html')).toBe(true);
    expect(mayNavigate('app://desk/#/batches')).toBe(true);
  });

  it.each(foreign)('refuses %s', (url) => {
    expect(mayNavigate(url)).toBe(false);
  });

  it('refuses every web URL', () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => !mayNavigate(url)),
      { numRuns: 50 },
    );
  });
});

describe('windowOpenDecision', () => {
  it('denies every new window, and hands only the service sites to the browser', () => {
    expect(windowOpenDecision('https://devicecheck.clearsale.com.br/docs')).toEqual({
      action: 'deny',
      openExternally: 'https://devicecheck.clearsale.com.br/docs',
    });
    expect(windowOpenDecision('https://devicecheckhml.clearsale.com.br/')).toEqual({
      action: 'deny',
      openExternally: 'https://devicecheckhml.clearsale.com.br/',
    });
    expect(windowOpenDecision('app://desk/index.html')).toEqual({
      action: 'deny',
      openExternally: null,
    });
  });

  it.each([
    'http://devicecheck.clearsale.com.br/',
    'https://devicecheck.clearsale.com.br.evil.example/',
    'https://evil.example/?devicecheck.clearsale.com.br',
    'https://user:pass@devicecheck.clearsale.com.br/',
    'https://devicecheck.clearsale.com.br:8443/',
    'file:///C:/Windows/System32/calc.exe',
    'smb://server/share',
    ...foreign.filter((url) => !url.startsWith('https://devicecheck.')),
  ])('opens nothing for %s', (url) => {
    expect(isAllowedExternal(url)).toBe(false);
    expect(windowOpenDecision(url)).toEqual({ action: 'deny', openExternally: null });
  });

  it('hands nothing but an allowed link to the browser, whatever the URL', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl()), (url) => {
        const { openExternally } = windowOpenDecision(url);
        return openExternally === null || (openExternally === url && isAllowedExternal(url));
      }),
      { numRuns: 200 },
    );
  });
});

describe('mayAttachWebview', () => {
  it('never attaches a <webview>', () => {
    expect(mayAttachWebview()).toBe(false);
  });
});
