/**
 * Approval of users, customers and suppliers (issue 3): the status badge, and the Approve and
 * Reject actions admins see on pending rows. Reject asks for the reason in a dialog.
 */
import { useState } from 'react';
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

/** The status badge; the rejection reason is its tooltip. */
export function ApprovalBadge({ status, reason }: { status: ApprovalStatus; reason?: string }) {
  const { t } = useTranslation('list');
  return (
    <span
      className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', tones[status] ?? '')}
      title={status === 'rejected' && reason ? reason : undefined}
      data-testid="approval-status"
      data-status={status}
    >
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

/** Approve / Reject buttons of one pending row. */
export function ApprovalActions({ entity, busy, decide }: ApprovalActionsProps) {
  const { t } = useTranslation('list');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const approve = async () => {
    try {
      await decide(true);
      toast.success(t('approved', { entity }));
    } catch (error) {
      toast.error(t('approveFailed', { entity }), failureText(error));
    }
  };

  const reject = async () => {
    if (!reason.trim()) {
      setReasonError(t('validation.reasonRequired'));
      return;
    }
    try {
      await decide(false, reason.trim());
      toast.success(t('rejected', { entity }));
      setRejecting(false);
      setReason('');
    } catch (error) {
      toast.error(t('rejectFailed', { entity }), failureText(error));
    }
  };

  return (
    <>
      <Button variant="ghost" className="px-2 py-1 text-success" onClick={() => void approve()} disabled={busy} data-testid="row-approve">
        {t('approve')}
      </Button>
      <Button variant="ghost" className="px-2 py-1 text-danger" onClick={() => setRejecting(true)} disabled={busy} data-testid="row-reject">
        {t('reject')}
      </Button>
      <Dialog open={rejecting} onClose={() => setRejecting(false)} title={t('rejectTitle', { entity })} size="sm" testId="reject-dialog">
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void reject();
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
                void reject();
              }
            }}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="danger" busy={busy} data-testid="reject-submit">
              {t('reject')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
