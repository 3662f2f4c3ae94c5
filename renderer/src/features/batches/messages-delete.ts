import { catalogue } from '../../i18n/define';

/** Deleting one batch from its screen. */
export const deleteMessages = catalogue(
  {
    'batches.delete': 'Delete batch…',
    'batches.deleted': 'The batch “{name}” was deleted from the history.',
    'batches.deleteConfirm.title': 'Delete this batch for good?',
    'batches.deleteConfirm.text':
      'Its {rows, plural, one {# row} other {# rows}}, with their answers and results, are deleted from the history and scrubbed from its files. This cannot be undone.',
    'batches.deleteConfirm.textReviews':
      'Its {rows, plural, one {# row} other {# rows}}, with their answers and results, are deleted from the history and scrubbed from its files, with {outcomes, plural, one {# review} other {# reviews}} set on it. A review of a transaction another batch also holds moves to that batch. This cannot be undone.',
    'batches.deleteConfirm.copies':
      '{copies, plural, one {# older copy of the history (a backup taken at an upgrade, or a damaged file) is deleted with it: it holds this batch too.} other {# older copies of the history (backups taken at upgrades, or damaged files) are deleted with it: they hold this batch too.}}',
    'batches.deleteConfirm.yes': 'Delete the batch',
    'batches.deleteConfirm.no': 'Keep the batch',
    'batches.deleteConfirm.sent':
      'What was sent to the service stays in the upload ledger, and files you exported are not touched.',
    'batches.deleteConfirm.shared':
      '{count, plural, one {# review was} other {# reviews were}} already shared with the team: the team database keeps them, and colleagues’ files carry them. To withdraw them, clear their outcomes in the review screen first.',
  },
  {
    'batches.delete': 'Apagar lote…',
    'batches.deleted': 'O lote “{name}” foi apagado do histórico.',
    'batches.deleteConfirm.title': 'Apagar este lote de vez?',
    'batches.deleteConfirm.text':
      'As {rows, plural, one {# linha} other {# linhas}} dele, com respostas e resultados, são apagadas do histórico e removidas dos arquivos dele. Não dá para desfazer.',
    'batches.deleteConfirm.textReviews':
      'As {rows, plural, one {# linha} other {# linhas}} dele, com respostas e resultados, são apagadas do histórico e removidas dos arquivos dele, com {outcomes, plural, one {# revisão feita} other {# revisões feitas}} nele. A revisão de uma transação que outro lote também tem passa para esse lote. Não dá para desfazer.',
    'batches.deleteConfirm.copies':
      '{copies, plural, one {# cópia antiga do histórico (um backup feito numa atualização, ou um arquivo danificado) é apagada junto: ela também contém este lote.} other {# cópias antigas do histórico (backups feitos em atualizações, ou arquivos danificados) são apagadas junto: elas também contêm este lote.}}',
    'batches.deleteConfirm.yes': 'Apagar o lote',
    'batches.deleteConfirm.no': 'Manter o lote',
    'batches.deleteConfirm.sent':
      'O que foi enviado ao serviço continua no registro de envios, e os arquivos que você exportou não são tocados.',
    'batches.deleteConfirm.shared':
      '{count, plural, one {# revisão já foi compartilhada} other {# revisões já foram compartilhadas}} com a equipe: o banco da equipe as mantém, e os arquivos dos colegas as levam. Para retirá-las, limpe os resultados delas na tela de revisão antes.',
  },
);
