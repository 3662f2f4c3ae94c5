import { Component, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

interface State {
  failed: boolean;
}

/**
 * One screen that fails (its code chunk did not load: the web host restarted, a reload cut the
 * download; or it threw while rendering) says so in its own place, and the other screens and the
 * header go on. Without it React unmounts the whole window, leaving it blank. The error itself
 * is not shown: a render error may quote a row's data.
 */
export class PageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageFailure /> : this.props.children;
  }
}

function PageFailure() {
  const { t } = useI18n();
  return (
    <div className="notice notice-error page" role="alert" data-testid="page-failure">
      <p>{t('page.failed')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('page.reload')}
      </button>
    </div>
  );
}
