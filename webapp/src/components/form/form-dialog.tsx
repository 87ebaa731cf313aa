/**
 * The form kit: a create/edit form in a modal dialog. Enter submits (a real <form>), Esc closes
 * (Dialog), Save is disabled while saving. `submitForm` runs the save, puts the server's 422
 * `fields` on the inputs in the user's language and shows the failure toast.
 */
import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { applyFieldErrors, failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

/** Props of FormDialog. */
export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}

/** A dialog holding a form with Cancel and Save. */
export function FormDialog({ open, title, onClose, onSubmit, saving, children, size = 'md', testId }: FormDialogProps) {
  const { t } = useTranslation('common');
  // The buttons sit in the dialog's fixed footer, outside the scrolling form: `form=` ties Save to it.
  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      testId={testId ?? 'form-dialog'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} busy={saving} data-testid="form-submit">
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        {children}
      </form>
    </Dialog>
  );
}

/**
 * Saves, then toasts success; on failure sets the server's field errors on the known fields and
 * toasts `failedTitle` with the server's message. Resolves whether the save succeeded.
 */
export async function submitForm<T extends FieldValues>(options: {
  save: () => Promise<unknown>;
  setError: UseFormSetError<T>;
  fields: ReadonlyArray<Path<T>>;
  savedTitle: string;
  failedTitle: string;
}): Promise<boolean> {
  try {
    await options.save();
    toast.success(options.savedTitle);
    return true;
  } catch (error) {
    applyFieldErrors(error, options.setError, options.fields);
    toast.error(options.failedTitle, failureText(error));
    return false;
  }
}

/**
 * Field error text: client (zod) messages are keys of the `list` namespace ('validation.required');
 * server messages arrive already translated and are shown as they are.
 */
export function useFieldError(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('list');
  return (message) => (message === undefined ? undefined : message.startsWith('validation.') ? t(message) : message);
}
