import { catalogue } from '../../i18n/define';

/** The list of batches, the interrupted-batch banner and the "Run lookups" step of the import. */
export const listMessages = catalogue(
  {
    'batches.title': 'Batches',
    'batches.intro':
      'Every batch of lookups, newest first. Open one to follow its run and review its results.',
    'batches.empty': 'No batches yet. Import a spreadsheet and choose “Run lookups”.',
    'batches.list.label': 'Stored batches',
    'batches.col.source': 'Source file',
    'batches.col.environment': 'Environment',
    'batches.col.state': 'State',
    'batches.col.progress': 'Done',
    'batches.col.created': 'Created',
    'batches.col.actions': 'Actions',
    'batches.open': 'Open batch {name}',
    'batches.resume': 'Resume',
    'batches.resumeLabel': 'Resume batch {name}',
    'batches.progressOf': '{done} of {total}',
    'batches.state.ready': 'Ready',
    'batches.state.running': 'Running',
    'batches.state.paused': 'Paused',
    'batches.state.finished': 'Finished',
    'batches.state.cancelled': 'Cancelled',
    'batches.state.interrupted': 'Interrupted',
    'batches.state.deleting': 'Being deleted',
    'batches.deleting':
      'This batch is being deleted: its deletion started and has not ended (the program deleting it may have been closed or stopped), so some of its rows are gone already. Its results cannot be shown, exported, reviewed or sent again. The deletion is finished the next time the app starts (or any dcdesk command runs) once no other program is deleting it, or now with Delete batch.',
    'batches.interrupted.title': 'A batch was interrupted: resume it?',
    'batches.interrupted.detail':
      '{name}, created {time}: {done} of {total, plural, one {# row} other {# rows}} done. Only rows without a stored answer are sent again.',
    'batches.interrupted.more':
      '{count, plural, one {# more interrupted batch is} other {# more interrupted batches are}} in the list of batches.',
    'batches.interrupted.resume': 'Resume it',
    'batches.start.title': 'Run the lookups',
    'batches.start.button': 'Run lookups',
    'batches.start.environment': 'Lookups go to: {name}',
    'batches.start.rows':
      '{count, plural, one {# row will be looked up} other {# rows will be looked up}}; rows with problems are kept unsent.',
    'batches.start.rowsReusing':
      '{count, plural, one {# row will be looked up} other {# rows will be looked up}}; {reused, plural, one {# reuses the answer} other {# reuse answers}} stored in {days, plural, one {the last day} other {the last # days}}. Rows with problems are kept unsent.',
    'batches.start.preparing': 'Preparing the rows…',
    'batches.start.noRows': 'There are no valid rows to look up.',
    'batches.start.confirmTitle': 'Run the lookups in production?',
    'batches.start.confirmText':
      '{count, plural, one {# row will be sent} other {# rows will be sent}} to the real Device Check Service, in production.',
    'batches.start.confirm': 'Run in production',
  },
  {
    'batches.title': 'Lotes',
    'batches.intro':
      'Todos os lotes de consultas, do mais recente ao mais antigo. Abra um para acompanhar a execução e revisar os resultados.',
    'batches.empty': 'Nenhum lote ainda. Importe uma planilha e escolha “Executar consultas”.',
    'batches.list.label': 'Lotes guardados',
    'batches.col.source': 'Arquivo de origem',
    'batches.col.environment': 'Ambiente',
    'batches.col.state': 'Situação',
    'batches.col.progress': 'Concluídas',
    'batches.col.created': 'Criado em',
    'batches.col.actions': 'Ações',
    'batches.open': 'Abrir o lote {name}',
    'batches.resume': 'Retomar',
    'batches.resumeLabel': 'Retomar o lote {name}',
    'batches.progressOf': '{done} de {total}',
    'batches.state.ready': 'Pronto',
    'batches.state.running': 'Em execução',
    'batches.state.paused': 'Pausado',
    'batches.state.finished': 'Concluído',
    'batches.state.cancelled': 'Cancelado',
    'batches.state.interrupted': 'Interrompido',
    'batches.state.deleting': 'Sendo apagado',
    'batches.deleting':
      'Este lote está sendo apagado: a remoção começou e não terminou (o programa que o apagava pode ter sido fechado ou interrompido), então parte das linhas já não existe. Os resultados não podem ser mostrados, exportados, revisados nem enviados de novo. A remoção termina na próxima vez que o aplicativo abrir (ou que um comando dcdesk rodar), se nenhum outro programa a estiver fazendo, ou agora, com Apagar lote.',
    'batches.interrupted.title': 'Um lote foi interrompido: retomá-lo?',
    'batches.interrupted.detail':
      '{name}, criado em {time}: {done} de {total, plural, one {# linha concluída} other {# linhas concluídas}}. Só as linhas sem resposta guardada são enviadas de novo.',
    'batches.interrupted.more':
      '{count, plural, one {Há mais # lote interrompido} other {Há mais # lotes interrompidos}} na lista de lotes.',
    'batches.interrupted.resume': 'Retomar',
    'batches.start.title': 'Executar as consultas',
    'batches.start.button': 'Executar consultas',
    'batches.start.environment': 'As consultas vão para: {name}',
    'batches.start.rows':
      '{count, plural, one {# linha será consultada} other {# linhas serão consultadas}}; as linhas com problemas ficam guardadas sem envio.',
    'batches.start.rowsReusing':
      '{count, plural, one {# linha será consultada} other {# linhas serão consultadas}}; {reused, plural, one {# reaproveita a resposta guardada} other {# reaproveitam respostas guardadas}} {days, plural, one {no último dia} other {nos últimos # dias}}. As linhas com problemas ficam guardadas sem envio.',
    'batches.start.preparing': 'Preparando as linhas…',
    'batches.start.noRows': 'Não há linhas válidas para consultar.',
    'batches.start.confirmTitle': 'Executar as consultas em produção?',
    'batches.start.confirmText':
      '{count, plural, one {# linha será enviada} other {# linhas serão enviadas}} ao Device Check Service real, em produção.',
    'batches.start.confirm': 'Executar em produção',
  },
);
