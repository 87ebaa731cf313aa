/**
 * Approving or rejecting several pending records at once (the pending payments): the bar over
 * the list that counts the ticked rows and offers Approve selected, Reject selected (one reason
 * for all, asked in the reject dialog) and Clear. Each record is decided through the list's own
 * decide endpoint, one after the other; the toast says how many went through and, when some did
 * not, why the first of them was refused. The rows that went through leave the selection.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { RejectDialog } from './approval';

/** What a bulk decision runs: one record's decision. */
export type DecideOne<T> = (row: T, approve: boolean, reason?: string) => Promise<unknown>;

/** The outcome of deciding several records, in their order. */
export interface BulkOutcome<T> {
  done: T[];
  failed: { row: T; error: unknown }[];
}

/** Decides every row, one after the other (each decision holds its document), and reports each outcome. */
export async function decideAll<T>(rows: readonly T[], decide: DecideOne<T>, approve: boolean, reason?: string): Promise<BulkOutcome<T>> {
  const out: BulkOutcome<T> = { done: [], failed: [] };
  for (const row of rows) {
    try {
      await decide(row, approve, reason);
      out.done.push(row);
    } catch (error) {
      out.failed.push({ row, error });
    }
  }
  return out;
}

/** Props of BulkDecisionBar. */
export interface BulkDecisionBarProps<T> {
  /** The entity's name in the user's language ('Payment'). */
  entity: string;
  /** The ticked rows. */
  rows: readonly T[];
  decide: DecideOne<T>;
  /** Called with the rows that were decided (to untick them), or with every row on Clear. */
  onDecided: (rows: readonly T[]) => void;
}

/** The bar of a list with ticked rows; nothing while none is ticked. */
export function BulkDecisionBar<T>({ entity, rows, decide, onDecided }: BulkDecisionBarProps<T>) {
  const { t } = useTranslation('list');
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const count = rows.length;

  const run = async (approve: boolean, reason?: string): Promise<boolean> => {
    setBusy(true);
    const outcome = await decideAll(rows, decide, approve, reason);
    setBusy(false);
    onDecided(outcome.done);
    if (outcome.done.length > 0) toast.success(t(approve ? 'bulkApproved' : 'bulkRejected', { entity, count: outcome.done.length }));
    const first = outcome.failed[0];
    if (first) {
      toast.error(
        t(approve ? 'approveFailed' : 'rejectFailed', { entity }),
        t('bulkFailed', { failed: outcome.failed.length, count, reason: failureText(first.error) ?? '' }),
      );
    }
    return outcome.failed.length === 0;
  };

  if (count === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-line bg-hover/40 px-3 py-2 text-sm" data-testid="bulk-bar" role="group" aria-label={t('selectedCount', { count })}>
      <span className="me-auto font-medium" data-testid="bulk-count">
        {t('selectedCount', { count })}
      </span>
      <Button variant="ghost" tone="success" className="px-2 py-1" disabled={busy} onClick={() => void run(true)} data-testid="bulk-approve">
        {t('approveSelected')}
      </Button>
      <Button variant="ghost" tone="danger" className="px-2 py-1" disabled={busy} onClick={() => setRejecting(true)} data-testid="bulk-reject">
        {t('rejectSelected')}
      </Button>
      <Button variant="ghost" className="px-2 py-1" disabled={busy} onClick={() => onDecided(rows)} data-testid="bulk-clear">
        {t('clearSelection')}
      </Button>
      <RejectDialog
        entity={entity}
        title={t('rejectSelectedTitle', { entity, count })}
        open={rejecting}
        busy={busy}
        onReject={async (reason) => {
          const ok = await run(false, reason);
          if (ok) setRejecting(false);
          return ok;
        }}
        onClose={() => setRejecting(false)}
      />
    </div>
  );
}
