/**
 * /archive (administrators, under settings in the menu): the batches the advanced delete
 * archived — who, when, why, what and for how much — newest first, and Restore (with a
 * confirmation) for a batch archived within the last 30 days. A refused restore says why (the
 * goods were sold meanwhile, the supplier was deleted…) and nothing changes.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCop } from '@/components/form/money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { PageTitle } from '@/components/ui/page-title';
import { LoadingState } from '@/components/ui/spinner';
import { failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useBatches, useRestore, type ArchiveBatch } from '../api/advanced-delete';
import { howMany } from '../components/how-many';

const PER_PAGE = 20;

/** Route element of /archive. */
export function ArchivePage() {
  const { t, i18n } = useTranslation('archive');
  const [page, setPage] = useState(1);
  const batches = useBatches(page, PER_PAGE);
  const restore = useRestore();
  const [asked, setAsked] = useState<ArchiveBatch | null>(null);
  const [error, setError] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Bogota' });

  const doRestore = async () => {
    if (!asked) return;
    setError(null);
    try {
      const b = await restore.mutateAsync(asked.id);
      toast.success(t('restored'), t('restoredHelp', { count: b.record_count }));
      setAsked(null);
    } catch (err) {
      setError(failureText(err) ?? t('restoreFailed'));
    }
  };

  const pages = batches.data ? Math.max(1, Math.ceil(batches.data.total / PER_PAGE)) : 1;
  return (
    <div className="space-y-6" data-testid="archive-page">
      <PageTitle>{t('archiveTitle')}</PageTitle>
      <p className="text-sm text-muted">{t('archiveIntro')}</p>
      {batches.isPending && <LoadingState />}
      {batches.isError && (
        <div className="space-y-3">
          <Alert>{failureText(batches.error) ?? t('loadFailed')}</Alert>
          <Button variant="secondary" onClick={() => void batches.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      )}
      {batches.data && batches.data.data.length === 0 && (
        <Card className="p-4">
          <p className="text-sm text-muted" data-testid="archive-empty">
            {t('archiveEmpty')}
          </p>
        </Card>
      )}
      {batches.data && batches.data.data.length > 0 && (
        <ul className="space-y-3" data-testid="archive-batches">
          {batches.data.data.map((b) => (
            <li key={b.id}>
              <Card className="space-y-2 p-4" data-testid="archive-batch">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {t(`kinds.${b.kind}`, { defaultValue: b.kind })} · {t('records', { count: b.record_count })}
                      {b.dependent_count > 0 && ` + ${t('alongCount', { count: b.dependent_count })}`}
                      {/* Master data carries no amount: its batches have no total. */}
                      {b.total_cents != null && (
                        <>
                          {' · '}
                          <span className="tabular-nums">{formatCop(b.total_cents)}</span>
                        </>
                      )}
                    </p>
                    <p className="text-sm text-muted">
                      {t('by', { name: b.created_by_name, when: when.format(new Date(b.created_at)) })}
                    </p>
                    <p className="text-sm break-words">
                      <span className="text-muted">{t('reason')}:</span> {b.reason}
                    </p>
                    {b.restored_at && (
                      <p className="text-sm text-success" data-testid="batch-restored">
                        {t('restoredBy', { name: b.restored_by_name, when: when.format(new Date(b.restored_at)) })}
                      </p>
                    )}
                  </div>
                  {b.restorable && (
                    <Button variant="secondary" onClick={() => { setError(null); setAsked(b); }} data-testid="restore">
                      {t('restore')}
                    </Button>
                  )}
                </div>
                <p className="text-sm text-muted break-words">
                  {(b.items ?? [])
                    .filter((it) => it.selected)
                    .map((it) => `${it.number} (${it.party})`)
                    .join(', ')}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="flex items-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('previous')}
          </Button>
          <span className="text-sm tabular-nums">
            {page} / {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('next')}
          </Button>
        </div>
      )}
      <Dialog
        open={asked !== null}
        onClose={() => setAsked(null)}
        title={t('restoreTitle')}
        testId="restore-dialog"
        footer={
          <div className="flex justify-end gap-3">
            <Button variant="ghost" onClick={() => setAsked(null)}>
              {t('cancel')}
            </Button>
            <Button busy={restore.isPending} onClick={() => void doRestore()} data-testid="restore-confirm">
              {t('restore')}
            </Button>
          </div>
        }
      >
        {asked && <p className="text-sm">{t('restoreAsk', { count: asked.record_count, what: howMany(t, asked.record_count, asked.total_cents) })}</p>}
        {error && (
          <Alert className="mt-3" testId="restore-error">
            {error}
          </Alert>
        )}
      </Dialog>
    </div>
  );
}
