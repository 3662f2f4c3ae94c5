import { parseCommandLine } from '../flags';
import { recentBatchIds } from '../../core/store/batch-ids';
import type { Command } from '../command';
import {
  completionScript,
  optionValue,
  shells,
  type CompletedCommand,
  type Shell,
} from '../completion-scripts';
import { dataDirFrom } from '../history';
import { UsageError, exitCodes, type Io } from '../io';

const usage = `dcdesk completion bash|zsh|fish

Prints a shell completion script: commands, their options and batch IDs.
  bash:  eval "$(dcdesk completion bash)"    in ~/.bashrc
  zsh:   eval "$(dcdesk completion zsh)"     in ~/.zshrc, after compinit
  fish:  dcdesk completion fish > ~/.config/fish/completions/dcdesk.fish`;

const options = { 'batch-ids': { type: 'boolean' }, 'data-dir': { type: 'string' } } as const;

/** The completion command completes the commands it is given (the whole list, itself included). */
export function completionCommand(commands: () => readonly Command[]): Command {
  return {
    name: 'completion',
    options,
    summary: 'print a shell completion script (bash, zsh, fish)',
    usage,
    run(argv: string[], io: Io) {
      const { values, positionals } = parseCommandLine({
        args: argv,
        options,
        strict: true,
        allowPositionals: true,
      });
      if (values['batch-ids']) {
        for (const id of recentBatchIds(dataDirFrom(values['data-dir'], io))) io.out(id);
        return Promise.resolve(exitCodes.ok);
      }
      const shell = positionals[0];
      if (positionals.length !== 1 || !shells.includes(shell as Shell))
        throw new UsageError(`Name one shell: ${shells.join(', ')}.`);
      const completed: CompletedCommand[] = commands().map((command) => ({
        name: command.name,
        summary: command.summary,
        // What the command declares, not every --flag its help text mentions.
        options: Object.entries(command.options).map(([name, option]) => ({
          name,
          value: optionValue(name, option.type),
        })),
        takesFiles: command.takesFiles === true,
      }));
      io.out(completionScript(shell as Shell, completed).trimEnd());
      return Promise.resolve(exitCodes.ok);
    },
  };
}
