import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n/i18n';
import { NumberField } from './number-field';

const field = (value: string, describedBy?: string) =>
  renderToStaticMarkup(
    <I18nProvider locale="en">
      <NumberField
        id="life"
        value={value}
        onChange={() => undefined}
        min={1}
        max={1440}
        integer
        {...(describedBy ? { describedBy } : {})}
      />
    </I18nProvider>,
  );

describe('NumberField', () => {
  it('is read with the hint that says what the number is for (the token lifetime’s)', () => {
    expect(field('30', 'life-hint')).toContain('aria-describedby="life-hint"');
  });

  it('is read with its hint and, when the text cannot be used, the problem', () => {
    expect(field('0', 'life-hint')).toContain('aria-describedby="life-hint life-error"');
    expect(field('0')).toContain('aria-describedby="life-error"');
    expect(field('30')).not.toContain('aria-describedby');
  });
});
