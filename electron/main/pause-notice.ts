import type { BatchCounts, PauseReason } from '../../shared/batch';
import { pluralForm } from '../../shared/count-text';

/** The languages of the app's own text (the renderer's `Locale`). */
export type NoticeLocale = 'en' | 'pt-BR';

/** The language setting, or the OS locale when it says `system`, as the renderer chooses it. */
export function noticeLocale(
  language: 'system' | NoticeLocale,
  systemLocale: string,
): NoticeLocale {
  if (language !== 'system') return language;
  return systemLocale.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
}

type SelfPause = Exclude<PauseReason, 'user'>;

const titles: Record<NoticeLocale, string> = {
  en: 'Batch paused by itself',
  'pt-BR': 'Lote pausado automaticamente',
};

const bodies: Record<NoticeLocale, Record<SelfPause, string>> = {
  en: {
    service_degraded:
      'The service is failing or slow. Open the batch and resume it when the service is back.',
    configuration:
      'The environment is not configured correctly. Check it under Environments, then resume the batch.',
    authentication:
      'The service refused the credentials. Save them again under Environments, then resume the batch.',
    interrupted: 'The run was interrupted. Open the batch and resume it.',
    disk_full: 'The disk holding the history is full. Free some space, then resume the batch.',
    history_gone: 'The history file was deleted or moved. Close the app and start it again.',
    out_of_files:
      'The app ran out of open files. Lower “Requests at once” in Settings, then resume the batch.',
  },
  'pt-BR': {
    service_degraded:
      'O serviço está falhando ou lento. Abra o lote e retome-o quando o serviço voltar.',
    configuration:
      'O ambiente não está configurado corretamente. Verifique-o em Ambientes e retome o lote.',
    authentication:
      'O serviço recusou as credenciais. Salve-as de novo em Ambientes e retome o lote.',
    interrupted: 'A execução foi interrompida. Abra o lote e retome-o.',
    disk_full: 'O disco que guarda o histórico está cheio. Libere espaço e retome o lote.',
    history_gone:
      'O arquivo do histórico foi apagado ou movido. Feche o aplicativo e abra-o de novo.',
    out_of_files:
      'O aplicativo ficou sem arquivos abertos disponíveis. Reduza “Requisições simultâneas” em Configurações e retome o lote.',
  },
};

/**
 * The desktop notification for a batch that paused itself, in the app's language; null when the
 * analyst paused it (they know already).
 */
export function pauseNotice(
  reason: PauseReason,
  locale: NoticeLocale,
): { title: string; body: string } | null {
  if (reason === 'user') return null;
  return { title: titles[locale], body: bodies[locale][reason] };
}

const endTitles: Record<NoticeLocale, { finished: string; failed: string }> = {
  en: { finished: 'Batch finished', failed: 'Batch stopped' },
  'pt-BR': { finished: 'Lote concluído', failed: 'Lote parado' },
};

const countWords: Record<NoticeLocale, [keyof BatchCounts, string][]> = {
  en: [
    ['ok', 'answered'],
    ['noContent', 'without insights'],
    ['invalid', 'invalid'],
    ['rejected', 'rejected'],
    ['failed', 'failed'],
  ],
  'pt-BR': [
    ['ok', 'respondidas'],
    ['noContent', 'sem insights'],
    ['invalid', 'inválidas'],
    ['rejected', 'recusadas'],
    ['failed', 'com falha'],
  ],
};

/** The notification of a batch that ended, in the app's language and with its number format. */
export function endNotice(
  end: { type: 'finished'; counts: BatchCounts } | { type: 'failed'; message: string },
  locale: NoticeLocale,
): { title: string; body: string } {
  if (end.type === 'failed') return { title: endTitles[locale].failed, body: end.message };
  const number = new Intl.NumberFormat(locale);
  const { counts } = end;
  const parts = countWords[locale].map(([key, word]) => `${number.format(counts[key])} ${word}`);
  const rows = pluralForm(
    counts.total,
    locale === 'en' ? { one: 'row', other: 'rows' } : { one: 'linha', other: 'linhas' },
    locale,
  );
  const of = locale === 'en' ? 'of' : 'de';
  return {
    title: endTitles[locale].finished,
    body: `${parts.join(', ')} (${of} ${number.format(counts.total)} ${rows}).`,
  };
}
