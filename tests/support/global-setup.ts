import { execFileSync } from 'node:child_process';

/** Tests run the installed `dcdesk` too, so its bundle must match the source under test. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', 'cli'], { stdio: 'inherit' });
}
