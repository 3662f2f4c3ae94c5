import type { PauseReason } from '../../shared/batch';

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
  },
  'pt-BR': {
    service_degraded:
      'O serviço está falhando ou lento. Abra o lote e retome-o quando o serviço voltar.',
    configuration:
      'O ambiente não está configurado corretamente. Verifique-o em Ambientes e retome o lote.',
    authentication:
      'O serviço recusou as credenciais. Salve-as de novo em Ambientes e retome o lote.',
    interrupted: 'A execução foi interrompida. Abra o lote e retome-o.',
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
