import { catalogue } from '../../i18n/define';

/** Sending a file: the questions asked first, what the service answered, a file from disk. */
export const sendMessages = catalogue(
  {
    'uploads.send.button': 'Send to {env}',
    'uploads.send.sending': 'Sending…',
    'uploads.send.busy': 'Sending the file and waiting for the service’s answer…',
    'uploads.send.cancelled': 'Nothing was sent.',
    'uploads.send.fileChanged':
      'The file changed while you were being asked: nothing was sent. Check the new file below, and send it if it is right.',
    'uploads.send.which': 'File: {file} (SHA-256 {sha}).',
    'uploads.send.teamNotUpdated':
      'The team’s upload ledger could not record this answer: its database could not be reached. Colleagues see the file as being sent until this computer’s next sync records it (Settings → Team → Sync now).',
    'uploads.production.title': 'Send to production?',
    'uploads.production.text':
      '{rows, plural, one {# outcome} other {# outcomes}} in {file} will be sent to the real Device Check Service. Other companies will see these devices as reported by you.',
    'uploads.production.confirm': 'Send to production',
    'uploads.guard.title': 'This was already sent. Send it again?',
    'uploads.guard.already': 'Already sent',
    'uploads.guard.changed': 'Outcomes changed since this file was built',
    'uploads.guard.changedTitle': 'This file no longer matches the history. Send it anyway?',
    'uploads.guard.sameFile':
      'This same file was already accepted by {env} on {date} (upload #{id}).',
    'uploads.guard.sameFileMany':
      'This same file was already accepted by {env} {times, plural, one {# time} other {# times}}, last on {date} (upload #{id}).',
    'uploads.guard.sameFileUnanswered':
      'This same file was sent to {env} on {date} (upload #{id}) and got no answer: the service may have received it.',
    'uploads.guard.sameFileUnansweredMany':
      'This same file was sent to {env} {times, plural, one {# time} other {# times}} with no answer, last on {date} (upload #{id}): the service may have received it.',
    'uploads.guard.subject.only': 'Its only transaction',
    'uploads.guard.subject.all': 'All {rows, plural, other {# of its transactions}}',
    'uploads.guard.subject.some':
      '{count} of its {rows, plural, one {# transaction} other {# transactions}}',
    'uploads.guard.repeated':
      '{subject} {count, plural, one {was} other {were}} already accepted by {env}, in {uploads}.',
    'uploads.guard.repeatedUnanswered':
      '{subject} went to {env} with no answer, in {uploads}: the service may have received {count, plural, one {it} other {them}}.',
    'uploads.guard.repeatedMixed':
      '{subject} {count, plural, one {was} other {were}} already sent to {env}: accepted in {accepted}; with no answer, and maybe received, in {unanswered}.',
    'uploads.guard.inUpload': 'upload {ids}',
    'uploads.guard.changedSince':
      '{count, plural, one {# of its rows no longer matches} other {# of its rows no longer match}} the outcomes in the history (changed or cleared since): sending it would report the old ones. Build a new file to send the current ones.',
    'uploads.guard.inUploads': 'uploads {ids}',
    'uploads.guard.question': 'Sending again reports the same outcomes twice.',
    'uploads.guard.questionCorrected':
      'Sending it reports {count, plural, one {a corrected outcome: the service then has the new one after the one sent before} other {# corrected outcomes: the service then has the new ones after those sent before}}.',
    'uploads.guard.questionSome':
      'Sending again reports {same, plural, one {# outcome} other {# outcomes}} twice, and {corrected, plural, one {# corrected outcome} other {# corrected outcomes}}.',
    'uploads.guard.production': 'It goes to the real Device Check Service, in production.',
    'uploads.guard.confirm': 'Send anyway',
    'uploads.result.sent':
      '{env} accepted upload #{id} ({rows, plural, one {# row} other {# rows}}).',
    'uploads.result.answer': 'The service answered: {answer}',
    'uploads.result.noAnswer': 'The service sent no message with its answer.',
    'uploads.result.refused': '{env} refused upload #{id}; nothing in it was accepted',
    'uploads.result.failed': 'Upload #{id} could not be sent to {env}',
    'uploads.result.unanswered':
      'Upload #{id} to {env} got no answer: the service may have received the file',
    'uploads.result.retryAfter': 'The service asked to wait {time} before sending again.',
    'uploads.result.advice.fixFile':
      'The attempt is kept in the ledger below; fix the file and send it again.',
    'uploads.result.advice.tryLater':
      'The attempt is kept in the ledger below. The file itself was not judged: send it again later with “Send again”.',
    'uploads.result.advice.mayHaveArrived':
      'No answer came back (the connection dropped after the file went, or the service or a gateway did not answer in time): the service may have received the file. The attempt is kept in the ledger below; sending it again asks first.',
    'uploads.result.advice.credentials':
      'The attempt is kept in the ledger below. Check this environment’s credentials under Environments, then send it again.',
    'uploads.result.advice.ledger': 'The attempt is kept in the ledger below.',
    'uploads.guard.sameFileSending':
      'This same file is being sent to {env} right now (upload #{id}): wait for the service’s answer.',
    'uploads.guard.repeatedSending':
      '{subject} {count, plural, one {is} other {are}} being sent to {env} right now, in {uploads}: wait for the service’s answer.',
    'uploads.disk.title': 'Send a file from disk',
    'uploads.disk.hint':
      'A .csv or .zip with the columns ID Transacional, DeviceId and Resultado: it is checked here before anything is sent.',
    'uploads.disk.choose': 'Choose a file…',
    'uploads.disk.input': 'Response-variable file to send',
    'uploads.disk.chosen': '{name} ({size})',
    'uploads.disk.reading': 'Reading the file…',
    'uploads.disk.kind': 'Choose a file whose name ends in .csv or .zip.',
    'uploads.disk.tooLarge': 'The file is larger than {size}: split it into smaller files.',
    'uploads.disk.unreadable': 'The file could not be read from the disk.',
    'uploads.disk.rows': 'Reading the file… checking its rows (step 1 of 3).',
    'uploads.disk.fingerprint': 'Reading the file… computing its SHA-256 (step 2 of 3).',
    'uploads.disk.encoding': 'Reading the file… preparing it for the check (step 3 of 3).',
    'uploads.disk.readerFailed':
      'The file could not be read: the reader stopped ({detail}). Choose the file again.',
    'uploads.devices.foreign':
      '{count, plural, one {# DeviceId of this file comes only from answers of {where}, never of {env}, which does not know it} other {# DeviceIds of this file come only from answers of {where}, never of {env}, which does not know them}}: the file cannot be sent to {env}. Build the file from {env}’s reviewed answers under “Build a file from the reviewed transactions”.',
    'uploads.devices.unseen':
      '{count, plural, one {# DeviceId of this file appears in no answer of this history, nor with the same transaction in any upload, so the app cannot tell which environment gave it.} other {# DeviceIds of this file appear in no answer of this history, nor with the same transaction in any upload, so the app cannot tell which environment gave them.}}',
    'uploads.devices.otherDevice':
      '{count, plural, one {# row of this file pairs a transaction with a DeviceId} other {# rows of this file pair a transaction with a DeviceId}} that no answer of {env} gave it (its answer named another device): the file cannot be sent. A DeviceId column sorted or pasted apart from its transactions does this. Build the file again from {env}’s reviewed answers under “Build a file from the reviewed transactions”.',
    'uploads.devices.unpaired':
      '{count, plural, one {# row of this file pairs a DeviceId known in {env} with a transaction} other {# rows of this file pair a DeviceId known in {env} with a transaction}} this history never looked up there, so the app cannot tell that they belong together.',
    'uploads.devices.example': '{transaction}: {device}',
    'uploads.devices.allowUnseen': 'I know these DeviceIds come from {env}: send them',
    'uploads.devices.allowUnpaired':
      'I know {env} gave each of these transactions this DeviceId: send them',
  },
  {
    'uploads.send.button': 'Enviar para {env}',
    'uploads.send.sending': 'Enviando…',
    'uploads.send.busy': 'Enviando o arquivo e aguardando a resposta do serviço…',
    'uploads.send.cancelled': 'Nada foi enviado.',
    'uploads.send.fileChanged':
      'O arquivo mudou enquanto você respondia: nada foi enviado. Confira o novo arquivo abaixo e envie-o se estiver certo.',
    'uploads.send.which': 'Arquivo: {file} (SHA-256 {sha}).',
    'uploads.send.teamNotUpdated':
      'O registro de envios da equipe não pôde guardar esta resposta: o banco de dados da equipe não respondeu. Os colegas veem o arquivo como em envio até a próxima sincronização deste computador registrá-la (Configurações → Equipe → Sincronizar agora).',
    'uploads.production.title': 'Enviar para produção?',
    'uploads.production.text':
      '{rows, plural, one {# resultado de {file} será enviado} other {# resultados de {file} serão enviados}} ao Device Check Service real. Outras empresas verão estes dispositivos como reportados por você.',
    'uploads.production.confirm': 'Enviar para produção',
    'uploads.guard.title': 'Isto já foi enviado. Enviar de novo?',
    'uploads.guard.already': 'Já enviado',
    'uploads.guard.changed': 'Resultados alterados depois que este arquivo foi montado',
    'uploads.guard.changedTitle':
      'Este arquivo não corresponde mais ao histórico. Enviar mesmo assim?',
    'uploads.guard.sameFile':
      'Este mesmo arquivo já foi aceito por {env} em {date} (envio nº {id}).',
    'uploads.guard.sameFileMany':
      'Este mesmo arquivo já foi aceito por {env} {times, plural, one {# vez} other {# vezes}}, a última em {date} (envio nº {id}).',
    'uploads.guard.sameFileUnanswered':
      'Este mesmo arquivo foi enviado para {env} em {date} (envio nº {id}) e ficou sem resposta: o serviço pode tê-lo recebido.',
    'uploads.guard.sameFileUnansweredMany':
      'Este mesmo arquivo foi enviado para {env} {times, plural, one {# vez} other {# vezes}} sem resposta, a última em {date} (envio nº {id}): o serviço pode tê-lo recebido.',
    'uploads.guard.subject.only': 'Sua única transação',
    'uploads.guard.subject.all': 'Todas as suas {rows, plural, other {# transações}}',
    'uploads.guard.subject.some':
      '{count} das suas {rows, plural, one {# transação} other {# transações}}',
    'uploads.guard.repeated':
      '{subject} já {count, plural, one {foi aceita} other {foram aceitas}} por {env}, {uploads}.',
    'uploads.guard.repeatedUnanswered':
      '{subject} {count, plural, one {foi enviada} other {foram enviadas}} para {env} sem resposta, {uploads}: o serviço pode {count, plural, one {tê-la} other {tê-las}} recebido.',
    'uploads.guard.repeatedMixed':
      '{subject} já {count, plural, one {foi enviada} other {foram enviadas}} para {env}: {count, plural, one {aceita} other {aceitas}} {accepted}; sem resposta, e talvez {count, plural, one {recebida} other {recebidas}}, {unanswered}.',
    'uploads.guard.changedSince':
      '{count, plural, one {# das suas linhas não corresponde mais} other {# das suas linhas não correspondem mais}} aos resultados do histórico (alterados ou limpos depois): enviá-lo reportaria os antigos. Monte um novo arquivo para enviar os atuais.',
    'uploads.guard.inUpload': 'no envio {ids}',
    'uploads.guard.inUploads': 'nos envios {ids}',
    'uploads.guard.question': 'Enviar de novo reporta os mesmos resultados duas vezes.',
    'uploads.guard.questionCorrected':
      'Enviá-lo reporta {count, plural, one {um resultado corrigido: o serviço passa a ter o novo depois do enviado antes} other {# resultados corrigidos: o serviço passa a ter os novos depois dos enviados antes}}.',
    'uploads.guard.questionSome':
      'Enviar de novo reporta {same, plural, one {# resultado} other {# resultados}} duas vezes, e {corrected, plural, one {# resultado corrigido} other {# resultados corrigidos}}.',
    'uploads.guard.production': 'Ele vai para o Device Check Service real, em produção.',
    'uploads.guard.confirm': 'Enviar mesmo assim',
    'uploads.result.sent':
      '{env} aceitou o envio nº {id} ({rows, plural, one {# linha} other {# linhas}}).',
    'uploads.result.answer': 'O serviço respondeu: {answer}',
    'uploads.result.noAnswer': 'O serviço não mandou mensagem com a resposta.',
    'uploads.result.refused': '{env} recusou o envio nº {id}; nada dele foi aceito',
    'uploads.result.failed': 'O envio nº {id} não pôde ser feito para {env}',
    'uploads.result.unanswered':
      'O envio nº {id} para {env} ficou sem resposta: o serviço pode ter recebido o arquivo',
    'uploads.result.retryAfter': 'O serviço pediu para esperar {time} antes de enviar de novo.',
    'uploads.result.advice.fixFile':
      'A tentativa fica no registro abaixo; corrija o arquivo e envie de novo.',
    'uploads.result.advice.tryLater':
      'A tentativa fica no registro abaixo. O arquivo em si não foi avaliado: envie de novo mais tarde com “Enviar de novo”.',
    'uploads.result.advice.mayHaveArrived':
      'Nenhuma resposta voltou (a conexão caiu depois do envio, ou o serviço ou um intermediário não respondeu a tempo): o serviço pode ter recebido o arquivo. A tentativa fica no registro abaixo; enviar de novo pergunta antes.',
    'uploads.result.advice.credentials':
      'A tentativa fica no registro abaixo. Confira as credenciais deste ambiente em Ambientes e envie de novo.',
    'uploads.result.advice.ledger': 'A tentativa fica no registro abaixo.',
    'uploads.guard.sameFileSending':
      'Este mesmo arquivo está sendo enviado para {env} agora (envio nº {id}): aguarde a resposta do serviço.',
    'uploads.guard.repeatedSending':
      '{subject} {count, plural, one {está sendo enviada} other {estão sendo enviadas}} para {env} agora, {uploads}: aguarde a resposta do serviço.',
    'uploads.disk.title': 'Enviar um arquivo do disco',
    'uploads.disk.hint':
      'Um .csv ou .zip com as colunas ID Transacional, DeviceId e Resultado: ele é verificado aqui antes de qualquer envio.',
    'uploads.disk.choose': 'Escolher um arquivo…',
    'uploads.disk.input': 'Arquivo de variáveis de resposta a enviar',
    'uploads.disk.chosen': '{name} ({size})',
    'uploads.disk.reading': 'Lendo o arquivo…',
    'uploads.disk.kind': 'Escolha um arquivo cujo nome termine em .csv ou .zip.',
    'uploads.disk.tooLarge': 'O arquivo é maior que {size}: divida-o em arquivos menores.',
    'uploads.disk.unreadable': 'O arquivo não pôde ser lido do disco.',
    'uploads.disk.rows': 'Lendo o arquivo… conferindo as linhas (etapa 1 de 3).',
    'uploads.disk.fingerprint': 'Lendo o arquivo… calculando o SHA-256 (etapa 2 de 3).',
    'uploads.disk.encoding': 'Lendo o arquivo… preparando-o para a conferência (etapa 3 de 3).',
    'uploads.disk.readerFailed':
      'O arquivo não pôde ser lido: o leitor parou. Escolha o arquivo de novo. Detalhe (em inglês): {detail}',
    'uploads.devices.foreign':
      '{count, plural, one {# DeviceId deste arquivo vem apenas de respostas de {where}, nunca de {env}, que não o conhece} other {# DeviceIds deste arquivo vêm apenas de respostas de {where}, nunca de {env}, que não os conhece}}: o arquivo não pode ser enviado para {env}. Monte o arquivo com as respostas revisadas de {env} em “Montar um arquivo com as transações revisadas”.',
    'uploads.devices.unseen':
      '{count, plural, one {# DeviceId deste arquivo não aparece em nenhuma resposta deste histórico, nem com a mesma transação em nenhum envio, então o app não sabe qual ambiente o deu.} other {# DeviceIds deste arquivo não aparecem em nenhuma resposta deste histórico, nem com a mesma transação em nenhum envio, então o app não sabe qual ambiente os deu.}}',
    'uploads.devices.otherDevice':
      '{count, plural, one {# linha deste arquivo junta uma transação a um DeviceId} other {# linhas deste arquivo juntam uma transação a um DeviceId}} que nenhuma resposta de {env} deu a ela (a resposta dela trouxe outro dispositivo): o arquivo não pode ser enviado. Uma coluna DeviceId ordenada ou colada separada das transações causa isso. Monte o arquivo de novo com as respostas revisadas de {env} em “Montar um arquivo com as transações revisadas”.',
    'uploads.devices.unpaired':
      '{count, plural, one {# linha deste arquivo junta um DeviceId conhecido em {env} a uma transação} other {# linhas deste arquivo juntam um DeviceId conhecido em {env} a uma transação}} que este histórico nunca consultou lá, então o app não sabe se eles pertencem um ao outro.',
    'uploads.devices.example': '{transaction}: {device}',
    'uploads.devices.allowUnseen': 'Sei que estes DeviceIds vêm de {env}: enviar',
    'uploads.devices.allowUnpaired':
      'Sei que {env} deu a cada uma destas transações este DeviceId: enviar',
  },
);
