import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect } from 'react';
import { I18nProvider, localeFrom, useI18n } from '../i18n/i18n';
import { ImportPage } from '../features/import/import-page';
import { ErrorNotice } from '../components/error-notice';
import { GuidedTour } from '../features/tour/guided-tour';
import { CoreConnectionBanner } from './core-connection-banner';
import { coreUnavailable, FatalState } from './fatal-state';
import { useFocusKeeper } from './focus-keeper';
import { NavigationProvider, useNavigation, type Section } from './navigation';
import { queryClient } from './query';
import { RowStoringProvider } from './row-storing-provider';
import { RunningBatchIndicator } from './running-batch-indicator';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useWindowTitle } from './use-window-title';
import { PageBoundary } from './page-boundary';
import { useAppCommands } from './use-app-commands';
import { useTheme } from './theme';
import { useAppInfo, useSettings, useSettingsEvents } from './use-app';
import { useAddressRefused, WrongAddressState } from './wrong-address-state';
import type { MessageKey } from '../i18n/messages';

/**
 * Every screen but the first is its own chunk, so the first screen does not wait for the code of
 * the others (and no chunk passes Vite's 500 kB warning). They still mount at once, hidden, as
 * before: pages keep their state and subscriptions while the analyst looks elsewhere.
 */
const BatchesPage = lazy(() =>
  import('../features/batches/batches-page').then((module) => ({ default: module.BatchesPage })),
);
const ReviewPage = lazy(() =>
  import('../features/review/review-page').then((module) => ({ default: module.ReviewPage })),
);
const UploadsPage = lazy(() =>
  import('../features/uploads/uploads-page').then((module) => ({ default: module.UploadsPage })),
);
const ReportPage = lazy(() =>
  import('../features/report/report-page').then((module) => ({ default: module.ReportPage })),
);
const SearchPage = lazy(() =>
  import('../features/search/search-page').then((module) => ({ default: module.SearchPage })),
);
const EnvironmentsPage = lazy(() =>
  import('../features/environments/environments-page').then((module) => ({
    default: module.EnvironmentsPage,
  })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((module) => ({
    default: module.SettingsPage,
  })),
);

const sections: Section[] = [
  'import',
  'batches',
  'review',
  'uploads',
  'report',
  'search',
  'environments',
  'settings',
];

function Shell() {
  const { t } = useI18n();
  const settings = useSettings();
  const info = useAppInfo();
  const { place, go } = useNavigation();
  const { shortcutsOpen, closeShortcuts } = useAppCommands();
  useFocusKeeper();
  const section = place.section;
  useWindowTitle(t(`nav.${section}` as MessageKey));
  const environment = settings.data?.activeEnvironment ?? 'sandbox';
  // Never an empty history in place of one that cannot be opened.
  if (coreUnavailable(info.error)) return <FatalState error={info.error} />;

  return (
    <div className="shell" data-environment={environment}>
      {/* The first Tab stop: past the header's nine stops, straight to the screen's content. */}
      <a className="skip-link" href="#main-content" data-testid="skip-link">
        {t('nav.skip')}
      </a>
      <header className="shell-header">
        <h1 className="shell-title">{t('app.name')}</h1>
        <nav aria-label={t('nav.label')} className="shell-nav">
          {sections.map((name) => (
            <button
              key={name}
              type="button"
              className="nav-button"
              aria-current={section === name ? 'page' : undefined}
              data-tour-target={name}
              onClick={() => go({ section: name })}
            >
              {t(`nav.${name}` as MessageKey)}
            </button>
          ))}
        </nav>
        {/* One piece, so it never splits: where it does not fit beside the sections it takes a row. */}
        <div className="shell-status">
          <RunningBatchIndicator />
          <span className={`env-badge env-${environment}`} data-testid="environment-badge">
            {t('env.current', { name: t(`env.${environment}`) })}
          </span>
          <GuidedTour />
        </div>
      </header>
      <ShortcutsDialog open={shortcutsOpen} onClose={closeShortcuts} />
      <CoreConnectionBanner />
      {environment === 'production' ? (
        <div className="banner banner-production" role="status" data-testid="production-banner">
          {t('env.banner.production')}
        </div>
      ) : environment === 'sandbox' ? (
        <div className="banner banner-sandbox" role="status">
          {t('env.banner.sandbox')}
        </div>
      ) : null}
      {info.data?.notices.map((notice) => (
        <div key={notice} className="notice" role="status">
          {notice}
        </div>
      ))}
      <main className="shell-main" id="main-content" tabIndex={-1}>
        {settings.error ? (
          <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />
        ) : null}
        {/* Pages stay mounted while hidden, so an import in progress survives a look at the settings. */}
        <div hidden={section !== 'import'}>
          <PageBoundary>
            <ImportPage />
          </PageBoundary>
        </div>
        <div hidden={section !== 'batches'}>
          <PageBoundary>
            <Suspense fallback={null}>
              <BatchesPage />
            </Suspense>
          </PageBoundary>
        </div>
        <div hidden={section !== 'review'}>
          <PageBoundary>
            <Suspense fallback={null}>
              <ReviewPage />
            </Suspense>
          </PageBoundary>
        </div>
        <div hidden={section !== 'uploads'}>
          <PageBoundary>
            <Suspense fallback={null}>
              <UploadsPage />
            </Suspense>
          </PageBoundary>
        </div>
        <div hidden={section !== 'report'}>
          <PageBoundary>
            <Suspense fallback={null}>
              <ReportPage />
            </Suspense>
          </PageBoundary>
        </div>
        <div hidden={section !== 'search'}>
          <PageBoundary>
            <Suspense fallback={null}>
              <SearchPage />
            </Suspense>
          </PageBoundary>
        </div>
        <div hidden={section !== 'environments'}>
          <PageBoundary>
            <Suspense fallback={null}>
              <EnvironmentsPage />
            </Suspense>
          </PageBoundary>
        </div>
        <div hidden={section !== 'settings'}>
          <PageBoundary>
            <Suspense fallback={null}>
              <SettingsPage />
            </Suspense>
          </PageBoundary>
        </div>
      </main>
    </div>
  );
}

/** Chooses the language (the setting, else the OS locale) and the theme before anything shows. */
function Localised() {
  const settings = useSettings();
  useSettingsEvents();
  useTheme(settings.data?.theme);
  const locale = localeFrom(settings.data?.language ?? 'system', navigator.language);
  const refused = useAddressRefused();
  // The page's language, for screen readers and hyphenation: set before paint, not during render.
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <I18nProvider locale={locale}>
      {refused ? (
        <WrongAddressState />
      ) : (
        <NavigationProvider>
          <RowStoringProvider>
            <Shell />
          </RowStoringProvider>
        </NavigationProvider>
      )}
    </I18nProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Localised />
    </QueryClientProvider>
  );
}
