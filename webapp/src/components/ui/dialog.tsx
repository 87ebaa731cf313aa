/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Esc closes it (we turn
 * the 'cancel' event into onClose so React state stays the truth) and the page behind is inert.
 *
 * It fits the viewport at every width: the dialog is a column never taller than the dynamic
 * viewport, the header and the footer (the buttons) stay put and only the body scrolls. The body
 * is the containing block of its absolutely positioned children (Tailwind's sr-only labels and
 * legends): without `relative` they were placed against the dialog and pushed it off-screen at
 * 390 px (issue 9 §13).
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
  /** The buttons, outside the scrolling body so they are always in view. */
  footer?: ReactNode;
  testId?: string;
}

const widths = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl' };

/** A modal dialog, rendered only while open. */
export function Dialog({ open, onClose, title, children, size = 'md', footer, testId }: DialogProps) {
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
        // jsdom and old engines have no native Esc handling. A dialog opened over this one (the
        // reason of a rejection over a sale's details) handled its Escape already: only it closes.
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
      className={cn(
        'card m-auto flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] flex-col overflow-hidden p-0 text-fg backdrop:bg-black/50',
        // A closed <dialog> must stay hidden: `flex` would otherwise override the UA's display:none.
        'not-open:hidden',
        widths[size],
      )}
    >
      <div className="flex flex-none items-center justify-between gap-4 border-b border-line px-4 py-3 sm:px-6 sm:py-4">
        <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words">
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
      <div className="relative min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6" data-testid="dialog-body">
        {children}
      </div>
      {footer && (
        <div className="flex flex-none flex-wrap justify-end gap-2 border-t border-line px-4 py-3 sm:px-6" data-testid="dialog-footer">
          {footer}
        </div>
      )}
    </dialog>
  );
}
