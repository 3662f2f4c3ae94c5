import { catalogue } from '../../i18n/define';

export const settingsMessages = catalogue(
  {
    'settings.title': 'Settings',
    'settings.lookups': 'Lookups',
    'settings.concurrency': 'Requests at once (1 to 64)',
    'settings.rate': 'Requests per second (empty for no limit)',
    'settings.timeout': 'Time limit per request, in seconds',
    'settings.tokenLifetime': 'Token lifetime when the service does not say, in minutes',
    'settings.tokenLifetime.hint':
      'Used only when the sign-in answer gives no expiry; from 1 minute to 24 hours (1440). A token the service refuses is replaced sooner.',
    'settings.maxRows': 'Largest spreadsheet, in rows',
    'settings.history': 'History',
    'settings.retention': 'Keep batches for (days)',
    'settings.purge': 'Purge now',
    'settings.purged':
      'Removed {batches, plural, one {# batch} other {# batches}} ({rows, plural, one {# row} other {# rows}}) older than {days, plural, one {# day} other {# days}}.',
    'settings.notWiped':
      'Another program is reading the history (another window of the app, or dcdesk): the removed data stays in the history file until that program closes it; the next start of the app (or any dcdesk command) then wipes it.',
    'settings.purgedCopies':
      '{copies, plural, one {# older copy of the history (a backup taken at an upgrade, or a damaged file) was deleted too: it held those batches.} other {# older copies of the history (backups taken at upgrades, or damaged files) were deleted too: they held those batches.}}',
    'settings.purge.unsaved':
      'Save the settings first: Purge now uses the saved retention ({days, plural, one {# day} other {# days}}), not the number typed here.',
    'settings.purge.confirmTitle':
      'Delete batches older than {days, plural, one {# day} other {# days}}?',
    'settings.purge.confirmText':
      '{batches, plural, one {# batch} other {# batches}} ({rows, plural, one {# row} other {# rows}}) will be deleted for good, with their answers and results, and the reviews and upload records as old that no kept batch holds. This cannot be undone.',
    'settings.purge.confirm': 'Delete for good',
    'settings.purgeKept':
      '{kept, plural, one {# older batch was kept: it is running or unfinished.} other {# older batches were kept: they are running or unfinished.}} A batch finished or cancelled goes at the next purge.',
    'settings.appearance': 'Language and appearance',
    'settings.language': 'Language',
    'settings.language.system': 'Same as the system',
    'settings.theme': 'Theme',
    'settings.theme.system': 'Same as the system',
    'settings.theme.light': 'Light',
    'settings.theme.dark': 'Dark',
    'settings.saved': 'Settings saved.',
    'settings.notSaved':
      'Not saved: {count, plural, one {# field needs a fix. It says what it takes.} other {# fields need a fix. Each says what it takes.}}',
    'settings.files': 'Response-variable files',
    'settings.separator': 'Column separator',
    'settings.separator.comma': 'Comma (,)',
    'settings.separator.semicolon': 'Semicolon (;)',
    'settings.separator.hint':
      'Used for the files built on the Send outcomes screen (it can be changed there for one file) and for Export CSV of the results: with a semicolon, numbers get a decimal comma, as Excel in Portuguese reads them.',
    'settings.privacy': 'Privacy requests',
    'settings.forget.hint':
      'Deletes every row, result and outcome about one CPF from the history on this computer, and the older copies of the history (backups) that may hold it. Responses already sent to the service are not affected.',
    'settings.forget.label': 'CPF to delete',
    'settings.forget.button': 'Delete everything about this CPF',
    'settings.forget.confirmTitle': 'Delete everything about this CPF?',
    'settings.forget.confirm':
      'Every row, result and outcome about CPF {cpf} is removed from every batch and scrubbed from the database files, with the reviews of its transactions, also one set on another batch’s row of the same transaction. This cannot be undone.',
    'settings.forget.done':
      'Removed {rows, plural, one {# row} other {# rows}} about that CPF and {outcomes, plural, one {# review} other {# reviews}} of its transactions; {copies, plural, one {# older copy} other {# older copies}} of the history deleted.',
  },
  {
    'settings.title': 'Configurações',
    'settings.lookups': 'Consultas',
    'settings.concurrency': 'Requisições simultâneas (1 a 64)',
    'settings.rate': 'Requisições por segundo (vazio para sem limite)',
    'settings.timeout': 'Tempo limite por requisição, em segundos',
    'settings.tokenLifetime': 'Validade do token quando o serviço não informa, em minutos',
    'settings.tokenLifetime.hint':
      'Usada só quando a resposta do login não traz a validade; de 1 minuto a 24 horas (1440). Um token que o serviço recusa é trocado antes.',
    'settings.maxRows': 'Maior planilha, em linhas',
    'settings.history': 'Histórico',
    'settings.retention': 'Manter lotes por (dias)',
    'settings.purge': 'Limpar agora',
    'settings.purged':
      '{batches, plural, one {# lote removido} other {# lotes removidos}} ({rows, plural, one {# linha} other {# linhas}}) com mais de {days, plural, one {# dia} other {# dias}}.',
    'settings.notWiped':
      'Outro programa está lendo o histórico (outra janela do aplicativo, ou o dcdesk): os dados removidos ficam no arquivo do histórico até esse programa fechá-lo; a próxima abertura do aplicativo (ou qualquer comando dcdesk) então os apaga.',
    'settings.purgedCopies':
      '{copies, plural, one {# cópia antiga do histórico (um backup feito numa atualização, ou um arquivo danificado) também foi apagada: ela continha esses lotes.} other {# cópias antigas do histórico (backups feitos em atualizações, ou arquivos danificados) também foram apagadas: elas continham esses lotes.}}',
    'settings.purge.unsaved':
      'Salve as configurações antes: Limpar agora usa a retenção salva ({days, plural, one {# dia} other {# dias}}), não o número digitado aqui.',
    'settings.purge.confirmTitle':
      'Apagar os lotes com mais de {days, plural, one {# dia} other {# dias}}?',
    'settings.purge.confirmText':
      '{batches, plural, one {# lote será apagado} other {# lotes serão apagados}} ({rows, plural, one {# linha} other {# linhas}}) definitivamente, com suas respostas e resultados, e as revisões e registros de envio tão antigos que nenhum lote mantido contém. Não é possível desfazer.',
    'settings.purge.confirm': 'Apagar definitivamente',
    'settings.purgeKept':
      '{kept, plural, one {# lote mais antigo foi mantido: está em execução ou não terminou.} other {# lotes mais antigos foram mantidos: estão em execução ou não terminaram.}} Um lote concluído ou cancelado sai na próxima limpeza.',
    'settings.appearance': 'Idioma e aparência',
    'settings.language': 'Idioma',
    'settings.language.system': 'Igual ao sistema',
    'settings.theme': 'Tema',
    'settings.theme.system': 'Igual ao sistema',
    'settings.theme.light': 'Claro',
    'settings.theme.dark': 'Escuro',
    'settings.saved': 'Configurações salvas.',
    'settings.notSaved':
      'Nada foi salvo: {count, plural, one {# campo precisa de correção. Ele diz o que aceita.} other {# campos precisam de correção. Cada um diz o que aceita.}}',
    'settings.files': 'Arquivos de variáveis de resposta',
    'settings.separator': 'Separador de colunas',
    'settings.separator.comma': 'Vírgula (,)',
    'settings.separator.semicolon': 'Ponto e vírgula (;)',
    'settings.separator.hint':
      'Usado nos arquivos montados na tela Enviar resultados (pode ser trocado ali para um arquivo) e no Exportar CSV dos resultados: com ponto e vírgula, os números saem com vírgula decimal, como o Excel em português os lê.',
    'settings.privacy': 'Pedidos de privacidade',
    'settings.forget.hint':
      'Apaga do histórico deste computador todas as linhas, respostas e resultados de um CPF, e as cópias antigas do histórico (backups) que possam contê-lo. Respostas já enviadas ao serviço não são afetadas.',
    'settings.forget.label': 'CPF a apagar',
    'settings.forget.button': 'Apagar tudo sobre este CPF',
    'settings.forget.confirmTitle': 'Apagar tudo sobre este CPF?',
    'settings.forget.confirm':
      'Todas as linhas, respostas e resultados do CPF {cpf} são removidos de todos os lotes e apagados dos arquivos do banco de dados, com as revisões das suas transações, inclusive uma marcada na linha de outro lote da mesma transação. Não é possível desfazer.',
    'settings.forget.done':
      '{rows, plural, one {# linha sobre esse CPF removida} other {# linhas sobre esse CPF removidas}} e {outcomes, plural, one {# revisão das suas transações removida} other {# revisões das suas transações removidas}}; {copies, plural, one {# cópia antiga do histórico apagada} other {# cópias antigas do histórico apagadas}}.',
  },
);
