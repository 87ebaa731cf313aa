/**
 * /notification/list: the signed-in user's notifications (message, reference no, supplier,
 * amount in COP, time), filtered by purchase or payment, by company for admins, and unread only;
 * mark read, delete one, delete all. New ones appear without a reload: the live feed invalidates
 * this list when a notification arrives.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCop } from '@/components/form/money';
import { COMPANIES } from '@/components/form/record-sources';
import { ConfirmDialog } from '@/components/list/confirm-dialog';
import { DataTable, type Column } from '@/components/list/data-table';
import { FilterSelect } from '@/components/list/filter-select';
import { withFilter, withPerPage, withSortToggled } from '@/components/list/list-params';
import { Pagination } from '@/components/list/pagination';
import { withPageTarget } from '@/components/list/pagination-model';
import { useResourceList } from '@/components/list/resource-api';
import { useListParams } from '@/components/list/use-list-params';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { failureText } from '@/lib/form-errors';
import { useLiveStore } from '@/lib/live/live-store';
import { notificationMessage, notificationTitle, type AppNotification } from '@/lib/live/notification-text';
import { toast } from '@/lib/toast';
import { NOTIFICATION_FILTER_KINDS, NOTIFICATIONS_PATH, useNotificationAction } from '../api/notifications';
import { notificationTarget } from '../components/notification-link';

const NOTIFICATION_LIST = { filterKeys: ['kind', 'company_id', 'unread'], defaultSort: '-created_at' };

/** The notification list page. */
export function NotificationListPage() {
  const { t } = useTranslation('notifications');
  const dates = useDates();
  const unread = useLiveStore((s) => s.unread);
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const [params, setParams] = useListParams(NOTIFICATION_LIST);
  const list = useResourceList<AppNotification>(NOTIFICATIONS_PATH, params);
  const action = useNotificationAction();
  const [confirmAll, setConfirmAll] = useState(false);

  const remove = async (id: number) => {
    try {
      await action.mutateAsync({ type: 'delete', id });
      toast.success(t('deleted'));
    } catch (error) {
      toast.error(t('deleteFailed'), failureText(error));
    }
  };
  const removeAll = async () => {
    try {
      await action.mutateAsync({ type: 'delete-all' });
      toast.success(t('deletedAll'));
    } catch (error) {
      toast.error(t('deleteAllFailed'), failureText(error));
    } finally {
      setConfirmAll(false);
    }
  };
  const markRead = (id: number) => action.mutate({ type: 'read', id }, { onError: (error) => toast.error(t('readFailed'), failureText(error)) });

  const columns: Column<AppNotification>[] = [
    {
      id: 'message',
      header: t('fields.message'),
      // Title over message: a notification is read whole, not cut.
      wrap: true,
      cell: (n) => {
        const target = notificationTarget(n);
        return (
          // The least width is the table's (md and up): in a phone's card it pushed the title under the row's actions.
          <div className="md:min-w-56" data-testid="notification-row" data-read={n.read_at ? 'true' : 'false'} data-kind={n.kind}>
            <p className="flex items-center gap-2 font-medium">
              {!n.read_at && <span className="size-2 shrink-0 rounded-full bg-primary" aria-label={t('unread')} />}
              {target ? (
                <Link to={target} className="hover:underline" onClick={() => !n.read_at && markRead(n.id)}>
                  {notificationTitle(n)}
                </Link>
              ) : (
                notificationTitle(n)
              )}
            </p>
            <p className="text-muted" data-testid="notification-message">
              {notificationMessage(n)}
            </p>
          </div>
        );
      },
    },
    { id: 'reference_no', header: t('fields.referenceNo'), nowrap: true, cell: (n) => n.reference_no || '—' },
    { id: 'supplier', header: t('fields.supplier'), cell: (n) => n.supplier_name || '—' },
    { id: 'amount', header: t('fields.amount'), align: 'end', cell: (n) => <span className="whitespace-nowrap tabular-nums">{n.amount_cents ? formatCop(n.amount_cents) : '—'}</span> },
    {
      id: 'created_at',
      header: t('fields.time'),
      sortKey: 'created_at',
      nowrap: true,
      cell: (n) => <time dateTime={n.created_at}>{dates.dateTime(n.created_at)}</time>,
    },
  ];

  const page = list.data;
  const filtered = Object.values(params.filters).some(Boolean);
  return (
    <div className="space-y-4" data-testid="notification-list">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{t('title')}</PageTitle>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            // Nothing to mark when nothing is unread (the live store's count, read from the server on every connection).
            disabled={unread === 0}
            title={unread === 0 ? t('nothingUnread') : undefined}
            onClick={() => action.mutate({ type: 'read-all' }, { onError: (error) => toast.error(t('readFailed'), failureText(error)) })}
            data-testid="notification-read-all"
          >
            {t('markAllRead')}
          </Button>
          <Button variant="danger" onClick={() => setConfirmAll(true)} disabled={!page || page.meta.total === 0} data-testid="notification-delete-all">
            {t('deleteAll')}
          </Button>
        </div>
      </div>
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <FilterSelect
            label={t('fields.kind')}
            value={params.filters.kind ?? ''}
            options={NOTIFICATION_FILTER_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            onChange={(v) => setParams(withFilter(params, 'kind', v))}
            testId="filter-kind"
          />
          {isAdmin && (
            <FilterSelect
              label={t('fields.company')}
              value={params.filters.company_id ?? ''}
              source={COMPANIES}
              onChange={(v) => setParams(withFilter(params, 'company_id', v))}
              testId="filter-company"
            />
          )}
          <FilterSelect
            label={t('fields.state')}
            value={params.filters.unread ?? ''}
            options={[{ value: 'true', label: t('unreadOnly') }]}
            onChange={(v) => setParams(withFilter(params, 'unread', v))}
            testId="filter-unread"
          />
        </div>
        <DataTable<AppNotification>
          caption={t('title')}
          columns={columns}
          rows={list.isError ? undefined : page?.data}
          rowKey={(n) => n.id}
          sort={params.sort}
          onSort={(key) => setParams(withSortToggled(params, key))}
          isLoading={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={filtered ? t('list:emptyFiltered') : t('empty')}
          actions={(n) => [
            ...(n.read_at ? [] : [{ id: 'read', label: t('markRead'), onSelect: () => markRead(n.id), testId: 'notification-read' }]),
            { id: 'delete', label: t('list:delete'), tone: 'danger' as const, onSelect: () => void remove(n.id), testId: 'notification-delete' },
          ]}
          skeletonRows={params.perPage}
        />
        {page && (
          <Pagination
            meta={page.meta}
            rowCount={page.data.length}
            onNavigate={(target) => setParams(withPageTarget(params, target))}
            onPerPage={(perPage) => setParams(withPerPage(params, perPage))}
          />
        )}
      </Card>
      <ConfirmDialog
        open={confirmAll}
        title={t('deleteAllTitle')}
        confirmLabel={t('deleteAll')}
        busy={action.isPending}
        onConfirm={() => void removeAll()}
        onClose={() => setConfirmAll(false)}
      >
        {t('deleteAllQuestion')}
      </ConfirmDialog>
    </div>
  );
}
