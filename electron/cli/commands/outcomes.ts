import type { Command } from '../command';
import { UsageError, type Io } from '../io';
import { outcomesBuildOptions, outcomesBuildUsage, runOutcomesBuild } from './outcomes-build';
import { outcomesImportOptions, outcomesImportUsage, runOutcomesImport } from './outcomes-import';

/** `dcdesk outcomes import|build`: the review outcomes, in from a spreadsheet, out to a file. */
export const outcomesCommand: Command = {
  name: 'outcomes',
  options: { ...outcomesImportOptions, ...outcomesBuildOptions },
  takesFiles: true,
  summary: 'import reviewed outcomes from a spreadsheet, or build the file to upload',
  usage: `dcdesk outcomes import FILE [options]
       dcdesk outcomes build --output FILE.csv|FILE.zip [options]

${outcomesImportUsage}

${outcomesBuildUsage}`,
  async run(argv: string[], io: Io) {
    const [action, ...rest] = argv;
    if (action === 'import') return runOutcomesImport(rest, io);
    if (action === 'build') return runOutcomesBuild(rest, io);
    throw new UsageError(
      action === undefined
        ? 'Use: dcdesk outcomes import FILE, or dcdesk outcomes build --output FILE.'
        : `Unknown action '${action}': use import or build.`,
    );
  },
};
