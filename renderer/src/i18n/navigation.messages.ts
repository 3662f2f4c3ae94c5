import { catalogue } from './define';

/**
 * The shell's navigation aids: the running-batch indicator, the lost-core banner, the refused
 * address, the shortcuts.
 */
export const navigationMessages = catalogue(
  {
    'running.one': 'Batch running ({percent}%): {name}',
    'running.many': '{count, plural, one {# batch running} other {# batches running}}',
    'running.open': 'Open the running batch',
    'running.unknownOne': 'Batch state unknown: {name}',
    'running.unknownMany':
      '{count, plural, one {State of # batch unknown} other {State of # batches unknown}}',
    'core.lost.title': 'Lost connection to the app’s core.',
    'core.lost.hint':
      'Nothing is being sent or saved from this window, and the progress shown has stopped. The service is not at fault. Start the app again, then reload this window (in development, restart the web host and open the new address it prints): a batch that was running is offered for resume.',
    'error.core_lost': 'Lost connection to the app’s core.',
    'error.wrong_address': 'The web host refused this window’s address.',
    'address.title': 'This window’s address is out of date or not the one the web host printed',
    'address.why':
      'The web host makes a new address at each start, so a tab opened before it was restarted no longer works; neither does the address without its #secret=… part, nor with localhost in place of 127.0.0.1. Nothing was read or changed.',
    'address.fix':
      'Open the address that `npm start` (or `npm run dev:web`) printed in its terminal, on the line after “open:”; after each restart, open the new one.',
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
    'running.unknownOne': 'Situação do lote desconhecida: {name}',
    'running.unknownMany':
      '{count, plural, one {Situação de # lote desconhecida} other {Situação de # lotes desconhecida}}',
    'core.lost.title': 'A conexão com o núcleo do aplicativo foi perdida.',
    'core.lost.hint':
      'Nada está sendo enviado nem salvo a partir desta janela, e o progresso mostrado parou. O serviço não tem culpa. Inicie o aplicativo de novo e recarregue esta janela (em desenvolvimento, reinicie o web host e abra o endereço novo que ele mostrar): um lote que estava em execução é oferecido para retomar.',
    'error.core_lost': 'A conexão com o núcleo do aplicativo foi perdida.',
    'error.wrong_address': 'O web host recusou o endereço desta janela.',
    'address.title': 'O endereço desta janela está desatualizado ou não é o que o web host mostrou',
    'address.why':
      'O web host cria um endereço novo a cada início, então uma aba aberta antes de ele ser reiniciado deixa de funcionar; o mesmo vale para o endereço sem a parte #secret=… ou com localhost no lugar de 127.0.0.1. Nada foi lido nem alterado.',
    'address.fix':
      'Abra o endereço que o `npm start` (ou `npm run dev:web`) mostrou no terminal, na linha depois de “open:”; a cada reinício, abra o novo.',
    'shortcuts.title': 'Atalhos de teclado',
    'shortcuts.app': 'Em qualquer lugar do aplicativo',
    'shortcuts.mac': 'No macOS, ⌘ faz o papel de Ctrl.',
    'shortcuts.or': 'ou',
    'shortcuts.close': 'Fechar',
  },
);
