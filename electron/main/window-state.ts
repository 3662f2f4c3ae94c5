import { readFileSync } from 'node:fs';
import { writeAtomicallySync } from '../core/write-atomically';
import type { BrowserWindow, Rectangle } from 'electron';

/**
 * The window's size and position across runs, in a small JSON file in the data folder. Only type
 * imports from Electron: the rules below are tested in plain Node.
 */
export interface WindowState {
  bounds: Rectangle;
  maximized: boolean;
}

/** How much of the window must lie on one display for the analyst to reach and drag it. */
const minVisible = { width: 120, height: 60 };

function isRectangle(value: unknown): value is Rectangle {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y, width, height } = value as Record<string, unknown>;
  return [x, y, width, height].every((n) => typeof n === 'number' && Number.isFinite(n));
}

/** The saved state, or null for a missing, damaged or hand-edited file: then defaults apply. */
export function parseWindowState(text: string): WindowState | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { bounds, maximized } = value as Record<string, unknown>;
    if (!isRectangle(bounds) || bounds.width <= 0 || bounds.height <= 0) return null;
    return { bounds, maximized: maximized === true };
  } catch {
    return null;
  }
}

/** Whether enough of the window is on one of the displays' work areas (a monitor may be gone). */
export function isOnVisibleDisplay(bounds: Rectangle, workAreas: readonly Rectangle[]): boolean {
  return workAreas.some((area) => {
    const width =
      Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const height =
      Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
    return width >= minVisible.width && height >= minVisible.height;
  });
}

/** The state to restore, only when it would put the window somewhere visible. */
export function loadWindowState(file: string, workAreas: readonly Rectangle[]): WindowState | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const state = parseWindowState(text);
  return state && isOnVisibleDisplay(state.bounds, workAreas) ? state : null;
}

/**
 * Saves the window's normal (unmaximised) bounds when it closes. Written to a temporary file,
 * synced and renamed, so neither a crash nor a power cut leaves a half file; a failure only loses the position, so it
 * is ignored rather than allowed to block closing.
 */
export function rememberWindowState(window: BrowserWindow, file: string): void {
  window.on('close', () => {
    const state: WindowState = {
      bounds: window.getNormalBounds(),
      maximized: window.isMaximized(),
    };
    try {
      writeAtomicallySync(file, JSON.stringify(state));
    } catch {
      // Nothing to do: the next start uses the default size.
    }
  });
}
