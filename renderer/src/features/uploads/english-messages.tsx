import { useI18n } from '../../i18n/i18n';

interface EnglishMessagesProps {
  messages: readonly string[];
  className?: string;
  testId?: string;
}

/**
 * Messages the app's core and the service write in English (why a send failed, what the service
 * refused): outside English they are labelled as such and marked `lang="en"`, as ErrorNotice does.
 */
export function EnglishMessages({ messages, className, testId }: EnglishMessagesProps) {
  const { t, locale } = useI18n();
  const english = locale === 'en';
  return (
    <>
      {english ? null : (
        <p className="hint" data-testid="english-detail">
          {t('error.detailInEnglish')}
        </p>
      )}
      <ul className={className} lang={english ? undefined : 'en'} data-testid={testId}>
        {messages.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
    </>
  );
}
