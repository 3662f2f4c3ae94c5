import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isOnVisibleDisplay, loadWindowState, parseWindowState } from './window-state';

const laptop = { x: 0, y: 0, width: 1920, height: 1040 };
const rightMonitor = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('parseWindowState', () => {
  it('reads what was saved', () => {
    const text = JSON.stringify({
      bounds: { x: 10, y: 20, width: 1200, height: 800 },
      maximized: true,
    });
    expect(parseWindowState(text)).toEqual({
      bounds: { x: 10, y: 20, width: 1200, height: 800 },
      maximized: true,
    });
  });

  it.each([
    '',
    '{',
    'null',
    '[]',
    '{"bounds":{"x":1,"y":2,"width":"wide","height":3}}',
    '{"bounds":{"x":0,"y":0,"width":0,"height":600}}',
  ])('falls back to defaults for %j', (text) => {
    expect(parseWindowState(text)).toBeNull();
  });
});

describe('isOnVisibleDisplay', () => {
  it('accepts a window on the second monitor while it is connected', () => {
    expect(
      isOnVisibleDisplay({ x: 2200, y: 100, width: 1280, height: 820 }, [laptop, rightMonitor]),
    ).toBe(true);
  });

  it('refuses the same window once that monitor is gone', () => {
    expect(isOnVisibleDisplay({ x: 2200, y: 100, width: 1280, height: 820 }, [laptop])).toBe(false);
  });

  it('refuses a window with only a sliver left on screen', () => {
    expect(isOnVisibleDisplay({ x: 1900, y: 100, width: 1280, height: 820 }, [laptop])).toBe(false);
  });
});

describe('loadWindowState', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('restores a visible state and ignores a missing file', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-window-'));
    const file = path.join(dir, 'window-state.json');
    expect(loadWindowState(file, [laptop])).toBeNull();
    writeFileSync(
      file,
      JSON.stringify({ bounds: { x: 100, y: 100, width: 1280, height: 820 }, maximized: false }),
    );
    expect(loadWindowState(file, [laptop])?.bounds.x).toBe(100);
  });
});
