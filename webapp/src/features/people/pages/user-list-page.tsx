/** /people/user (admins): users with role, company, active, sales figures, approval and export. */
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { COMPANIES } from '@/components/form/record-sources';
import type { Column } from '@/components/list/data-table';
import { MoneyCell } from '@/components/list/money-cell';
import { useAuthStore } from '@/lib/auth/store';
import { ROLES } from '@/lib/auth/types';
import { USERS_PATH, type ManagedUser } from '../api/users';
import { UserForm } from '../components/user-form';

const USER_LIST = { filterKeys: ['role', 'active', 'company_id'], defaultSort: '' };

/** The user list page. */
export function UserListPage() {
  const { t } = useTranslation('people');
  const selfId = useAuthStore((s) => s.user?.id);
  const yesNo = (v: boolean) => (v ? t('list:yes') : t('list:no'));
  const columns: Column<ManagedUser>[] = [
    { id: 'username', header: t('user.username'), sortKey: 'username', hideable: false, cell: (r) => <span className="font-medium">{r.username}</span> },
    { id: 'name', header: t('fields.name'), cell: (r) => `${r.first_name} ${r.last_name}`.trim() },
    { id: 'email', header: t('fields.email'), cell: (r) => r.email },
    { id: 'phone', header: t('fields.phone'), nowrap: true, cell: (r) => r.phone },
    { id: 'company', header: t('user.company'), cell: (r) => r.company_name },
    { id: 'role', header: t('user.role'), nowrap: true, cell: (r) => t(`layout:roles.${r.role}`) },
    {
      id: 'active',
      header: t('user.active'),
      nowrap: true,
      cell: (r) => <span className={r.active ? 'text-success' : 'text-muted'}>{r.active ? t('list:active') : t('list:inactive')}</span>,
    },
    { id: 'ip', header: t('user.ipAddress'), nowrap: true, cell: (r) => r.ip_address },
    { id: 'google2fa', header: t('user.google2faShort'), nowrap: true, cell: (r) => yesNo(r.enable_google2fa) },
    { id: 'total_sales', header: t('user.totalSales'), align: 'end', cell: (r) => r.total_sales },
    { id: 'total_sales_amount', header: t('user.salesAmount'), align: 'end', cell: (r) => <MoneyCell cents={r.total_sales_cents} /> },
  ];
  return (
    <ResourceListPage<ManagedUser>
      testId="user-list"
      title={t('user.title')}
      entity={t('user.entity')}
      basePath={USERS_PATH}
      listConfig={USER_LIST}
      columns={columns}
      filters={[
        { key: 'role', label: t('user.role'), options: ROLES.map((r) => ({ value: r, label: t(`layout:roles.${r}`) })) },
        {
          key: 'active',
          label: t('user.active'),
          options: [
            { value: 'true', label: t('list:active') },
            { value: 'false', label: t('list:inactive') },
          ],
        },
        { key: 'company_id', label: t('user.company'), source: COMPANIES },
      ]}
      approval={{ status: (r) => r.approval_status, reason: (r) => r.approval_reason, canDecide: true }}
      searchPlaceholder={t('user.search')}
      exportable
      canWrite
      // The server refuses to delete one's own account (MsgDeleteSelf): the row does not offer it.
      canDelete={(r) => r.id !== selfId}
      renderForm={({ record, onClose }) => <UserForm record={record} onClose={onClose} />}
    />
  );
}
