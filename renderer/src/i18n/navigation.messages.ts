import { catalogue } from './define';

/** The shell's navigation aids: the running-batch indicator, the lost-core banner, the shortcuts. */
export const navigationMessages = catalogue(
  {
    'running.one': 'Batch running ({percent}%): {name}',
    'running.many': '{count, plural, one {# batch running} other {# batches running}}',
    'running.open': 'Open the running batch',
    'core.lost.title': 'Lost connection to the app’s core.',
    'core.lost.hint':
      'Nothing is being sent or saved from this window, and the progress shown has stopped. The service is not at fault. Start the app again (in development, restart the web host), then reload this window: a batch that was running is offered for resume.',
    'error.core_lost': 'Lost connection to the app’s core.',
    'shortcuts.title': 'Keyboard shortcuts',
    'shortcuts.app': 'Anywhere in the app',
    'shortcuts.mac': 'On macOS, ⌘ stands for Ctrl.',
    'shortcuts.or': 'or',
    'shortcuts.close': 'Close',
  },
  {
    'running.one': 'Lote em execução ({percent}%): {name}',
    'running.many': '{count, plural, one {# lote em execução} other {# lotes em execução}}',
    'running.open': 'Abrir o lote em execução',
    'core.lost.title': 'A conexão com o núcleo do aplicativo foi perdida.',
    'core.lost.hint':
      'Nada está sendo enviado nem salvo a partir desta janela, e o progresso mostrado parou. O serviço não tem culpa. Inicie o aplicativo de novo (em desenvolvimento, reinicie o web host) e recarregue esta janela: um lote que estava em execução é oferecido para retomar.',
    'error.core_lost': 'A conexão com o núcleo do aplicativo foi perdida.',
    'shortcuts.title': 'Atalhos de teclado',
    'shortcuts.app': 'Em qualquer lugar do aplicativo',
    'shortcuts.mac': 'No macOS, ⌘ faz o papel de Ctrl.',
    'shortcuts.or': 'ou',
    'shortcuts.close': 'Fechar',
  },
);
