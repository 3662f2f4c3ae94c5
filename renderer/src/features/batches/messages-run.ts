import { catalogue } from '../../i18n/define';

/** The run panel: progress, counts, controls and why a batch paused. */
export const runMessages = catalogue(
  {
    'batches.back': 'All batches',
    'batches.gone':
      'This batch is no longer in the history: it was deleted (here, in another window or by a purge), with its rows and results.',
    'batches.run.label': 'Run of the batch',
    'batches.run.progress': 'Rows done',
    'batches.run.progressText':
      '{done} of {total, plural, one {# row} other {# rows}} done ({percent}%)',
    'batches.run.environment': 'Environment: {name}',
    'batches.run.created': 'Created {time}',
    'batches.run.finished': 'Finished {time}',
    'batches.run.rate': '{rate} rows/s',
    'batches.run.eta': 'About {time} left',
    'batches.run.etaUnknown': 'Estimating the time left…',
    'batches.run.stateNow': 'Batch state: {state}',
    'batches.run.failed': 'The run stopped: {message}',
    'batches.state.unknown': 'State unknown',
    'batches.run.unknown':
      'The window cannot reach the app’s core, so this batch’s state is unknown (last seen: {state}) and nothing can be done with it from here. The counts below are the last ones read; the panel comes back once the core is reached again.',
    'batches.count.total': 'Rows',
    'batches.count.done': 'Done',
    'batches.count.ok': 'Answered',
    'batches.count.noContent': 'No content',
    'batches.count.invalid': 'Invalid',
    'batches.count.rejected': 'Rejected',
    'batches.count.failed': 'Failed',
    'batches.counts.label': 'Counts of the batch',
    'batches.pause': 'Pause',
    'batches.pausing': 'Pausing: the requests in flight are finishing…',
    'batches.cancel': 'Cancel batch',
    'batches.retryFailed': 'Retry failed rows',
    'batches.failedHint':
      '{count, plural, one {# row failed: no usable answer came (none, a failure, or one outside the interface). “Retry failed rows” sends only that row again.} other {# rows failed: no usable answer came (none, a failure, or one outside the interface). “Retry failed rows” sends only those rows again.}}',
    'batches.cancelConfirm.title': 'Cancel this batch?',
    'batches.cancelConfirm.text':
      'Requests in flight are aborted and rows without an answer stay unsent. The answers so far are kept.',
    'batches.cancelConfirm.no': 'Keep running',
    'batches.cancelConfirm.stoppedText':
      'The rows without an answer are never sent, and the batch cannot be resumed. The answers so far are kept.',
    'batches.cancelConfirm.keep': 'Keep the batch',
    'batches.reason.title': 'Why the batch paused',
    'batches.reason.user': 'You paused this batch. Resume it to send the remaining rows.',
    'batches.reason.service_degraded':
      'The service failed too many requests, so the batch paused instead of retrying without end. Resume it once the service has recovered.',
    'batches.reason.configuration':
      'The service address or environment looks wrong. Check the environment settings, then resume.',
    'batches.reason.authentication':
      'The service refused the credentials. Save working credentials for this environment, then resume.',
    'batches.reason.interrupted':
      'The app or dcdesk running this batch stopped before its end (closed, killed or crashed). Resume it: only rows without a stored answer are sent again.',
    'batches.reason.message': 'Details: {message}',
    'batches.reason.disk_full':
      'The disk holding the history is full: free some space on it, then resume the batch. Every answer stored before was kept.',
    'batches.run.serviceWait':
      'The service asked to wait {time} (HTTP {status}): the rows are sent again after that.',
    'batches.run.historyWait':
      'Waiting for another process that is writing the history (another dcdesk, or another copy of the app): the answers received are kept, and the run goes on as soon as it is done. Pause and Cancel still work.',
    'batches.reason.out_of_files':
      'This computer let the app open no more files or connections at once, so the requests failed here, not at the service. Lower “Requests at once” in Settings (or raise the limit of open files), then resume the batch: only rows without an answer are sent.',
    'batches.reason.history_gone':
      'The history file was deleted or moved while the app had it open, so the batch paused: answers stored from now on would be lost. Put the file back where it was (from the trash or a backup), or close the app and start it again, which starts a new, empty history.',
    'batches.sendAgain.resume.title': 'Resume the lookups in production?',
    'batches.sendAgain.resume.text':
      '{count, plural, one {# row} other {# rows}} of {name} will be sent to the real Device Check Service, in production.',
    'batches.sendAgain.resume.confirm': 'Resume in production',
    'batches.sendAgain.retryFailed.title': 'Retry the failed rows in production?',
    'batches.sendAgain.retryFailed.text':
      '{count, plural, one {# row} other {# rows}} of {name} (the failed ones and those not yet sent) will be sent to the real Device Check Service, in production.',
    'batches.sendAgain.retryFailed.confirm': 'Retry in production',
  },
  {
    'batches.back': 'Todos os lotes',
    'batches.gone':
      'Este lote não está mais no histórico: foi apagado (aqui, em outra janela ou por uma limpeza), com suas linhas e resultados.',
    'batches.run.label': 'Execução do lote',
    'batches.run.progress': 'Linhas concluídas',
    'batches.run.progressText':
      '{done} de {total, plural, one {# linha concluída} other {# linhas concluídas}} ({percent}%)',
    'batches.run.environment': 'Ambiente: {name}',
    'batches.run.created': 'Criado em {time}',
    'batches.run.finished': 'Concluído em {time}',
    'batches.run.rate': '{rate} linhas/s',
    'batches.run.eta': 'Faltam cerca de {time}',
    'batches.run.etaUnknown': 'Estimando o tempo restante…',
    'batches.run.stateNow': 'Situação do lote: {state}',
    'batches.run.failed': 'A execução parou. Detalhe (em inglês): {message}',
    'batches.state.unknown': 'Situação desconhecida',
    'batches.run.unknown':
      'A janela não alcança o núcleo do aplicativo, então a situação deste lote é desconhecida (última vista: {state}) e nada pode ser feito com ele daqui. As contagens abaixo são as últimas lidas; o painel volta quando o núcleo for alcançado de novo.',
    'batches.count.total': 'Linhas',
    'batches.count.done': 'Concluídas',
    'batches.count.ok': 'Respondidas',
    'batches.count.noContent': 'Sem conteúdo',
    'batches.count.invalid': 'Inválidas',
    'batches.count.rejected': 'Recusadas',
    'batches.count.failed': 'Com falha',
    'batches.counts.label': 'Contagens do lote',
    'batches.pause': 'Pausar',
    'batches.pausing': 'Pausando: as requisições em andamento estão terminando…',
    'batches.cancel': 'Cancelar lote',
    'batches.retryFailed': 'Reenviar linhas com falha',
    'batches.failedHint':
      '{count, plural, one {# linha falhou: não veio resposta utilizável (nenhuma, uma falha, ou uma fora da interface). “Reenviar linhas com falha” envia de novo só essa linha.} other {# linhas falharam: não veio resposta utilizável (nenhuma, uma falha, ou uma fora da interface). “Reenviar linhas com falha” envia de novo só essas linhas.}}',
    'batches.cancelConfirm.title': 'Cancelar este lote?',
    'batches.cancelConfirm.text':
      'As requisições em andamento são interrompidas e as linhas sem resposta ficam sem envio. As respostas obtidas até agora são mantidas.',
    'batches.cancelConfirm.no': 'Continuar executando',
    'batches.cancelConfirm.stoppedText':
      'As linhas sem resposta nunca são enviadas, e o lote não pode mais ser retomado. As respostas obtidas até agora são mantidas.',
    'batches.cancelConfirm.keep': 'Manter o lote',
    'batches.reason.title': 'Por que o lote pausou',
    'batches.reason.user': 'Você pausou este lote. Retome-o para enviar as linhas restantes.',
    'batches.reason.service_degraded':
      'O serviço falhou em requisições demais, então o lote pausou em vez de repetir sem fim. Retome-o quando o serviço se recuperar.',
    'batches.reason.configuration':
      'O endereço do serviço ou o ambiente parece errado. Verifique a configuração do ambiente e retome.',
    'batches.reason.authentication':
      'O serviço recusou as credenciais. Salve credenciais válidas para este ambiente e retome.',
    'batches.reason.interrupted':
      'O aplicativo ou o dcdesk que executava este lote parou antes do fim (fechado, encerrado à força ou com falha). Retome-o: só as linhas sem resposta guardada são enviadas de novo.',
    'batches.reason.message': 'Detalhe (em inglês): {message}',
    'batches.reason.disk_full':
      'O disco que guarda o histórico está cheio: libere espaço nele e retome o lote. Todas as respostas guardadas antes foram mantidas.',
    'batches.run.serviceWait':
      'O serviço pediu para esperar {time} (HTTP {status}): as linhas são enviadas de novo depois disso.',
    'batches.run.historyWait':
      'Aguardando outro processo que está gravando o histórico (outro dcdesk ou outra cópia do aplicativo): as respostas recebidas são mantidas, e a execução continua assim que ele terminar. Pausar e Cancelar continuam funcionando.',
    'batches.reason.out_of_files':
      'Este computador não deixou o aplicativo abrir mais arquivos ou conexões ao mesmo tempo, então as consultas falharam aqui, não no serviço. Reduza “Requisições simultâneas” em Configurações (ou aumente o limite de arquivos abertos) e retome o lote: só as linhas sem resposta são enviadas.',
    'batches.reason.history_gone':
      'O arquivo do histórico foi apagado ou movido com o aplicativo aberto, então o lote pausou: as respostas guardadas a partir de agora se perderiam. Devolva o arquivo ao lugar (da lixeira ou de um backup) ou feche o aplicativo e abra-o de novo, o que começa um histórico novo, vazio.',
    'batches.sendAgain.resume.title': 'Retomar as consultas em produção?',
    'batches.sendAgain.resume.text':
      '{count, plural, one {# linha} other {# linhas}} de {name} {count, plural, one {será enviada} other {serão enviadas}} ao Device Check Service real, em produção.',
    'batches.sendAgain.resume.confirm': 'Retomar em produção',
    'batches.sendAgain.retryFailed.title': 'Reenviar as linhas com falha em produção?',
    'batches.sendAgain.retryFailed.text':
      '{count, plural, one {# linha} other {# linhas}} de {name} (as com falha e as ainda não enviadas) {count, plural, one {será enviada} other {serão enviadas}} ao Device Check Service real, em produção.',
    'batches.sendAgain.retryFailed.confirm': 'Reenviar em produção',
  },
);
