/** The active/inactive cell and filter companies and stores share. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ListFilter } from '@/components/list/resource-list-page';

/** "Active" in green or "Inactive" muted. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('list');
  return <span className={active ? 'text-success' : 'text-muted'}>{active ? t('active') : t('inactive')}</span>;
}

/** The `active=true|false` filter. */
export function activeFilter(t: TFunction): ListFilter {
  return {
    key: 'active',
    label: t('fields.active'),
    options: [
      { value: 'true', label: t('list:active') },
      { value: 'false', label: t('list:inactive') },
    ],
  };
}
