import { useI18n } from '../../i18n/i18n';
import type { ImportProblem } from './import-reducer';
import { describeReadProblem } from './problem-text';

/** Why the file cannot be imported: a translated headline, then the reader's English sentence. */
export function ReadProblemNotice({ problem }: { problem: ImportProblem }) {
  const { t } = useI18n();
  return (
    <div
      className="notice notice-error"
      role="alert"
      data-testid="read-problem"
      data-code={problem.code}
    >
      <p className="notice-title">{describeReadProblem(t, problem)}</p>
      <p className="hint">{t('import.read.detail', { message: problem.message })}</p>
    </div>
  );
}
