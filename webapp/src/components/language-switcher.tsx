/** Language select (header and appearance tab). Switching persists under i18nextLng. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/lib/i18n/i18n';
import { cn } from './ui/cn';

/** Props of LanguageSwitcher. */
export interface LanguageSwitcherProps {
  /** Hide the label visually (the header) while keeping it for assistive tech. */
  compact?: boolean;
  testId?: string;
  className?: string;
}

/** A labelled select of the supported languages. */
export function LanguageSwitcher({ compact = false, testId = 'language-switcher', className }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = LANGUAGES.find((l) => i18n.resolvedLanguage === l.code || i18n.language === l.code)?.code ?? 'es';
  return (
    <div className={cn(compact ? 'flex items-center' : 'space-y-1', className)}>
      <label htmlFor={id} className={compact ? 'sr-only' : 'block text-sm font-medium'}>
        {t('language')}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        className={cn(
          'rounded-md border border-line bg-card px-2 py-1.5 text-sm text-fg focus:outline-2 focus:outline-primary',
          // In the header a select as wide as its longest option ("简体中文 (partial)") pushed a phone's header off-screen.
          compact && 'max-w-28 sm:max-w-none',
        )}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} data-partial={language.partial || undefined}>
            {language.partial ? t('languagePartial', { name: language.label }) : language.label}
          </option>
        ))}
      </select>
    </div>
  );
}
