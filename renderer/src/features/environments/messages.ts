import { catalogue } from '../../i18n/define';

export const environmentsMessages = catalogue(
  {
    'environments.title': 'Environments',
    'environments.intro':
      'The sandbox needs no credentials. Test and production use the credentials issued by the service operator, kept in the OS keychain.',
    'environments.active': 'Active',
    'environments.activate': 'Use {name}',
    'environments.baseUrl': 'Base URL',
    'environments.paths': 'Paths: {prefix}',
    'environments.saveUrl': 'Save address',
    'environments.username': 'User name',
    'environments.usernameBlank': 'Type a user name: spaces alone are not one.',
    'environments.password': 'Password',
    'environments.passwordSaved':
      'A password is saved in the OS keychain. Type a new one to replace it, or leave it empty to keep it.',
    'environments.noPassword': 'No credentials saved yet.',
    'environments.saveCredentials': 'Save credentials',
    'environments.credentialsOf': 'Credentials for {name}',
    'environments.deleteCredentials': 'Delete credentials',
    'environments.delete.title': 'Delete the {name} credentials?',
    'environments.delete.message':
      'The user name and password are removed from the OS keychain. Lookups in this environment stop working until they are saved again.',
    'environments.saved': 'Saved in the OS keychain.',
    'environments.test': 'Test connection',
    'environments.testing': 'Testing…',
    'environments.testOk': 'Connected in {ms} ms. The token expires at {time} ({source}).',
    'environments.testHeld':
      'Connected: the token already held is still valid until {time} ({source}), so no new sign-in was made (the service allows a new token only after the current one expires).',
    'environments.source.answer': 'as the service said',
    'environments.source.jwt': "from the token's expiry",
    'environments.source.default': 'assumed: the service did not say',
    'environments.source.capped': 'held to one day: the service said later',
    'environments.keychainUnavailable':
      'The OS keychain is unavailable, so credentials cannot be saved. The sandbox still works.',
    'environments.sandboxUrl': 'Runs on this computer, started when needed.',
  },
  {
    'environments.title': 'Ambientes',
    'environments.intro':
      'O sandbox não precisa de credenciais. Homologação e produção usam as credenciais emitidas pela operadora do serviço, guardadas no chaveiro do sistema.',
    'environments.active': 'Ativo',
    'environments.activate': 'Usar {name}',
    'environments.baseUrl': 'URL base',
    'environments.paths': 'Caminhos: {prefix}',
    'environments.saveUrl': 'Salvar endereço',
    'environments.username': 'Usuário',
    'environments.usernameBlank': 'Digite um usuário: só espaços não formam um.',
    'environments.password': 'Senha',
    'environments.passwordSaved':
      'Há uma senha salva no chaveiro do sistema. Digite outra para substituí-la, ou deixe em branco para mantê-la.',
    'environments.noPassword': 'Nenhuma credencial salva ainda.',
    'environments.saveCredentials': 'Salvar credenciais',
    'environments.credentialsOf': 'Credenciais de {name}',
    'environments.deleteCredentials': 'Excluir credenciais',
    'environments.delete.title': 'Excluir as credenciais de {name}?',
    'environments.delete.message':
      'O usuário e a senha são removidos do chaveiro do sistema. As consultas neste ambiente deixam de funcionar até que sejam salvos de novo.',
    'environments.saved': 'Salvo no chaveiro do sistema.',
    'environments.test': 'Testar conexão',
    'environments.testing': 'Testando…',
    'environments.testOk': 'Conectado em {ms} ms. O token expira em {time} ({source}).',
    'environments.testHeld':
      'Conectado: o token atual continua válido até {time} ({source}), então não foi feito um novo login (o serviço só permite um novo token depois que o atual expira).',
    'environments.source.answer': 'informado pelo serviço',
    'environments.source.jwt': 'pela validade do token',
    'environments.source.default': 'estimado: o serviço não informou',
    'environments.source.capped': 'limitado a um dia: o serviço informou mais',
    'environments.keychainUnavailable':
      'O chaveiro do sistema está indisponível; não é possível salvar credenciais. O sandbox continua funcionando.',
    'environments.sandboxUrl': 'Roda neste computador, iniciado quando necessário.',
  },
);
