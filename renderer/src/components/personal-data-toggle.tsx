import { useI18n } from '../i18n/i18n';

interface PersonalDataToggleProps {
  shown: boolean;
  onChange: (shown: boolean) => void;
  /** Each screen's switch keeps its own test id. */
  testId: string;
  /** The class of the screen's checkbox labels. */
  className?: string;
}

/**
 * The switch that unmasks CPF, e-mail, phone and CEP on a screen. One component, so every screen
 * says it the same way; each screen keeps its own state, so unmasking one reveals nothing else.
 */
export function PersonalDataToggle({
  shown,
  onChange,
  testId,
  className = 'checkbox',
}: PersonalDataToggleProps) {
  const { t } = useI18n();
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={shown}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      {t('personalData.show')}
    </label>
  );
}
