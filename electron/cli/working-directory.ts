/**
 * The folder relative paths are relative to. `npm run dcdesk -- …` starts the command in the
 * package's folder, not where the user typed it; npm says where that was in `INIT_CWD`. Only
 * under `npm run` (npm sets `npm_lifecycle_event` to the script's name) is it trusted, so a
 * stray `INIT_CWD` in an ordinary shell never moves the installed `dcdesk`.
 */
export function userWorkingDirectory(env: NodeJS.ProcessEnv, cwd: string): string {
  const underNpmRun = env.npm_lifecycle_event === 'dcdesk';
  return underNpmRun && env.INIT_CWD ? env.INIT_CWD : cwd;
}

/** The process's current folder, or null when it no longer exists (deleted under a cron job). */
export function currentFolder(): string | null {
  try {
    return process.cwd();
  } catch {
    return null;
  }
}
