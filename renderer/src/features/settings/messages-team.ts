import { catalogue } from '../../i18n/define';

/** Settings → Team (issue 17): the team database, its status, and the analyst's name. */
export const teamMessages = catalogue(
  {
    'settings.team.title': 'Team',
    'settings.team.hint':
      'Share outcomes and one upload ledger with colleagues through a PostgreSQL database. This computer keeps its own history and works without it; changes made here reach the team when the database answers. No password and no personal data go there.',
    'settings.team.notConnected': 'This computer is not connected to a team database.',
    'settings.team.url': 'Connection URL',
    'settings.team.urlPlaceholder': 'postgresql://USER@HOST:PORT/DATABASE',
    'settings.team.urlHint':
      'postgresql://USER@HOST:PORT/DATABASE. A server on the network must offer TLS.',
    'settings.team.password': 'Password',
    'settings.team.passwordHint':
      'Leave it empty when the server asks for none. Connecting keeps it in the OS keychain; it is never shown again, and the field is emptied after each test or connection.',
    'settings.team.test': 'Test connection',
    'settings.team.connect': 'Connect',
    'settings.team.sync': 'Sync now',
    'settings.team.disconnect': 'Disconnect',
    'settings.team.busy.test': 'Testing the connection…',
    'settings.team.busy.connect': 'Connecting and syncing…',
    'settings.team.busy.sync': 'Syncing…',
    'settings.team.busy.disconnect': 'Disconnecting…',
    'settings.team.syncing': 'A sync is running…',
    'settings.team.done.test':
      'The team database answered: the connection works. Nothing was changed.',
    'settings.team.done.connect': 'Connected to the team database.',
    'settings.team.done.disconnect': 'Disconnected. Everything on this computer stays as it was.',
    'settings.team.done.sync':
      'Synced: {pushed, plural, one {# change sent} other {# changes sent}}, {pulled, plural, one {# change received} other {# changes received}} ({applied, plural, one {outcome of # transaction changed here} other {outcomes of # transactions changed here}}), {answers, plural, one {# answer shared} other {# answers shared}}.',
    'settings.team.done.passedOver':
      '{count, plural, one {# change from the team was passed over: it was written outside the app and cannot be trusted} other {# changes from the team were passed over: they were written outside the app and cannot be trusted}} (a forged ID, environment or time). Ask the database administrator who can write to it.',
    'settings.team.connectedTo': 'Team database',
    'settings.team.lastSync': 'Last sync',
    'settings.team.never': 'Never',
    'settings.team.waiting': 'Changes waiting to be sent',
    'settings.team.passwordFact': 'Password',
    'settings.team.passwordSaved': 'Saved in the OS keychain',
    'settings.team.passwordNone': 'None saved (the server asks for none, or it was never given)',
    'settings.team.colleagues': 'Analysts seen',
    'settings.team.noColleagues': 'None yet',
    'settings.team.lastError': 'The last sync failed',
    'settings.team.lastErrorHint':
      'Nothing is lost: the changes made here wait and go with the next sync.',
    'settings.team.analyst': 'Your name in the team',
    'settings.team.analystHint':
      'Colleagues see it beside the outcomes you change; connecting to a team needs one. Leave it empty to use this computer’s user name ({name}).',
    'settings.team.analystHintSet':
      'Colleagues see it beside the outcomes you change. Leave it empty to use this computer’s user name.',
    'settings.team.saveAnalyst': 'Save name',
    'settings.team.analystSaved': 'Name saved.',
    'settings.team.confirmTitle': 'Disconnect from the team database?',
    'settings.team.confirm':
      'This computer stops syncing with {url}, and the team password leaves the OS keychain. Nothing here is lost: outcomes, batches, answers and the upload history stay on this computer, and the changes made here go to the team database the next time it is connected.',
  },
  {
    'settings.team.title': 'Equipe',
    'settings.team.hint':
      'Compartilhe resultados e um único registro de envios com os colegas por um banco de dados PostgreSQL. Este computador mantém o próprio histórico e funciona sem ele; as alterações feitas aqui chegam à equipe quando o banco de dados responde. Nenhuma senha e nenhum dado pessoal vão para lá.',
    'settings.team.notConnected':
      'Este computador não está conectado a um banco de dados da equipe.',
    'settings.team.url': 'URL de conexão',
    'settings.team.urlPlaceholder': 'postgresql://USUÁRIO@HOST:PORTA/BANCO',
    'settings.team.urlHint':
      'postgresql://USUÁRIO@HOST:PORTA/BANCO. Um servidor na rede precisa oferecer TLS.',
    'settings.team.password': 'Senha',
    'settings.team.passwordHint':
      'Deixe vazio quando o servidor não pede senha. Ao conectar, ela fica no chaveiro do sistema; nunca é mostrada de novo, e o campo é esvaziado depois de cada teste ou conexão.',
    'settings.team.test': 'Testar conexão',
    'settings.team.connect': 'Conectar',
    'settings.team.sync': 'Sincronizar agora',
    'settings.team.disconnect': 'Desconectar',
    'settings.team.busy.test': 'Testando a conexão…',
    'settings.team.busy.connect': 'Conectando e sincronizando…',
    'settings.team.busy.sync': 'Sincronizando…',
    'settings.team.busy.disconnect': 'Desconectando…',
    'settings.team.syncing': 'Uma sincronização está em andamento…',
    'settings.team.done.test':
      'O banco de dados da equipe respondeu: a conexão funciona. Nada foi alterado.',
    'settings.team.done.connect': 'Conectado ao banco de dados da equipe.',
    'settings.team.done.disconnect': 'Desconectado. Tudo neste computador continua como estava.',
    'settings.team.done.sync':
      'Sincronizado: {pushed, plural, one {# alteração enviada} other {# alterações enviadas}}, {pulled, plural, one {# alteração recebida} other {# alterações recebidas}} ({applied, plural, one {resultado de # transação alterado aqui} other {resultados de # transações alterados aqui}}), {answers, plural, one {# resposta compartilhada} other {# respostas compartilhadas}}.',
    'settings.team.done.passedOver':
      '{count, plural, one {# alteração da equipe foi ignorada: foi escrita fora do app e não é confiável} other {# alterações da equipe foram ignoradas: foram escritas fora do app e não são confiáveis}} (ID, ambiente ou horário forjado). Pergunte ao administrador do banco quem pode escrever nele.',
    'settings.team.connectedTo': 'Banco de dados da equipe',
    'settings.team.lastSync': 'Última sincronização',
    'settings.team.never': 'Nunca',
    'settings.team.waiting': 'Alterações esperando envio',
    'settings.team.passwordFact': 'Senha',
    'settings.team.passwordSaved': 'Guardada no chaveiro do sistema',
    'settings.team.passwordNone': 'Nenhuma guardada (o servidor não pede, ou nunca foi informada)',
    'settings.team.colleagues': 'Analistas vistos',
    'settings.team.noColleagues': 'Nenhum ainda',
    'settings.team.lastError': 'A última sincronização falhou',
    'settings.team.lastErrorHint':
      'Nada se perde: as alterações feitas aqui esperam e vão com a próxima sincronização.',
    'settings.team.analyst': 'Seu nome na equipe',
    'settings.team.analystHint':
      'Os colegas o veem ao lado dos resultados que você altera; conectar a uma equipe exige um. Deixe vazio para usar o nome de usuário deste computador ({name}).',
    'settings.team.analystHintSet':
      'Os colegas o veem ao lado dos resultados que você altera. Deixe vazio para usar o nome de usuário deste computador.',
    'settings.team.saveAnalyst': 'Salvar nome',
    'settings.team.analystSaved': 'Nome salvo.',
    'settings.team.confirmTitle': 'Desconectar do banco de dados da equipe?',
    'settings.team.confirm':
      'Este computador deixa de sincronizar com {url}, e a senha da equipe sai do chaveiro do sistema. Nada aqui se perde: resultados, lotes, respostas e o histórico de envios continuam neste computador, e as alterações feitas aqui vão para o banco de dados da equipe na próxima vez que ele for conectado.',
  },
);
