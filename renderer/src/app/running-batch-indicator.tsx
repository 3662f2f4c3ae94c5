import { useBatchList } from '../features/batches/use-batches';
import { useI18n } from '../i18n/i18n';
import { useCoreConnected } from '../lib/use-core-connected';
import { useNavigation } from './navigation';
import './shell-aids.css';

/**
 * A batch running now, always in sight: after a reload, in a second window, on any screen. The
 * list comes from the core, which knows its running batches; progress events keep it current.
 * While the window has lost the core, the last percentage read is not shown as if live: the
 * indicator says the state is unknown, and shows the progress again once the core is back.
 */
export function RunningBatchIndicator() {
  const { t } = useI18n();
  const { go } = useNavigation();
  const connected = useCoreConnected();
  const list = useBatchList();
  const running = (list.data ?? []).filter((batch) => batch.state === 'running');
  const [first] = running;
  if (!first) return null;
  const percent =
    first.counts.total > 0 ? Math.floor((100 * first.counts.done) / first.counts.total) : 0;
  // The file's name comes last, so a long one is what the ellipsis cuts, never the progress.
  const text = !connected
    ? running.length > 1
      ? t('running.unknownMany', { count: running.length })
      : t('running.unknownOne', { name: first.sourceName })
    : running.length > 1
      ? t('running.many', { count: running.length })
      : t('running.one', { name: first.sourceName, percent });
  return (
    <button
      type="button"
      className="nav-button running-indicator"
      data-testid="running-indicator"
      data-batch-id={first.id}
      data-state={connected ? 'running' : 'unknown'}
      // The whole text where the header has no room for it, and where the button leads.
      title={`${text}. ${t('running.open')}`}
      // Several running: the list shows them all; one: straight to its run.
      onClick={() =>
        go(running.length > 1 ? { section: 'batches' } : { section: 'batches', batchId: first.id })
      }
    >
      <span className="running-indicator-dot" aria-hidden="true">
        ●
      </span>{' '}
      {text}
    </button>
  );
}
