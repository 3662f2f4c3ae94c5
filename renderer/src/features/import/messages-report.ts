import { catalogue } from '../../i18n/define';

/** The report: totals, problems, rows to review, duplicates, recent lookups, the preview. */
export const reportMessages = catalogue(
  {
    'import.report.title': 'Check of the rows',
    'import.totals.rows': 'Rows',
    'import.totals.valid': 'Valid',
    'import.totals.invalid': 'With problems',
    'import.totals.excluded': 'Excluded',
    'import.totals.fixed': 'Fixed',
    'import.totals.duplicates': 'Repeated IDs to send',
    'import.totals.padded': 'Zeros restored',
    'import.padded.hint':
      '{count, plural, one {# CPF or CEP cell was stored as a number and had lost its leading zeros; the zeros were put back.} other {# CPF or CEP cells were stored as numbers and had lost their leading zeros; the zeros were put back.}}',
    'import.lostDigits.hint':
      '{count, plural, one {# row is held back: a cell in an ID column was stored by Excel as a number of more than 15 digits.} other {# rows are held back: cells in ID columns were stored by Excel as numbers of more than 15 digits.}} Excel keeps only 15 digits (and may show such a number as 1.23457E+19), so these values are not the ones typed and would never match the merchant’s records. Excel cannot give the digits back: format the column as Text in Excel and type the values again, or save the file as CSV from the source system. You can also type each value again here with Edit.',
    'import.hidden.hint':
      '{count, plural, one {# row is hidden in Excel (a filter or hidden rows); it is imported like the others.} other {# rows are hidden in Excel (a filter or hidden rows); they are imported like the others.}} If the filter was meant to choose the rows to send, remove the other rows from the file (or exclude them here) first.',
    'import.errorCells.hint':
      "{count, plural, one {# row is held back: a cell in a mapped column holds an Excel error (such as '#'N/A, '#'NAME? or '#'REF!), not a value.} other {# rows are held back: cells in mapped columns hold Excel errors (such as '#'N/A, '#'NAME? or '#'REF!), not values.}} A formula that failed leaves its error in the cell; it is not the ID or the data of a transaction. Fix the formula (or the data it reads) in Excel, or type the value, and import the file again; you can also type each value here with Edit.",
    'import.formulaCells.hint':
      '{count, plural, one {# row is held back: a cell in a mapped column holds a formula saved without its value.} other {# rows are held back: cells in mapped columns hold formulas saved without their values.}} Some programs (openpyxl, SheetJS, report generators) write formulas but not what they compute, so what Excel would show is not in the file. Open the file in Excel or LibreOffice and save it, so the values are computed, then import it again; you can also type each value here with Edit.',
    'import.replaced.hint':
      'Cells with a character that could not be read (shown as �, or not at all): {cells} ({count} in all). The file is probably not UTF-8: save it again as “CSV UTF-8” and import it again.',
    'import.noRows': 'There are no data rows below the header row.',
    'import.summary.title': 'Problems by field',
    'import.summary.problem': 'Problem',
    'import.summary.rows': 'Rows',
    'import.summary.none': 'No problems: every included row can be looked up.',
    'import.personal.hint': 'CPF, e-mail, phone and CEP are masked unless shown.',
    'import.list.title': 'Rows to review',
    'import.list.show': 'Show',
    'import.list.invalid': 'With problems ({count})',
    'import.list.fixed': 'Fixed ({count})',
    'import.list.excluded': 'Excluded ({count})',
    'import.list.empty.invalid': 'No rows with problems.',
    'import.list.empty.fixed': 'No fixed rows.',
    'import.list.empty.excluded': 'No excluded rows.',
    'import.row.number': 'Row {row}',
    'import.row.empty': '(empty)',
    'import.row.noProblems': 'No problems',
    'import.row.fixed': 'Fixed',
    'import.row.excluded': 'Excluded',
    'import.row.edit': 'Edit',
    'import.row.editLabel': 'Edit row {row}',
    'import.row.exclude': 'Exclude',
    'import.row.excludeLabel': 'Exclude row {row}',
    'import.row.include': 'Include',
    'import.row.includeLabel': 'Include row {row}',
    'import.row.undoFix': 'Undo fix',
    'import.row.undoFixLabel': 'Undo fix of row {row}',
    'import.row.excludedStatus': 'Row {row} excluded.',
    'import.undo': 'Undo',
    'import.editor.title': 'Fix row {row}',
    'import.editor.intro': 'The row is checked as you type; the file itself is not changed.',
    'import.editor.apply': 'Apply',
    'import.editor.valid': 'The row is valid.',
    'import.duplicates.title': 'Repeated external IDs',
    'import.duplicates.intro':
      '{groups, plural, one {# external ID appears} other {# external IDs appear}} on more than one row. The service expects each transaction once.',
    'import.duplicates.excludeLater': 'Exclude later duplicates',
    'import.duplicates.rows': 'rows {rows}',
    'import.duplicates.introResolved':
      '{groups, plural, one {# external ID appears on more than one row; only its first row is sent.} other {# external IDs appear on more than one row; only the first row of each is sent.}}',
    'import.duplicates.kept': '{count, plural, one {row {rows} kept} other {rows {rows} kept}}',
    'import.duplicates.excluded':
      '{count, plural, one {row {rows} excluded} other {rows {rows} excluded}}',
    'import.duplicates.excludedStatus':
      '{count, plural, one {# repeated row excluded: each external ID is sent once.} other {# repeated rows excluded: each external ID is sent once.}}',
    'import.duplicates.keepFirst': 'Keep the first',
    'import.duplicates.includeAll': 'Include all',
    'import.duplicates.resolved': 'sent once',
    'import.duplicates.list': 'External IDs on more than one row',
    'import.recent.days': 'Already looked up in the last (days)',
    'import.recent.checking': 'Looking in the history…',
    'import.recent.one':
      '1 row was already looked up in the last {days, plural, one {day} other {# days}}: skip it?',
    'import.recent.many':
      '{count, plural, one {# row was} other {# rows were}} already looked up in the last {days, plural, one {day} other {# days}}: skip them?',
    'import.recent.none':
      'None of these rows was looked up in the last {days, plural, one {day} other {# days}}.',
    'import.recent.skip': 'Skip them',
    'import.preview.title': 'Request preview',
    'import.preview.intro': 'What row {row} will send:',
    'import.preview.none': 'No valid row to preview.',
  },
  {
    'import.report.title': 'Verificação das linhas',
    'import.totals.rows': 'Linhas',
    'import.totals.valid': 'Válidas',
    'import.totals.invalid': 'Com problemas',
    'import.totals.excluded': 'Fora do lote',
    'import.totals.fixed': 'Corrigidas',
    'import.totals.duplicates': 'IDs repetidos a enviar',
    'import.totals.padded': 'Zeros restaurados',
    'import.padded.hint':
      '{count, plural, one {# célula de CPF ou CEP estava gravada como número e tinha perdido os zeros à esquerda; os zeros foram repostos.} other {# células de CPF ou CEP estavam gravadas como número e tinham perdido os zeros à esquerda; os zeros foram repostos.}}',
    'import.lostDigits.hint':
      '{count, plural, one {# linha ficou retida: uma célula de uma coluna de ID foi gravada pelo Excel como número de mais de 15 dígitos.} other {# linhas ficaram retidas: células de colunas de ID foram gravadas pelo Excel como números de mais de 15 dígitos.}} O Excel guarda só 15 dígitos (e pode mostrar esse número como 1,23457E+19), então esses valores não são os digitados e nunca vão conferir com os registros do lojista. O Excel não devolve os dígitos: formate a coluna como Texto no Excel e digite os valores de novo, ou salve o arquivo como CSV no sistema de origem. Também é possível digitar cada valor de novo aqui, em Editar.',
    'import.hidden.hint':
      '{count, plural, one {# linha está oculta no Excel (um filtro ou linhas ocultas); ela é importada como as outras.} other {# linhas estão ocultas no Excel (um filtro ou linhas ocultas); elas são importadas como as outras.}} Se o filtro era para escolher as linhas a enviar, tire as outras linhas do arquivo (ou exclua-as aqui) antes.',
    'import.errorCells.hint':
      "{count, plural, one {# linha ficou retida: uma célula de uma coluna mapeada contém um erro do Excel (como '#'N/D, '#'NOME? ou '#'REF!), não um valor.} other {# linhas ficaram retidas: células de colunas mapeadas contêm erros do Excel (como '#'N/D, '#'NOME? ou '#'REF!), não valores.}} Uma fórmula que falhou deixa o erro na célula; ele não é o ID nem os dados de uma transação. Corrija a fórmula (ou os dados que ela lê) no Excel, ou digite o valor, e importe o arquivo de novo; também é possível digitar cada valor aqui, em Editar.",
    'import.formulaCells.hint':
      '{count, plural, one {# linha ficou retida: uma célula de uma coluna mapeada contém uma fórmula salva sem o valor.} other {# linhas ficaram retidas: células de colunas mapeadas contêm fórmulas salvas sem os valores.}} Alguns programas (openpyxl, SheetJS, geradores de relatório) gravam as fórmulas mas não o que elas calculam, então o que o Excel mostraria não está no arquivo. Abra o arquivo no Excel ou no LibreOffice e salve-o, para que os valores sejam calculados, e importe-o de novo; também é possível digitar cada valor aqui, em Editar.',
    'import.replaced.hint':
      'Células com um caractere que não pôde ser lido (mostrado como �, ou invisível): {cells} ({count} no total). O arquivo provavelmente não está em UTF-8: salve-o de novo como “CSV UTF-8” e importe outra vez.',
    'import.noRows': 'Não há linhas de dados abaixo da linha de cabeçalho.',
    'import.summary.title': 'Problemas por campo',
    'import.summary.problem': 'Problema',
    'import.summary.rows': 'Linhas',
    'import.summary.none': 'Nenhum problema: toda linha incluída pode ser consultada.',
    'import.personal.hint': 'CPF, e-mail, telefone e CEP ficam mascarados, a menos que exibidos.',
    'import.list.title': 'Linhas a revisar',
    'import.list.show': 'Mostrar',
    'import.list.invalid': 'Com problemas ({count})',
    'import.list.fixed': 'Corrigidas ({count})',
    'import.list.excluded': 'Fora do lote ({count})',
    'import.list.empty.invalid': 'Nenhuma linha com problemas.',
    'import.list.empty.fixed': 'Nenhuma linha corrigida.',
    'import.list.empty.excluded': 'Nenhuma linha foi deixada de fora.',
    'import.row.number': 'Linha {row}',
    'import.row.empty': '(vazio)',
    'import.row.noProblems': 'Sem problemas',
    'import.row.fixed': 'Corrigida',
    'import.row.excluded': 'Fora do lote',
    'import.row.edit': 'Editar',
    'import.row.editLabel': 'Editar a linha {row}',
    'import.row.exclude': 'Deixar de fora',
    'import.row.excludeLabel': 'Deixar de fora a linha {row}',
    'import.row.include': 'Incluir',
    'import.row.includeLabel': 'Incluir a linha {row}',
    'import.row.undoFix': 'Desfazer correção',
    'import.row.undoFixLabel': 'Desfazer correção da linha {row}',
    'import.row.excludedStatus': 'Linha {row} deixada de fora do lote.',
    'import.undo': 'Desfazer',
    'import.editor.title': 'Corrigir a linha {row}',
    'import.editor.intro': 'A linha é verificada enquanto você digita; o arquivo não é alterado.',
    'import.editor.apply': 'Aplicar',
    'import.editor.valid': 'A linha é válida.',
    'import.duplicates.title': 'IDs externos repetidos',
    'import.duplicates.intro':
      '{groups, plural, one {# ID externo aparece} other {# IDs externos aparecem}} em mais de uma linha. O serviço espera cada transação uma só vez.',
    'import.duplicates.excludeLater': 'Deixar de fora as repetições seguintes',
    'import.duplicates.rows': 'linhas {rows}',
    'import.duplicates.introResolved':
      '{groups, plural, one {# ID externo aparece em mais de uma linha; só a primeira linha é enviada.} other {# IDs externos aparecem em mais de uma linha; só a primeira linha de cada um é enviada.}}',
    'import.duplicates.kept':
      '{count, plural, one {linha {rows} mantida} other {linhas {rows} mantidas}}',
    'import.duplicates.excluded':
      '{count, plural, one {linha {rows} fora do lote} other {linhas {rows} fora do lote}}',
    'import.duplicates.excludedStatus':
      '{count, plural, one {# linha repetida deixada de fora: cada ID externo é enviado uma vez.} other {# linhas repetidas deixadas de fora: cada ID externo é enviado uma vez.}}',
    'import.duplicates.keepFirst': 'Manter a primeira',
    'import.duplicates.includeAll': 'Incluir todas',
    'import.duplicates.resolved': 'enviado uma vez',
    'import.duplicates.list': 'IDs externos em mais de uma linha',
    'import.recent.days': 'Já consultadas nos últimos (dias)',
    'import.recent.checking': 'Consultando o histórico…',
    'import.recent.one':
      '1 linha já foi consultada {days, plural, one {no último dia} other {nos últimos # dias}}: pular essa linha?',
    'import.recent.many':
      '{count, plural, one {# linha já foi consultada} other {# linhas já foram consultadas}} {days, plural, one {no último dia} other {nos últimos # dias}}: pular essas linhas?',
    'import.recent.none':
      'Nenhuma destas linhas foi consultada {days, plural, one {no último dia} other {nos últimos # dias}}.',
    'import.recent.skip': 'Pular essas linhas',
    'import.preview.title': 'Prévia da requisição',
    'import.preview.intro': 'O que a linha {row} vai enviar:',
    'import.preview.none': 'Nenhuma linha válida para a prévia.',
  },
);
