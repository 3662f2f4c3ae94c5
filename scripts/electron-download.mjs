// What `npm start` and `npm run dist` say when Electron, or its headers, cannot be downloaded. Pure
// functions of the failure's text, so the wording is tested without a network (tests/packaging/).

/** Messages that mean a download failed, from npm, Node, got, node-gyp and electron-builder. */
export const networkFailure =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|getaddrinfo|socket hang up|network socket disconnected|fetch failed|request to .* failed|unable to get local issuer|self[- ]signed certificate|tunneling socket|status code 40[37]|network connectivity/i;

/** Lines that locate a failure rather than say what it is: stack frames, source excerpts, Node's version. */
const noise =
  /^\s*(at\s|\^+\s*$|Node\.js v\d|node:internal|\{|\}|\[cause\]:\s*\{?$|\S+\.[cm]?js:\d+$|throw\s)/;

/**
 * The whole reason in a failure's output or error, every line that says something (the cause
 * included), without stack frames or repeats. Never a fragment: the last line is often the one
 * that names the host or the proxy.
 */
export function failureReason(failure) {
  const text =
    typeof failure === 'string'
      ? failure
      : [failure?.message ?? String(failure), causeText(failure?.cause)].join('\n');
  const lines = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line && !noise.test(line) && !lines.includes(line)) lines.push(line);
  }
  return lines.join('\n');
}

function causeText(cause) {
  if (cause === undefined || cause === null) return '';
  if (typeof cause !== 'object') return String(cause);
  const code = cause.code ? ` (${String(cause.code)})` : '';
  return `${String(cause.message ?? cause)}${code}\n${causeText(cause.cause)}`;
}

function indent(text) {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

const howToFix =
  'To fix it: connect this machine to the internet, or set HTTPS_PROXY (and HTTP_PROXY) to your ' +
  'proxy, or set ELECTRON_MIRROR to a mirror that holds this Electron version';

/**
 * What `npm start` says when the Electron binary could not be had, and whether to fall back to
 * the web host (always: the app is the same; only the window differs).
 */
export function startWithoutElectron(failure, electronVersion) {
  const reason = failureReason(failure) || 'no reason given';
  const download = networkFailure.test(reason);
  const why = download
    ? `The Electron ${electronVersion} binary is downloaded on first use, and the download failed:`
    : `Electron ${electronVersion} could not be started:`;
  const lines = [`Electron is not available on this machine. ${why}`, indent(reason)];
  if (download) lines.push(`${howToFix}; then run npm start again.`);
  lines.push('Starting the app in the web host instead: open the address below in a browser.');
  return { webHost: true, download, message: lines.join('\n') };
}

/** Where packaging downloads from: Electron's releases (or ELECTRON_MIRROR) and its headers. */
export function distDownloads(electronVersion, env = process.env) {
  const mirror = (
    env.ELECTRON_MIRROR || 'https://github.com/electron/electron/releases/download/'
  ).replace(/\/*$/, '/');
  return [
    { what: 'Electron', url: `${mirror}v${electronVersion}/SHASUMS256.txt` },
    {
      what: "Electron's headers",
      url: `https://www.electronjs.org/headers/v${electronVersion}/node-v${electronVersion}-headers.tar.gz`,
    },
  ];
}

/**
 * Whether `npm run dist` may go on, decided before anything is built: it needs the Electron
 * binary and Electron's headers (to build better-sqlite3), both downloaded. `failures` holds what
 * could not be had: `{ what, failure }`, `what` being e.g. 'the Electron binary'.
 */
export function distPreflight(failures, electronVersion) {
  if (failures.length === 0) return { go: true, message: '' };
  const parts = failures.map(
    ({ what, failure }) =>
      `${what} could not be downloaded:\n${indent(failureReason(failure) || 'no reason given')}`,
  );
  return {
    go: false,
    message:
      `Packaging needs Electron ${electronVersion} and its headers, and ${parts.join('\n')}\n` +
      `${howToFix} and its headers; then run the packaging again. Nothing was built.`,
  };
}
