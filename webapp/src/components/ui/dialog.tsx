/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Esc closes it (we turn
 * the 'cancel' event into onClose so React state stays the truth) and the page behind is inert.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icon';
import { cn } from './cn';

/** Props of Dialog. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Wider dialogs for forms with two columns. */
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}

const widths = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl' };

/** A modal dialog, rendered only while open. */
export function Dialog({ open, onClose, title, children, size = 'md', testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation('common');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // jsdom and old engines have no native Esc handling.
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      className={cn(
        'card m-auto w-[calc(100%-2rem)] p-0 text-fg backdrop:bg-black/50',
        widths[size],
      )}
    >
      <div className="flex items-center justify-between gap-4 border-b border-line px-6 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('actions.close')}
          className="rounded p-1 text-muted hover:bg-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="max-h-[75vh] overflow-y-auto px-6 py-4">{children}</div>
    </dialog>
  );
}
