/**
 * Approval of users, customers and suppliers (issue 3): the status badge, and the Approve and
 * Reject actions admins see on pending rows. Reject asks for the reason in a dialog.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { RequiredMark } from '@/components/form/required-mark';

/** Approval states of the API. */
export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/** The approval filter's options, in the user's language. */
export function useApprovalOptions() {
  const { t } = useTranslation('list');
  return (['pending', 'approved', 'rejected'] as const).map((value) => ({ value, label: t(`approval.${value}`) }));
}

const tones: Record<ApprovalStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  approved: 'bg-success/15 text-success',
  rejected: 'bg-danger/15 text-danger',
};

/** The approval badge (a filled pill with a dot, unlike the payment tag); the rejection reason is its tooltip. */
export function ApprovalBadge({ status, reason }: { status: ApprovalStatus; reason?: string }) {
  const { t } = useTranslation('list');
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', tones[status] ?? '')}
      title={status === 'rejected' && reason ? reason : undefined}
      data-testid="approval-status"
      data-status={status}
      data-kind="approval"
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`approval.${status}`)}
    </span>
  );
}

/** Props of ApprovalActions. */
export interface ApprovalActionsProps {
  /** The entity's name in the user's language, for the failure titles ('Customer Approve Failed'). */
  entity: string;
  busy: boolean;
  decide: (approve: boolean, reason?: string) => Promise<unknown>;
}

/**
 * Approve and reject of one record with their toasts; `reject` opens the reason dialog (render
 * `dialog`). One per page: a list passes the row it decides on.
 */
export function useDecision<R>(entity: string, decide: (row: R, approve: boolean, reason?: string) => Promise<unknown>) {
  const { t } = useTranslation('list');
  const [rejecting, setRejecting] = useState<R | null>(null);

  const approve = async (row: R) => {
    try {
      await decide(row, true);
      toast.success(t('approved', { entity }));
    } catch (error) {
      toast.error(t('approveFailed', { entity }), failureText(error));
    }
  };

  const reject = async (reason: string): Promise<boolean> => {
    if (rejecting === null) return false;
    try {
      await decide(rejecting, false, reason);
      toast.success(t('rejected', { entity }));
      setRejecting(null);
      return true;
    } catch (error) {
      toast.error(t('rejectFailed', { entity }), failureText(error));
      return false;
    }
  };

  return {
    approve: (row: R) => void approve(row),
    reject: (row: R) => setRejecting(row),
    dialog: (busy: boolean) => (
      <RejectDialog entity={entity} open={rejecting !== null} busy={busy} onReject={reject} onClose={() => setRejecting(null)} />
    ),
  };
}

/** Approve / Reject buttons of one pending record (a document's page). */
export function ApprovalActions({ entity, busy, decide }: ApprovalActionsProps) {
  const { t } = useTranslation('list');
  const decision = useDecision<true>(entity, (_, approve, reason) => decide(approve, reason));
  return (
    <>
      <Button variant="ghost" tone="success" className="px-2 py-1" onClick={() => decision.approve(true)} disabled={busy} data-testid="row-approve">
        {t('approve')}
      </Button>
      <Button variant="ghost" tone="danger" className="px-2 py-1" onClick={() => decision.reject(true)} disabled={busy} data-testid="row-reject">
        {t('reject')}
      </Button>
      {decision.dialog(busy)}
    </>
  );
}

/** Props of RejectDialog. */
export interface RejectDialogProps {
  entity: string;
  /** The dialog's title when it is not 'Reject {entity}' (several records at once). */
  title?: string;
  open: boolean;
  busy: boolean;
  /** Whether the rejection went through. */
  onReject: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

/** The dialog asking for the reason of a rejection (required). */
export function RejectDialog({ entity, title, open, busy, onReject, onClose }: RejectDialogProps) {
  const { t } = useTranslation('list');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const formId = useId();

  const submit = async () => {
    if (!reason.trim()) {
      setReasonError(t('validation.reasonRequired'));
      return;
    }
    if (await onReject(reason.trim())) setReason('');
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title ?? t('rejectTitle', { entity })}
      size="sm"
      testId="reject-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" busy={busy} data-testid="reject-submit">
            {t('reject')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextAreaField
          label={
            <>
              {t('reason')}
              <RequiredMark />
            </>
          }
          value={reason}
          autoFocus
          rows={3}
          error={reasonError}
          aria-required
          data-testid="reject-reason"
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(undefined);
          }}
          onKeyDown={(e) => {
            // Enter submits (Shift+Enter makes a new line).
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
        />
      </form>
    </Dialog>
  );
}
