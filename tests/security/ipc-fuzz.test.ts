import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/create-core';
import type { CredentialStore } from '../../electron/core/credentials/keychain';
import { appUrl } from '../../electron/main/app-origin';
import { dispatch, type Sender } from '../../electron/main/ipc-guard';
import { operationNames } from '../../shared/contract/names';
import { operations, type OperationName } from '../../shared/contract/operations';
import { ok, type Result } from '../../shared/result';
import { maxSpreadsheetRows } from '../../shared/spreadsheet/limits';
import { requestLine } from '../../shared/contract/request-lines';
import { sampleTransaction } from '../support/transactions';
import { anyValue, foreignUrl, notAnObject, otherTypeThan, validSamples } from './ipc-samples';
import { startSandbox } from '../../electron/sandbox';

/**
 * Fuzzes the IPC door: `dispatch` (electron/main/ipc-guard.ts, what every ipcMain handler runs)
 * in front of the real core, whose `call` parses the input with the contract schema before any
 * handler. Two properties, for every operation of the contract:
 *
 * - a call from anything but the app's own page in the app window is refused with `forbidden`
 *   and never reaches the core, whatever it sends;
 * - a malformed input from the app's page is refused with `validation` by the schema, and no
 *   handler runs: nothing fetched, the keychain untouched, the history files unchanged.
 */
const app: Sender = { url: appUrl, isMainFrame: true, fromAppWindow: true };
const names = operationNames as readonly OperationName[];
const runs = 60;

const counts = { foreignCalls: 0, foreignRefused: 0, malformedCalls: 0, malformedRefused: 0 };
const side = { fetches: 0, keychainCalls: 0 };

/** A keychain that counts its calls: no handler may reach it for a refused input. */
function countingKeychain(): CredentialStore {
  const touched = <T>(value: T): Promise<Result<T>> => {
    side.keychainCalls++;
    return Promise.resolve(ok(value));
  };
  return {
    save: () => touched(undefined),
    read: () => touched(null),
    remove: () => touched(false),
    has: () => touched(false),
    username: () => touched(null),
    teamPassword: {
      save: () => touched(undefined),
      read: () => touched(null),
      remove: () => touched(false),
    },
  };
}

/** The bytes of the history files (the -shm index changes on reads, so it is left out). */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('-shm')) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return files;
}

/** A short, printable form of any fuzz value, for a failure message. */
function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  return text.slice(0, 300);
}

let dataDir: string;
let core: Core;
let before: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-ipc-fuzz-'));
  const created = await createCore({
    dataDir,
    fetch: () => {
      side.fetches++;
      return Promise.reject(new Error('no network in the IPC fuzz test'));
    },
    keychain: countingKeychain(),
    startSandbox,
    version: '0.0.0-fuzz',
    locale: 'en',
    platform: 'linux',
  });
  if (!created.ok) throw new Error(created.error.message);
  core = created.value;
  // Opening the history checks the keychain once; from here on nothing may touch either.
  side.keychainCalls = 0;
  before = snapshot(dataDir);
});

afterAll(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `IPC fuzz: ${String(counts.foreignRefused)}/${String(counts.foreignCalls)} foreign-sender calls ` +
      `and ${String(counts.malformedRefused)}/${String(counts.malformedCalls)} malformed inputs ` +
      `refused over ${String(names.length)} operations; handlers reached: fetch ` +
      `${String(side.fetches)}, keychain ${String(side.keychainCalls)}.`,
  );
});

describe('the fuzz inputs', () => {
  it('has a valid sample for every operation, and each passes its schema', () => {
    expect(names.filter((name) => !(name in validSamples))).toEqual([]);
    for (const name of names) {
      const parsed = operations[name].input.safeParse(validSamples[name]);
      expect(parsed.error?.issues ?? [], name).toEqual([]);
    }
  });
});

describe('foreign senders', () => {
  const sender: fc.Arbitrary<Sender | null | 'throws'> = fc.oneof(
    foreignUrl.map((url) => ({ ...app, url })),
    fc.record({
      url: fc.constant(appUrl),
      isMainFrame: fc.constant(false),
      fromAppWindow: fc.boolean(),
    }),
    fc.record({
      url: fc.constant(appUrl),
      isMainFrame: fc.boolean(),
      fromAppWindow: fc.constant(false),
    }),
    fc.record({ url: foreignUrl, isMainFrame: fc.boolean(), fromAppWindow: fc.boolean() }),
    fc.constant(null),
    fc.constant('throws' as const),
  );

  it.each(names)(
    '%s: every call from outside the app page is refused before the core',
    async (name) => {
      await fc.assert(
        fc.asyncProperty(
          sender,
          fc.oneof(fc.constant(validSamples[name]), anyValue),
          async (from, payload) => {
            let reached = 0;
            const spy = { call: () => ((reached += 1), Promise.resolve(ok(null))) };
            const result = await dispatch(
              spy,
              name,
              () => {
                if (from === 'throws') throw new Error('Render frame was disposed');
                return from;
              },
              payload,
            );
            counts.foreignCalls++;
            expect(result.ok).toBe(false);
            expect(result.ok ? '' : result.error.code).toBe(
              from === 'throws' ? 'internal' : 'forbidden',
            );
            expect(reached).toBe(0);
            counts.foreignRefused++;
          },
        ),
        { numRuns: runs * 2 },
      );
      // The control: the same door lets the app's page through to the core.
      let reached = 0;
      const spy = { call: () => ((reached += 1), Promise.resolve(ok(null))) };
      await dispatch(spy, name, () => app, validSamples[name]);
      expect(reached).toBe(1);
    },
  );
});

describe('malformed inputs from the app page', () => {
  /** Sends one input through the door and checks the schema refused it before any handler. */
  async function expectRefused(name: string, payload: unknown): Promise<void> {
    counts.malformedCalls++;
    const result = await dispatch(core, name, () => app, payload);
    if (result.ok) throw new Error(`${name} accepted a malformed input: ${show(payload)}`);
    expect(result.error.code).toBe('validation');
    // Only the parse step in the core words it this way: the handler was never called.
    expect(result.error.message).toMatch(
      Object.hasOwn(operations, name)
        ? `The request to ${name} is not valid.`
        : /There is no operation/,
    );
    expect(side).toEqual({ fetches: 0, keychainCalls: 0 });
    counts.malformedRefused++;
  }

  it.each(names)('%s refuses anything that is not an input object', async (name) => {
    await fc.assert(
      fc.asyncProperty(notAnObject, (payload) => expectRefused(name, payload)),
      {
        numRuns: runs,
      },
    );
  });

  it.each(names)('%s refuses an unknown key beside valid fields', async (name) => {
    // An object's keys, or, for a choice of objects (a file by ID or by its bytes), all of theirs.
    const input = operations[name].input as unknown as {
      shape?: Record<string, unknown>;
      options?: Array<{ shape: Record<string, unknown> }>;
    };
    const shapes = input.options?.map((option) => option.shape) ?? [input.shape ?? {}];
    const unknownKey = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 24 }),
        fc.constantFrom('__proto__', 'constructor', 'toString', 'then'),
      )
      .filter((key) => shapes.every((shape) => !Object.hasOwn(shape, key)));
    await fc.assert(
      fc.asyncProperty(unknownKey, anyValue, (key, value) => {
        // JSON.parse makes "__proto__" an own key, as a structured clone or the web host would.
        const payload = JSON.parse(JSON.stringify(validSamples[name] ?? {})) as Record<
          string,
          unknown
        >;
        Object.defineProperty(payload, key, {
          value,
          enumerable: true,
          configurable: true,
          writable: true,
        });
        return expectRefused(name, payload);
      }),
      { numRuns: runs },
    );
  });

  it.each(names.filter((name) => Object.keys(validSamples[name] ?? {}).length > 0))(
    '%s refuses a field of the wrong type',
    async (name) => {
      const sample = validSamples[name] as Record<string, unknown>;
      const spoiled = fc
        .constantFrom(...Object.keys(sample))
        .chain((key) => otherTypeThan(sample[key]).map((value) => ({ ...sample, [key]: value })));
      await fc.assert(
        fc.asyncProperty(spoiled, (payload) => expectRefused(name, payload)),
        {
          numRuns: runs,
        },
      );
    },
  );

  it.each(names)('%s refuses random values that its schema rejects', async (name) => {
    const schema = operations[name].input;
    const rejected = anyValue.filter((value) => !schema.safeParse(value ?? {}).success);
    await fc.assert(
      fc.asyncProperty(rejected, (payload) => expectRefused(name, payload)),
      {
        numRuns: runs,
      },
    );
  });

  it('refuses operation names outside the contract, the prototype’s included', async () => {
    const names = fc.oneof(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'hasOwnProperty',
        'toString',
        'call',
        'shell.openExternal',
      ),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(
        names.filter((name) => !Object.hasOwn(operations, name)),
        anyValue,
        (name, payload) => expectRefused(name, payload),
      ),
      { numRuns: runs * 4 },
    );
  });

  it('refuses oversized and deeply nested inputs without crashing', async () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 5000; i++) deep = { next: deep };
    await expectRefused('history.search', { query: 'x'.repeat(5_000_000) });
    await expectRefused('lookups.countRecent', {
      requests: Array.from({ length: 100_000 }, () => 1),
      days: 7,
    });
    // A line that is no request, a request whose ID is too long, and more lines than a sheet has rows.
    const request = requestLine(sampleTransaction(1));
    await expectRefused('lookups.countRecent', { requests: `${request}\nA1`, days: 7 });
    await expectRefused('lookups.countRecent', {
      requests: requestLine(sampleTransaction(1, { externalID: 'x'.repeat(65) })),
      days: 7,
    });
    await expectRefused('lookups.countRecent', {
      requests: '\n'.repeat(maxSpreadsheetRows),
      days: 7,
    });
    await expectRefused('settings.update', { retentionDays: deep });
    await expectRefused('app.info', { deep });
  });

  it('left the history files exactly as they were', () => {
    expect(snapshot(dataDir)).toEqual(before);
    expect(side).toEqual({ fetches: 0, keychainCalls: 0 });
  });
});
