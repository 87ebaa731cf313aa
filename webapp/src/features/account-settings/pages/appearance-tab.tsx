/** /settings/appearance: every theme setting and the language. */
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher';
import { ThemeSettingsEditor } from '@/components/theme/theme-settings-editor';

/** The appearance tab. */
export function AppearanceTab() {
  const { t } = useTranslation('settings');
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-medium">{t('appearance.title')}</h2>
      <LanguageSwitcher testId="appearance-language" className="max-w-xs" />
      <ThemeSettingsEditor />
    </div>
  );
}
