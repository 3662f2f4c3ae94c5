/**
 * Shell completion scripts for bash, zsh and fish, generated from the commands' own option
 * definitions so they cannot drift from what `dcdesk` accepts. Batch IDs come from `dcdesk
 * completion --batch-ids`, which reads the history without changing it.
 */

/** What an option is followed by: nothing, a file or folder, a batch ID, or another value. */
export type OptionValue = 'none' | 'file' | 'batch' | 'text';

export interface CompletedCommand {
  name: string;
  summary: string;
  options: { name: string; value: OptionValue }[];
  /** Its arguments are file names (`bulk INPUT`, `upload FILE`). */
  takesFiles: boolean;
}

export const shells = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof shells)[number];

/** Options whose value is a batch ID, and those whose value is a file or folder. */
const batchOptions = new Set(['resume', 'batch']);
const fileOptions = new Set(['output', 'html', 'data-dir']);

/** How completion treats a command's option, from its name and parseArgs type. */
export function optionValue(name: string, type: 'string' | 'boolean'): OptionValue {
  if (type === 'boolean') return 'none';
  return batchOptions.has(name) ? 'batch' : fileOptions.has(name) ? 'file' : 'text';
}

const batchIds = 'dcdesk completion --batch-ids 2>/dev/null';

/** -q and -v may come before the command (`dcdesk -q bulk …`): they are skipped to find it. */
const verbosityWords = '-q|-v|--quiet|--verbose';

/** Text safe inside single quotes in every shell, and without zsh's `:` separator. */
function plain(text: string): string {
  return text.replace(/['\\]/g, '').replace(/:/g, '\\:');
}

/** A command's options, with --help and the -q/-v every command takes. */
function longNames(command: CompletedCommand): string {
  const names = command.options.map((option) => `--${option.name}`);
  return [...names, '--help', '--quiet', '--verbose'].join(' ');
}

function batchPattern(): string {
  return [...batchOptions].map((name) => `--${name}`).join('|');
}

function bash(commands: CompletedCommand[]): string {
  const cases = commands
    .map((command) => `    ${command.name}) opts='${longNames(command)}' ;;`)
    .join('\n');
  return `# dcdesk completion for bash: add  eval "$(dcdesk completion bash)"  to ~/.bashrc
_dcdesk() {
  local cur prev opts command='' i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      ${verbosityWords}) ;;
      *) command="\${COMP_WORDS[i]}"; break ;;
    esac
  done
  if [ -z "$command" ]; then
    COMPREPLY=($(compgen -W '${commands.map((command) => command.name).join(' ')} --help --version --quiet --verbose' -- "$cur"))
    return
  fi
  case "$prev" in
    ${batchPattern()}) COMPREPLY=($(compgen -W "$(${batchIds})" -- "$cur")); return ;;
  esac
  case "$command" in
${cases}
    *) opts='--help' ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _dcdesk dcdesk
`;
}

function zsh(commands: CompletedCommand[]): string {
  const described = commands.map((command) => `'${command.name}:${plain(command.summary)}'`);
  const cases = commands
    .map((command) => `    ${command.name}) opts=(${longNames(command)}) ;;`)
    .join('\n');
  return `#compdef dcdesk
# dcdesk completion for zsh: add  eval "$(dcdesk completion zsh)"  to ~/.zshrc (after compinit)
_dcdesk() {
  local -a commands opts ids
  local command='' i
  commands=(${described.join(' ')})
  for ((i = 2; i < CURRENT; i++)); do
    case "\${words[i]}" in
      ${verbosityWords}) ;;
      *) command="\${words[i]}"; break ;;
    esac
  done
  if [[ -z "$command" ]]; then
    _describe 'command' commands
    return
  fi
  case "\${words[CURRENT-1]}" in
    ${batchPattern()}) ids=(\${(f)"$(${batchIds})"}); compadd -a ids; return ;;
  esac
  case "$command" in
${cases}
    *) opts=(--help) ;;
  esac
  if [[ "$PREFIX" == -* ]]; then
    compadd -a opts
  else
    _files
  fi
}
compdef _dcdesk dcdesk
`;
}

/** fish completes no file unless told: `-F` where a file goes, `-x` for other values. */
const fishValue: Record<OptionValue, string> = {
  none: '',
  file: ' -r -F',
  batch: ` -x -a '(${batchIds})'`,
  text: ' -x',
};

function fish(commands: CompletedCommand[]): string {
  const lines = ['# dcdesk completion for fish: dcdesk completion fish | source'];
  lines.push('complete -c dcdesk -f');
  lines.push("complete -c dcdesk -s q -l quiet -d 'print only results and errors'");
  lines.push(
    "complete -c dcdesk -s v -l verbose -d 'also print the data folder, destination and settings used'",
  );
  for (const command of commands) {
    lines.push(
      `complete -c dcdesk -n __fish_use_subcommand -a ${command.name} -d '${plain(command.summary).replace(/\\:/g, ':')}'`,
    );
    const when = `-n '__fish_seen_subcommand_from ${command.name}'`;
    if (command.takesFiles) lines.push(`complete -c dcdesk ${when} -F`);
    for (const option of [...command.options, { name: 'help', value: 'none' as const }]) {
      lines.push(`complete -c dcdesk ${when} -l ${option.name}${fishValue[option.value]}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: Shell, commands: CompletedCommand[]): string {
  return shell === 'bash' ? bash(commands) : shell === 'zsh' ? zsh(commands) : fish(commands);
}
