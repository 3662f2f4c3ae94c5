/**
 * Shell completion scripts for bash, zsh and fish, generated from the commands' own help texts so
 * they cannot drift from what `dcdesk` accepts. Batch IDs come from `dcdesk completion
 * --batch-ids`, which reads the history without changing it.
 */

export interface CompletedCommand {
  name: string;
  summary: string;
  options: string[];
}

export const shells = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof shells)[number];

/** Options whose value is a batch ID. */
const batchOptions = ['--resume', '--batch'];
const batchIds = 'dcdesk completion --batch-ids 2>/dev/null';

/** Text safe inside single quotes in every shell, and without zsh's `:` separator. */
function plain(text: string): string {
  return text.replace(/['\\]/g, '').replace(/:/g, '\\:');
}

function bash(commands: CompletedCommand[]): string {
  const cases = commands
    .map((command) => `    ${command.name}) opts='${command.options.join(' ')} --help' ;;`)
    .join('\n');
  return `# dcdesk completion for bash: add  eval "$(dcdesk completion bash)"  to ~/.bashrc
_dcdesk() {
  local cur prev opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W '${commands.map((command) => command.name).join(' ')} --help --version' -- "$cur"))
    return
  fi
  case "$prev" in
    ${batchOptions.join('|')}) COMPREPLY=($(compgen -W "$(${batchIds})" -- "$cur")); return ;;
  esac
  case "\${COMP_WORDS[1]}" in
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
    .map((command) => `    ${command.name}) opts=(${command.options.join(' ')} --help) ;;`)
    .join('\n');
  return `#compdef dcdesk
# dcdesk completion for zsh: add  eval "$(dcdesk completion zsh)"  to ~/.zshrc (after compinit)
_dcdesk() {
  local -a commands opts ids
  commands=(${described.join(' ')})
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "\${words[CURRENT-1]}" in
    ${batchOptions.join('|')}) ids=(\${(f)"$(${batchIds})"}); compadd -a ids; return ;;
  esac
  case "\${words[2]}" in
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

function fish(commands: CompletedCommand[]): string {
  const lines = ['# dcdesk completion for fish: dcdesk completion fish | source'];
  lines.push('complete -c dcdesk -f');
  for (const command of commands) {
    lines.push(
      `complete -c dcdesk -n __fish_use_subcommand -a ${command.name} -d '${plain(command.summary).replace(/\\:/g, ':')}'`,
    );
    for (const option of [...command.options, '--help']) {
      const name = option.replace(/^--/, '');
      const when = `-n '__fish_seen_subcommand_from ${command.name}'`;
      lines.push(
        batchOptions.includes(option)
          ? `complete -c dcdesk ${when} -l ${name} -x -a '(${batchIds})'`
          : `complete -c dcdesk ${when} -l ${name} -F`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: Shell, commands: CompletedCommand[]): string {
  return shell === 'bash' ? bash(commands) : shell === 'zsh' ? zsh(commands) : fish(commands);
}
