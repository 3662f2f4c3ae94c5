import { catalogue } from '../../i18n/define';

/** A batch whose rows are still being stored, slice by slice, or whose storing stopped. */
export const storingMessages = catalogue(
  {
    'batches.storing.progress':
      'Storing rows: {stored} of {total, plural, one {# row} other {# rows}} stored. Lookups start with the first ones.',
    'batches.storing.progressReusing':
      'Storing rows: {stored} of {total, plural, one {# row} other {# rows}} stored. Lookups start once every row is stored, so recent answers can be reused.',
    'batches.storing.elsewhere':
      'Another window is storing this batch’s rows: {stored} of {total, plural, one {# row} other {# rows}} stored so far.',
    'batches.storing.failed':
      'Storing stopped after {stored} of {total, plural, one {# row} other {# rows}}: {message}',
    'batches.storing.retry': 'Try again',
    'batches.storing.incompleteTitle': 'Not every row reached this batch',
    'batches.storing.incomplete':
      'Only {stored} of {total, plural, one {# row} other {# rows}} of {name} were stored: the window was closed or reloaded while the rows were being stored. The other rows are not in this batch and will not be looked up.',
    'batches.storing.incompleteHint':
      'Keep the stored rows to run the batch with them, then import the file again to look up the others; or, from the command line, store the rest from the same file: dcdesk bulk --resume {id} FILE --output RESULTS',
    'batches.storing.keep':
      '{stored, plural, one {Keep the # stored row} other {Keep the # stored rows}}',
    'batches.storing.incompleteHintRunning':
      'Keep the stored rows to run the batch with them, then import the file again to look up the others; or pause the batch here first (the command line refuses a batch this app is running), then store the rest from the same file: dcdesk bulk --resume {id} FILE --output RESULTS',
  },
  {
    'batches.storing.progress':
      'Guardando as linhas: {stored} de {total, plural, one {# linha guardada} other {# linhas guardadas}}. As consultas começam pelas primeiras.',
    'batches.storing.progressReusing':
      'Guardando as linhas: {stored} de {total, plural, one {# linha guardada} other {# linhas guardadas}}. As consultas começam quando todas estiverem guardadas, para reaproveitar as respostas recentes.',
    'batches.storing.elsewhere':
      'Outra janela está guardando as linhas deste lote: {stored} de {total, plural, one {# linha guardada} other {# linhas guardadas}} até agora.',
    'batches.storing.failed':
      'A gravação parou depois de {stored} de {total, plural, one {# linha} other {# linhas}}. Detalhe (em inglês): {message}',
    'batches.storing.retry': 'Tentar de novo',
    'batches.storing.incompleteTitle': 'Nem todas as linhas chegaram a este lote',
    'batches.storing.incomplete':
      'Só {stored} de {total, plural, one {# linha} other {# linhas}} de {name} foram guardadas: a janela foi fechada ou recarregada enquanto as linhas eram guardadas. As outras linhas não estão neste lote e não serão consultadas.',
    'batches.storing.incompleteHint':
      'Mantenha as linhas guardadas para executar o lote com elas e importe o arquivo de novo para consultar as outras; ou, pela linha de comando, guarde o restante a partir do mesmo arquivo: dcdesk bulk --resume {id} ARQUIVO --output RESULTADOS',
    'batches.storing.keep':
      '{stored, plural, one {Manter a # linha guardada} other {Manter as # linhas guardadas}}',
    'batches.storing.incompleteHintRunning':
      'Mantenha as linhas guardadas para executar o lote com elas e importe o arquivo de novo para consultar as outras; ou pause o lote aqui primeiro (a linha de comando recusa um lote que este aplicativo está executando) e guarde o restante a partir do mesmo arquivo: dcdesk bulk --resume {id} ARQUIVO --output RESULTADOS',
  },
);
