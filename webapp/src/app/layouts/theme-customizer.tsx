/** The theme customizer drawer (spec §2), opened from the header. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icon';
import { ThemeSettingsEditor } from '@/components/theme/theme-settings-editor';

/** A side drawer holding the theme settings editor; Escape or the backdrop closes it. */
export function ThemeCustomizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50">
      <div className="absolute inset-0 bg-black/40" aria-hidden="true" onClick={onClose} />
      <div
        id="theme-customizer"
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="theme-customizer-title"
        tabIndex={-1}
        data-testid="theme-customizer"
        className="absolute inset-y-0 end-0 flex w-full max-w-sm flex-col bg-card shadow-xl focus:outline-none"
      >
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <h2 id="theme-customizer-title" className="text-lg font-semibold">
            {t('theme.title')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('theme.close')}
            className="rounded p-1 hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary"
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto p-5">
          <ThemeSettingsEditor />
        </div>
      </div>
    </div>
  );
}
