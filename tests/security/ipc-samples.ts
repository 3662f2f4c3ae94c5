import fc from 'fast-check';
import type { InputOf, OperationName } from '../../shared/contract/operations';
import { requestLine } from '../../shared/contract/request-lines';
import { sampleTransaction } from '../support/transactions';

/**
 * One valid input per operation of the contract: the fuzz test spoils each in one way at a time
 * (an unknown key, a value of the wrong type), so the rejection it then expects is caused by that
 * spoiling alone. A test checks every sample still passes its schema, and that no operation is
 * missing one.
 */
const batchId = 'b-20261121-0001';
const filter = { statuses: ['ok' as const], risks: ['high' as const] };
const csv = { fileName: 'respostas.csv', base64: 'VHJhbnNhY3Rpb25JRCxPdXRjb21lCg==' };

export const validSamples: { [N in OperationName]?: InputOf<N> } = {
  'app.info': {},
  'app.sample': {},
  'settings.get': {},
  'settings.update': { retentionDays: 30, theme: 'dark' },
  'environments.list': {},
  'environments.activate': { environment: 'test' },
  'environments.configure': { environment: 'test', baseUrl: 'https://example.com/api' },
  'environments.test': { environment: 'sandbox' },
  'credentials.save': { environment: 'test', username: 'analyst', password: 'not-a-real-secret' },
  'credentials.delete': { environment: 'production' },
  'history.purgePreview': {},
  'history.purge': { days: 90 },
  'history.forgetCpf': { cpf: '529.982.247-25' },
  'history.batchDeletion': { batchId: 'b-1' },
  'history.deleteBatch': { batchId: 'b-1' },
  'lookups.countRecent': {
    requests: `${requestLine(sampleTransaction(1))}\n${requestLine(sampleTransaction(2))}`,
    days: 7,
  },
  'batches.create': {
    sourceName: 'pedidos.xlsx',
    sourceSha256: 'a'.repeat(64),
    rows: [{ row: 2, raw: { sessionID: 's-1', externalID: 'order-1' }, notes: [] }],
  },
  'batches.storeRows': {
    batchId,
    after: 1,
    rows: JSON.stringify({ row: 3, raw: { sessionID: 's-2', externalID: 'order-2' }, notes: [] }),
    last: true,
  },
  'batches.keepStoredRows': { batchId },
  'batches.list': {},
  'batches.get': { batchId },
  'batches.resume': { batchId },
  'batches.pause': { batchId },
  'batches.cancel': { batchId },
  'batches.retryFailed': { batchId },
  'results.page': { batchId, filter, offset: 0, limit: 50 },
  'results.aggregates': { batchId, filter },
  'results.detail': { batchId, seq: 1 },
  'results.export': { batchId, filter, format: 'csv' },
  'results.exportFailed': { batchId, format: 'xlsx' },
  'results.cancelExport': { exportId: 'export-1' },
  'history.search': { query: 'order-1' },
  'history.searchSummary': { query: 'order-1' },
  'devices.get': { deviceId: 'd-1' },
  'outcomes.set': { targets: [{ batchId, seq: 1 }], outcome: 'Suspeito' },
  'outcomes.setFiltered': { batchId, filter, outcome: null },
  'outcomes.setSearched': { query: 'order-1', filter, outcome: 'Suspeito', expected: 0 },
  'outcomes.importCheck': {
    rows: [{ row: 2, transactionId: 'order-1', outcome: 'Fraude Confirmada' }],
  },
  'outcomes.importApply': {
    rows: [{ row: 2, transactionId: 'order-1', outcome: 'Device Positivado' }],
    replaceConflicts: false,
  },
  'outcomes.summary': { batchId },
  'outcomes.fileRows': { scope: 'all' },
  'outcomes.buildFile': { scope: 'all', kind: 'zip', separator: ';', fileName: 'respostas' },
  'report.get': { environment: 'sandbox', suspeito: 'exclude', unreviewed: 'legit' },
  'report.export': {
    environment: 'sandbox',
    format: 'html',
    locale: 'pt-BR',
    figuresId: '0'.repeat(64),
  },
  'uploads.check': csv,
  'uploads.saveBuilt': { fileId: 'abcdefgh12345678' },
  'uploads.send': { ...csv, confirmed: true },
  'uploads.resend': { uploadId: 1 },
  'uploads.list': {},
  'uploads.file': { uploadId: 1 },
  'team.status': {},
  // Port 1 on loopback: nothing listens, so a call that gets through fails at once.
  'team.test': { url: 'postgresql://analyst@127.0.0.1:1/team' },
  'team.connect': { url: 'postgresql://analyst@127.0.0.1:1/team', password: 'x' },
  'team.sync': {},
  'team.disconnect': {},
};

/** Top-level values that are not an input object (null and undefined mean "no input"). */
export const notAnObject = fc.oneof(
  fc.string({ maxLength: 64 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.bigInt(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 8 }),
);

/** Any value the structured clone of an IPC message, or JSON, could carry. */
export const anyValue = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withNullPrototype: true,
  withSparseArray: true,
});

/** A value whose type differs from the sample value it replaces, and is not null or undefined. */
export function otherTypeThan(sample: unknown): fc.Arbitrary<unknown> {
  const kind = Array.isArray(sample) ? 'array' : typeof sample;
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.string({ maxLength: 32 })],
    ['number', fc.oneof(fc.integer(), fc.double(), fc.constantFrom(NaN, Infinity, -0))],
    ['boolean', fc.boolean()],
    ['bigint', fc.bigInt()],
    ['array', fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 4 })],
    ['object', fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }))],
  ];
  return fc.oneof(...candidates.filter(([name]) => name !== kind).map(([, arb]) => arb));
}

/**
 * Addresses a frame could report that are not the app's page: other schemes, look-alike hosts,
 * credentials, ports, the app's own path under another scheme, and arbitrary text.
 */
export const foreignUrl = fc.oneof(
  fc.constantFrom(
    'file:///C:/Users/analyst/Downloads/evil.html',
    'file:///tmp/evil.html',
    'file://desk/index.html',
    'http://evil.example/',
    'https://evil.example/index.html',
    'http://127.0.0.1:5173/',
    'https://desk/index.html',
    'app://evil/index.html',
    'app://desk.evil.example/index.html',
    'app://evil.desk/index.html',
    'app://desk:8080/index.html',
    'app://desk@evil.example/index.html',
    'app://user:password@desk/index.html',
    'app://DESK/index.html',
    'app:desk/index.html',
    'app:///desk/index.html',
    'app://desk\\@evil/index.html',
    'blob:app://desk/0b6c3f9e-6c52-4e0e-9a3c-2f1d1f6f8a10',
    'about:blank',
    'about:srcdoc',
    'data:text/html,<script>alert(1)</script>',
    'javascript:alert(1)',
    'view-source:app://desk/index.html',
    'chrome-extension://abcdefghijklmnop/index.html',
    'devtools://devtools/bundled/inspector.html',
    'chrome://gpu',
    '',
  ),
  fc.webUrl({ withFragments: true, withQueryParameters: true }),
  fc
    .tuple(fc.constantFrom('app', 'file', 'http', 'https', 'ws', 'blob', 'data'), fc.domain())
    .filter(([scheme, host]) => !(scheme === 'app' && host === 'desk'))
    .map(([scheme, host]) => `${scheme}://${host}/index.html`),
  fc.string(),
);
