/** Edits every theme setting (spec §3/§9); used by the theme customizer and the appearance tab. */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField } from '@/components/ui/field';
import {
  CARD_SKINS,
  DARK_SCHEMES,
  LIGHT_SCHEMES,
  PRIMARY_SCHEMES,
  THEME_LAYOUTS,
  THEME_MODES,
  TOAST_POSITIONS,
  useSettingsStore,
} from '@/lib/theme/settings-store';
import { cn } from '../ui/cn';

function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
}: {
  legend: ReactNode;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (value: T) => string;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            htmlFor={`${id}-${option}`}
            className={cn(
              'cursor-pointer rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
              value === option ? 'border-primary bg-primary/10 text-primary' : 'border-line hover:bg-hover',
            )}
          >
            <input
              id={`${id}-${option}`}
              type="radio"
              name={`${id}-${name}`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The settings form; changes apply and persist immediately. */
export function ThemeSettingsEditor() {
  const { t } = useTranslation('layout');
  const s = useSettingsStore();
  return (
    <div className="space-y-5">
      <ChoiceGroup
        legend={t('theme.mode')}
        name="themeMode"
        options={THEME_MODES}
        value={s.themeMode}
        onChange={(themeMode) => s.update({ themeMode })}
        label={(v) => t(`theme.modes.${v}`)}
      />
      <ChoiceGroup
        legend={t('theme.layout')}
        name="themeLayout"
        options={THEME_LAYOUTS}
        value={s.themeLayout}
        onChange={(themeLayout) => s.update({ themeLayout })}
        label={(v) => t(`theme.layouts.${v}`)}
      />
      <ChoiceGroup
        legend={t('theme.primary')}
        name="primaryColorScheme"
        options={PRIMARY_SCHEMES}
        value={s.primaryColorScheme}
        onChange={(primaryColorScheme) => s.update({ primaryColorScheme })}
        label={(v) => t(`theme.colors.${v}`)}
      />
      <ChoiceGroup
        legend={t('theme.light')}
        name="lightColorScheme"
        options={LIGHT_SCHEMES}
        value={s.lightColorScheme}
        onChange={(lightColorScheme) => s.update({ lightColorScheme })}
        label={(v) => t(`theme.colors.${v}`)}
      />
      <ChoiceGroup
        legend={t('theme.dark')}
        name="darkColorScheme"
        options={DARK_SCHEMES}
        value={s.darkColorScheme}
        onChange={(darkColorScheme) => s.update({ darkColorScheme })}
        label={(v) => t(`theme.colors.${v}`)}
      />
      <ChoiceGroup
        legend={t('theme.cardSkin')}
        name="cardSkin"
        options={CARD_SKINS}
        value={s.cardSkin}
        onChange={(cardSkin) => s.update({ cardSkin })}
        label={(v) => t(`theme.cardSkins.${v}`)}
      />
      <CheckboxField
        label={t('theme.monochrome')}
        checked={s.isMonochrome}
        onChange={(event) => s.update({ isMonochrome: event.target.checked })}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t('theme.notifications')}</legend>
        <SelectField
          label={t('theme.notificationPosition')}
          value={s.notification.position}
          onChange={(event) =>
            s.updateNotification({ position: event.target.value as (typeof TOAST_POSITIONS)[number] })
          }
          options={TOAST_POSITIONS.map((p) => ({ value: p, label: t(`theme.positions.${p}`) }))}
        />
        <ChoiceGroup
          legend={t('theme.groupStyle')}
          name="isExpanded"
          options={['stacked', 'expanded'] as const}
          value={s.notification.isExpanded ? 'expanded' : 'stacked'}
          onChange={(v) => s.updateNotification({ isExpanded: v === 'expanded' })}
          label={(v) => t(`theme.groupStyles.${v}`)}
        />
        <SelectField
          label={t('theme.visibleToasts')}
          value={String(s.notification.visibleToasts)}
          onChange={(event) => s.updateNotification({ visibleToasts: Number(event.target.value) })}
          options={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) }))}
        />
      </fieldset>
      <Button variant="secondary" onClick={s.reset}>
        {t('theme.reset')}
      </Button>
    </div>
  );
}
