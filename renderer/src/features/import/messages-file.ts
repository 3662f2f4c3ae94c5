import { catalogue } from '../../i18n/define';

/** Choosing the file, the sheet, the header row and the columns. */
export const fileMessages = catalogue(
  {
    'import.recentFiles.title': 'Recent files',
    'import.recentFiles.hint':
      'Opened on this computer. The files stay where they are; choose one again above to open it.',
    'import.recentFiles.clear': 'Clear the list',
    'import.title': 'Import a spreadsheet',
    'import.intro':
      'Check a spreadsheet of transactions before anything is sent: the file stays on this computer.',
    'import.drop.title': 'Drop a spreadsheet here',
    'import.drop.or': 'or',
    'import.drop.choose': 'Choose a file…',
    'import.drop.input': 'Spreadsheet file (.xlsx, .xls or .csv)',
    'import.drop.hint':
      'Excel (.xlsx, .xls) or CSV, up to {rows, plural, one {# data row} other {# data rows}}.',
    'import.sample.title': 'New here? Try the whole flow on a sample.',
    'import.sample.text':
      'A spreadsheet of fictional transactions, a few of them with problems to fix, answered by the sandbox on this computer.',
    'import.sample.try': 'Try with the sample spreadsheet',
    'import.reading': 'Reading {name} ({size})…',
    'import.checking': 'Checking the rows…',
    'import.checkingProgress': 'Checking the rows: {done} of {total}',
    'import.file.legend': 'File',
    'import.file.summary': '{name} · {size} · {kind}',
    'import.file.csv': 'Encoding {encoding}, delimiter {delimiter}',
    'import.file.rows': '{count, plural, one {# row} other {# rows}} in the sheet',
    'import.kind.xlsx': 'Excel workbook',
    'import.kind.xls': 'Excel 97–2003 workbook',
    'import.kind.csv': 'CSV text',
    'import.delimiter.semicolon': 'semicolon (;)',
    'import.delimiter.comma': 'comma (,)',
    'import.delimiter.tab': 'tab',
    'import.delimiter.pipe': 'vertical bar (|)',
    'import.sheet': 'Sheet',
    'import.sheetHidden': '{name} (hidden)',
    'import.headerRow': 'Header row',
    'import.headerRow.option': 'Row {row}: {preview}',
    'import.headerRow.empty': '(empty)',
    'import.headerRow.hint': 'The row that names the columns; the rows below it are the data.',
    'import.mapping.legend': 'Columns',
    'import.mapping.field': 'Field',
    'import.mapping.column': 'Column in the file',
    'import.mapping.none': 'Not in the file',
    'import.mapping.noName': '(no name)',
    'import.mapping.required': 'required',
    'import.mapping.remembered':
      'Columns as you mapped them last time for a file with these headers.',
    'import.mapping.automatic': 'Columns matched by their names: check them.',
    'import.mapping.edited': 'Your choice will be remembered for files with these headers.',
    'import.mapping.notRemembered':
      'Your choice is not remembered: the header row holds values (a CPF, an e-mail, a phone, an ID), not column names, and they are not kept. If the file has no header row, this is its first row of data.',
    'import.mapping.missing':
      'Choose the columns of Session ID and External ID: every row needs both before it can be checked.',
    'import.mapping.choice':
      '{field}: {count, plural, one {# column} other {# columns}} could hold it ({columns}); column {used} is used. If another holds the right values, choose it above.',
    'import.mapping.phoneHint':
      'Map the whole phone, or its parts (DDI, DDD, number); a whole phone takes what it lacks from the parts.',
  },
  {
    'import.recentFiles.title': 'Arquivos recentes',
    'import.recentFiles.hint':
      'Abertos neste computador. Os arquivos ficam onde estão; escolha um de novo acima para abri-lo.',
    'import.recentFiles.clear': 'Limpar a lista',
    'import.title': 'Importar uma planilha',
    'import.intro':
      'Verifique uma planilha de transações antes de qualquer envio: o arquivo fica neste computador.',
    'import.drop.title': 'Solte uma planilha aqui',
    'import.drop.or': 'ou',
    'import.drop.choose': 'Escolher um arquivo…',
    'import.drop.input': 'Arquivo de planilha (.xlsx, .xls ou .csv)',
    'import.drop.hint':
      'Excel (.xlsx, .xls) ou CSV, com até {rows, plural, one {# linha de dados} other {# linhas de dados}}.',
    'import.sample.title': 'Primeira vez? Experimente o fluxo todo com um exemplo.',
    'import.sample.text':
      'Uma planilha de transações fictícias, algumas delas com problemas a corrigir, respondidas pelo sandbox neste computador.',
    'import.sample.try': 'Experimentar com a planilha de exemplo',
    'import.reading': 'Lendo {name} ({size})…',
    'import.checking': 'Verificando as linhas…',
    'import.checkingProgress': 'Verificando as linhas: {done} de {total}',
    'import.file.legend': 'Arquivo',
    'import.file.summary': '{name} · {size} · {kind}',
    'import.file.csv': 'Codificação {encoding}, separador {delimiter}',
    'import.file.rows': '{count, plural, one {# linha} other {# linhas}} na aba',
    'import.kind.xlsx': 'Pasta de trabalho do Excel',
    'import.kind.xls': 'Pasta de trabalho do Excel 97–2003',
    'import.kind.csv': 'Texto CSV',
    'import.delimiter.semicolon': 'ponto e vírgula (;)',
    'import.delimiter.comma': 'vírgula (,)',
    'import.delimiter.tab': 'tabulação',
    'import.delimiter.pipe': 'barra vertical (|)',
    'import.sheet': 'Aba',
    'import.sheetHidden': '{name} (oculta)',
    'import.headerRow': 'Linha de cabeçalho',
    'import.headerRow.option': 'Linha {row}: {preview}',
    'import.headerRow.empty': '(vazia)',
    'import.headerRow.hint': 'A linha que dá nome às colunas; as linhas abaixo dela são os dados.',
    'import.mapping.legend': 'Colunas',
    'import.mapping.field': 'Campo',
    'import.mapping.column': 'Coluna no arquivo',
    'import.mapping.none': 'Não está no arquivo',
    'import.mapping.noName': '(sem nome)',
    'import.mapping.required': 'obrigatório',
    'import.mapping.remembered':
      'Colunas como você as associou da última vez a um arquivo com estes cabeçalhos.',
    'import.mapping.automatic': 'Colunas associadas pelos nomes: confira.',
    'import.mapping.edited': 'Sua escolha será lembrada para arquivos com estes cabeçalhos.',
    'import.mapping.notRemembered':
      'Sua escolha não será lembrada: a linha de cabeçalho contém valores (um CPF, um e-mail, um telefone, um ID), não nomes de colunas, e eles não são guardados. Se o arquivo não tem linha de cabeçalho, esta é a primeira linha de dados.',
    'import.mapping.missing':
      'Escolha as colunas de ID da sessão e ID externo: toda linha precisa dos dois para ser verificada.',
    'import.mapping.choice':
      '{field}: {count, plural, one {# coluna pode} other {# colunas podem}} conter este campo ({columns}); a coluna {used} está em uso. Se outra tiver os valores certos, escolha-a acima.',
    'import.mapping.phoneHint':
      'Associe o telefone completo ou suas partes (DDI, DDD, número); o telefone completo usa das partes o que lhe faltar.',
  },
);
