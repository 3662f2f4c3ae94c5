import { parseCommandLine } from '../flags';
import { version } from '../../../package.json';
import type { Command } from '../command';
import { dataDirFrom } from '../history';
import { exitCodes, type Io } from '../io';

/** What `dcdesk version --json` prints; documented in the command's help. */
export interface VersionInfo {
  version: string;
  node: string;
  platform: NodeJS.Platform;
  arch: string;
  dataDir: string;
}

export function versionInfo(io: Io, dataDir?: string): VersionInfo {
  return {
    version,
    node: process.versions.node,
    platform: process.platform,
    arch: process.arch,
    dataDir: dataDirFrom(dataDir, io),
  };
}

// --data-dir is every command's (README): here it names the folder the JSON reports.
const options = { json: { type: 'boolean' }, 'data-dir': { type: 'string' } } as const;

export const versionCommand: Command = {
  name: 'version',
  options,
  summary: 'print the version (also --version, -V)',
  usage: `dcdesk version [--json] [--data-dir DIR]

Prints the version of dcdesk. --json prints {version, node, platform, arch, dataDir}: the
Node.js version running it, the platform, and the data folder it would use.`,
  run(argv: string[], io: Io) {
    const { values } = parseCommandLine({
      args: argv,
      options,
      strict: true,
    });
    const info = versionInfo(io, values['data-dir']);
    io.out(
      values.json ? JSON.stringify(info, null, 2) : `dcdesk ${info.version} (Device Check Desk)`,
    );
    return Promise.resolve(exitCodes.ok);
  },
};
