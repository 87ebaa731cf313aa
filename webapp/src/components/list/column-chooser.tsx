/** The "Columns" menu of a list: a checkbox per column that can be hidden, remembered per list. */
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icon';
import type { Column } from './data-table';
import { useColumnVisibility, useHiddenColumns } from './column-visibility';
import { Menu, type MenuItem } from './menu';

/** The column chooser of list `list`. */
export function ColumnChooser<T>({ list, columns }: { list: string; columns: ReadonlyArray<Column<T>> }) {
  const { t } = useTranslation('list');
  const hidden = useHiddenColumns(list);
  const toggle = useColumnVisibility((s) => s.toggle);
  const reset = useColumnVisibility((s) => s.reset);
  const items: MenuItem[] = columns
    .filter((c) => c.hideable !== false)
    .map((c) => ({
      id: c.id,
      label: c.label ?? (typeof c.header === 'string' ? c.header : c.id),
      checked: !hidden.includes(c.id),
      onSelect: () => toggle(list, c.id),
      testId: `column-toggle-${c.id}`,
    }));
  if (hidden.length > 0) items.push({ id: '__all', label: t('showAllColumns'), onSelect: () => reset(list), testId: 'column-show-all' });
  return (
    <Menu
      label={t('columns')}
      trigger={
        <>
          <Icon name="columns" className="size-4" />
          <span className="ms-1 hidden sm:inline">{t('columns')}</span>
        </>
      }
      items={items}
      keepOpen
      triggerClassName="border border-line py-2"
      testId="column-chooser"
    />
  );
}
