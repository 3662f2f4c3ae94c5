import { catalogue } from '../../i18n/define';

/** Building a file: its options, the preview, the problems found and the empty state. */
export const buildMessages = catalogue(
  {
    'uploads.title': 'Send outcomes',
    'uploads.environment': 'Files are sent to the active environment: {env}',
    'uploads.build.title': 'Build a file from the reviewed transactions',
    'uploads.build.summary': '{total} reviewed · {unsent} not yet sent to {env}',
    'uploads.build.source': 'Transactions from',
    'uploads.build.allReviewed': 'All reviewed transactions',
    'uploads.build.batch': 'Batch {name} ({date})',
    'uploads.build.scope': 'Which ones',
    'uploads.build.unsent': 'Not yet sent to {env}',
    'uploads.build.all': 'All reviewed',
    'uploads.build.kind': 'File type',
    'uploads.build.separator': 'Separator',
    'uploads.build.separatorHint': 'Settings default: {separator}',
    'uploads.build.comma': 'Comma (,)',
    'uploads.build.semicolon': 'Semicolon (;)',
    'uploads.build.name': 'File name',
    'uploads.build.building': 'Building the file…',
    'uploads.build.buildingRows':
      'Building the file… {done} of {total, plural, one {# row} other {# rows}} read',
    'uploads.team.leftOut':
      '{count, plural, one {# transaction was left out: the team’s upload ledger shows a colleague already sent it to {env}.} other {# transactions were left out: the team’s upload ledger shows colleagues already sent them to {env}.}}',
    'uploads.team.unreachable':
      'The team database could not be asked: this file is built from this computer’s view only.',
    'uploads.team.unreachableHint':
      'Colleagues’ latest outcomes and sends may be missing from it. A copy can be saved; sending waits until the team database answers.',
    'uploads.empty.none': 'There are no reviewed transactions here yet.',
    'uploads.empty.noneHint':
      'Give transactions an outcome (Suspeito, Fraude Confirmada or Device Positivado) in Review, then come back to send them.',
    'uploads.empty.allSent': 'Every reviewed transaction here was already sent to {env}.',
    'uploads.empty.allSentHint':
      'Choose “All reviewed” to build the file again, or review more transactions first.',
    'uploads.empty.review': 'Open Review',
    'uploads.empty.elsewhere':
      'None of the reviewed transactions here comes from {env}’s answers: {count, plural, one {# was reviewed} other {# were reviewed}} on answers of other environments, whose DeviceIds {env} does not know.',
    'uploads.empty.elsewhereHint':
      'Look the transactions up with {env} active, review those, then build the file.',
    'uploads.preview.chart': 'Rows per outcome',
    'uploads.preview.outcome': 'Outcome',
    'uploads.preview.rows': 'Rows',
    'uploads.preview.total': 'Rows in the file',
    'uploads.preview.size': 'Size',
    'uploads.preview.separator': 'Separator',
    'uploads.preview.checking': 'Checking…',
    'uploads.preview.formula':
      'Lines with an ID or DeviceId that starts with = + - @, or has one right after a comma or semicolon: {lines} ({count} in all). Excel would run them as formulas if it opened this file. The file keeps them exactly as they are, because the service needs the exact ID; check it in a text editor, not in Excel.',
    'uploads.preview.firstRows':
      'The first {shown} of {total, plural, one {# row} other {# rows}}, exactly as they will be sent',
    'uploads.preview.line': 'Line',
    'uploads.preview.asText': 'Show the first lines as text',
    'uploads.save': 'Save a copy',
    'uploads.problems.title': 'The file cannot be saved or sent. Problems found: {count}',
    'uploads.problems.more': '…and {count} more.',
    'uploads.problem.atLine': 'Line {line}: {sentence}',
    'uploads.problem.empty': 'the file has no rows.',
    'uploads.problem.header':
      'the header reads {value}; it must be exactly the columns ID Transacional, DeviceId and Resultado, separated by , or ;.',
    'uploads.problem.unreadable':
      'the file cannot be read: it is not UTF-8 text, or the zip is damaged, protected by a password, packed in a way other than deflate, or does not hold exactly one CSV.',
    'uploads.problem.header_spacing':
      'the column name {value} has spaces or an invisible character (such as a second byte order mark) around it: remove them, or save the file again as CSV UTF-8.',
    'uploads.problem.field_count':
      'this line has {value, plural, one {# field} other {# fields}}; the header has {expected}. A separator at the end of a line starts one more, empty field.',
    'uploads.problem.open_quote':
      'a quoted value starts on this line and is never closed: the rest of the file would run into it.',
    'uploads.problem.after_quote':
      'a quoted value is followed by “{value}”; after its closing quote mark must come the separator or the end of the line.',
    'uploads.problem.too_large':
      'the file is {value} MB, more than the 20 MB the app sends: build it as a zip, or send fewer rows (one batch, or only the rows not sent yet).',
    'uploads.problem.missing_transaction_id': 'the transaction id (ID Transacional) is missing.',
    'uploads.problem.missing_device_id': 'the DeviceId is missing.',
    'uploads.problem.invalid_outcome':
      '“{value}” is not an outcome the service accepts (Suspeito, Fraude Confirmada or Device Positivado, written exactly).',
    'uploads.problem.duplicate_transaction_id':
      'the transaction id {value} is repeated (first on line {firstLine}).',
    'uploads.problem.unsafe_value':
      'the value {value} holds a control, direction or invisible character (a line break, a tab, a NUL, a zero-width space, shown escaped): the service would not read it as written. Correct it in the file, or leave that transaction out.',
    'uploads.problem.excel_error':
      '{value} is an Excel error (a formula that failed), not an ID: correct the formula or the cell, then build the file again.',
    'uploads.problem.digits_lost':
      'the transaction id {value} is in the exponent form Excel shows long numbers in: the ID’s other digits are lost. Build the file again in the app, or format the column as Text in Excel before saving.',
    'uploads.problem.transaction_id_length':
      'the transaction id {value} has {length, plural, one {# character} other {# characters}}; the service takes an ID of 6 to 64 characters (the externalID the transaction was asked with).',
    'uploads.problem.device_id_length':
      'the DeviceId has {length, plural, one {# character} other {# characters}}; a device ID has at most 128 (the longest the app takes from the service).',
    'uploads.problem.edge_spaces':
      'the value {value} has spaces at its start or end: remove them in the file, so the service gets exactly what was checked and recorded.',
  },
  {
    'uploads.title': 'Enviar resultados',
    'uploads.environment': 'Os arquivos vão para o ambiente ativo: {env}',
    'uploads.build.title': 'Montar um arquivo com as transações revisadas',
    'uploads.build.summary':
      '{total, plural, one {# revisada} other {# revisadas}} · {unsent, plural, one {# ainda não enviada} other {# ainda não enviadas}} para {env}',
    'uploads.build.source': 'Transações de',
    'uploads.build.allReviewed': 'Todas as transações revisadas',
    'uploads.build.batch': 'Lote {name} ({date})',
    'uploads.build.scope': 'Quais',
    'uploads.build.unsent': 'Ainda não enviadas para {env}',
    'uploads.build.all': 'Todas as revisadas',
    'uploads.build.kind': 'Tipo de arquivo',
    'uploads.build.separator': 'Separador',
    'uploads.build.separatorHint': 'Padrão das configurações: {separator}',
    'uploads.build.comma': 'Vírgula (,)',
    'uploads.build.semicolon': 'Ponto e vírgula (;)',
    'uploads.build.name': 'Nome do arquivo',
    'uploads.build.building': 'Montando o arquivo…',
    'uploads.build.buildingRows':
      'Montando o arquivo… {done} de {total, plural, one {# linha lida} other {# linhas lidas}}',
    'uploads.team.leftOut':
      '{count, plural, one {# transação ficou de fora: o registro de envios da equipe mostra que um colega já a enviou para {env}.} other {# transações ficaram de fora: o registro de envios da equipe mostra que colegas já as enviaram para {env}.}}',
    'uploads.team.unreachable':
      'Não foi possível consultar o banco de dados da equipe: este arquivo foi montado só com o que este computador sabe.',
    'uploads.team.unreachableHint':
      'Podem faltar os resultados e envios mais recentes dos colegas. É possível salvar uma cópia; o envio espera até o banco de dados da equipe responder.',
    'uploads.empty.none': 'Ainda não há transações revisadas aqui.',
    'uploads.empty.noneHint':
      'Dê um resultado às transações (Suspeito, Fraude Confirmada ou Device Positivado) na Revisão e volte para enviá-las.',
    'uploads.empty.allSent': 'Todas as transações revisadas aqui já foram enviadas para {env}.',
    'uploads.empty.allSentHint':
      'Escolha “Todas as revisadas” para montar o arquivo de novo, ou revise mais transações antes.',
    'uploads.empty.review': 'Abrir a Revisão',
    'uploads.empty.elsewhere':
      'Nenhuma das transações revisadas aqui vem das respostas de {env}: {count, plural, one {# foi revisada} other {# foram revisadas}} em respostas de outros ambientes, cujos DeviceIds {env} não conhece.',
    'uploads.empty.elsewhereHint':
      'Consulte as transações com {env} ativo, revise-as e então monte o arquivo.',
    'uploads.preview.chart': 'Linhas por resultado',
    'uploads.preview.outcome': 'Resultado',
    'uploads.preview.rows': 'Linhas',
    'uploads.preview.total': 'Linhas no arquivo',
    'uploads.preview.size': 'Tamanho',
    'uploads.preview.separator': 'Separador',
    'uploads.preview.checking': 'Verificando…',
    'uploads.preview.formula':
      'Linhas com ID ou DeviceId que começa com = + - @, ou tem um deles logo após uma vírgula ou ponto e vírgula: {lines} ({count} no total). O Excel as executaria como fórmulas se abrisse este arquivo. O arquivo as mantém exatamente como estão, porque o serviço precisa do ID exato; confira-o num editor de texto, não no Excel.',
    'uploads.preview.firstRows':
      'As primeiras {shown} de {total, plural, one {# linha} other {# linhas}}, exatamente como serão enviadas',
    'uploads.preview.line': 'Linha',
    'uploads.preview.asText': 'Mostrar as primeiras linhas como texto',
    'uploads.save': 'Salvar uma cópia',
    'uploads.problems.title':
      'O arquivo não pode ser salvo nem enviado. Problemas encontrados: {count}',
    'uploads.problems.more': '…e mais {count}.',
    'uploads.problem.atLine': 'Linha {line}: {sentence}',
    'uploads.problem.empty': 'o arquivo não tem linhas.',
    'uploads.problem.header':
      'o cabeçalho diz {value}; ele deve ter exatamente as colunas ID Transacional, DeviceId e Resultado, separadas por , ou ;.',
    'uploads.problem.unreadable':
      'o arquivo não pode ser lido: não é texto UTF-8, ou o zip está danificado, protegido por senha, compactado de outra forma que não deflate, ou não contém exatamente um CSV.',
    'uploads.problem.header_spacing':
      'o nome da coluna {value} tem espaços ou um caractere invisível (como uma segunda marca de ordem de bytes, BOM) ao redor: remova-os ou salve o arquivo de novo como CSV UTF-8.',
    'uploads.problem.field_count':
      'esta linha tem {value, plural, one {# campo} other {# campos}}; o cabeçalho tem {expected}. Um separador no fim da linha abre mais um campo, vazio.',
    'uploads.problem.open_quote':
      'um valor entre aspas começa nesta linha e nunca é fechado: o resto do arquivo cairia dentro dele.',
    'uploads.problem.after_quote':
      'um valor entre aspas é seguido de “{value}”; depois das aspas de fechamento deve vir o separador ou o fim da linha.',
    'uploads.problem.too_large':
      'o arquivo tem {value} MB, mais que os 20 MB que o app envia: gere-o como zip ou envie menos linhas (um lote, ou só as linhas ainda não enviadas).',
    'uploads.problem.missing_transaction_id': 'falta o ID da transação (ID Transacional).',
    'uploads.problem.missing_device_id': 'falta o DeviceId.',
    'uploads.problem.invalid_outcome':
      '“{value}” não é um resultado aceito pelo serviço (Suspeito, Fraude Confirmada ou Device Positivado, escrito exatamente assim).',
    'uploads.problem.duplicate_transaction_id':
      'o ID da transação {value} se repete (primeiro na linha {firstLine}).',
    'uploads.problem.unsafe_value':
      'o valor {value} tem um caractere de controle, de direção ou invisível (quebra de linha, tabulação, NUL, espaço de largura zero, mostrado escapado): o serviço não o leria como está escrito. Corrija-o no arquivo ou deixe essa transação de fora.',
    'uploads.problem.excel_error':
      '{value} é um erro do Excel (uma fórmula que falhou), não um ID: corrija a fórmula ou a célula e monte o arquivo de novo.',
    'uploads.problem.digits_lost':
      'o ID da transação {value} está na forma com expoente que o Excel usa para números longos: os outros dígitos do ID se perderam. Monte o arquivo de novo no app, ou formate a coluna como Texto no Excel antes de salvar.',
    'uploads.problem.transaction_id_length':
      'o ID da transação {value} tem {length, plural, one {# caractere} other {# caracteres}}; o serviço aceita um ID de 6 a 64 caracteres (o externalID com que a transação foi consultada).',
    'uploads.problem.device_id_length':
      'o DeviceId tem {length, plural, one {# caractere} other {# caracteres}}; um ID de dispositivo tem no máximo 128 (o maior que o app aceita do serviço).',
    'uploads.problem.edge_spaces':
      'o valor {value} tem espaços no começo ou no fim: remova-os no arquivo, para que o serviço receba exatamente o que foi verificado e registrado.',
  },
);
