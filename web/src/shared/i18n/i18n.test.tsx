import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n, formatMessage } from './i18n';

describe('formatMessage', () => {
  it('fills {name} placeholders and leaves unknown ones', () => {
    expect(formatMessage('{n} of {total}', { n: 2, total: 6 })).toBe('2 of 6');
    expect(formatMessage('Hi {who}', {})).toBe('Hi {who}');
    expect(formatMessage('plain')).toBe('plain');
  });
});

describe('createI18n', () => {
  it('gives t() of the provided dictionary', () => {
    const { I18nProvider, useI18n } = createI18n<'a' | 'b'>();
    function Show() {
      const { t, lang } = useI18n();
      return (
        <p>
          {lang}:{t('a')}/{t('b', { n: 3 })}
        </p>
      );
    }
    render(
      <I18nProvider lang="ko" dictionary={{ a: '가', b: '{n}개' }}>
        <Show />
      </I18nProvider>,
    );
    expect(screen.getByText('ko:가/3개')).toBeTruthy();
  });

  it('refuses useI18n() outside its provider', () => {
    const { useI18n } = createI18n<'a'>();
    function Show() {
      useI18n();
      return null;
    }
    expect(() => render(<Show />)).toThrow(/outside its I18nProvider/);
  });
});
