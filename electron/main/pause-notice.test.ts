import { describe, expect, it } from 'vitest';
import { noticeLocale, pauseNotice } from './pause-notice';

describe('pauseNotice', () => {
  it('says in English why a batch paused itself and what to do', () => {
    expect(pauseNotice('service_degraded', 'en')).toEqual({
      title: 'Batch paused by itself',
      body: 'The service is failing or slow. Open the batch and resume it when the service is back.',
    });
    expect(pauseNotice('configuration', 'en')?.body).toContain('Environments');
  });

  it('says it in Brazilian Portuguese when the app speaks it', () => {
    expect(pauseNotice('service_degraded', 'pt-BR')).toEqual({
      title: 'Lote pausado automaticamente',
      body: 'O serviço está falhando ou lento. Abra o lote e retome-o quando o serviço voltar.',
    });
    expect(pauseNotice('configuration', 'pt-BR')?.body).toContain('Ambientes');
    expect(pauseNotice('authentication', 'pt-BR')?.body).toContain('credenciais');
  });

  it('stays silent when the analyst paused the batch', () => {
    expect(pauseNotice('user', 'en')).toBeNull();
    expect(pauseNotice('user', 'pt-BR')).toBeNull();
  });

  it('takes the language setting, else the OS locale, as the screens do', () => {
    expect(noticeLocale('pt-BR', 'en-US')).toBe('pt-BR');
    expect(noticeLocale('en', 'pt-BR')).toBe('en');
    expect(noticeLocale('system', 'pt-BR')).toBe('pt-BR');
    expect(noticeLocale('system', 'de-DE')).toBe('en');
  });
});
