/** A yes/no question in a modal (delete confirmation). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirmation dialog; the confirm button is the dangerous one. */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      testId="confirm-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm} data-testid="confirm-submit" autoFocus>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm">{children}</div>
    </Dialog>
  );
}
