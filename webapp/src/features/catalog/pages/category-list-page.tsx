/** /category/list: categories with ordered, received and percentage columns. */
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/list/data-table';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { CATEGORIES_PATH, type Category } from '../api/catalog';
import { CategoryForm } from '../components/category-form';

/** The category list page. */
export function CategoryListPage() {
  const { t, i18n } = useTranslation('catalog');
  const canWrite = useAuthStore((s) => s.user?.role !== 'buyer');
  const percent = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'es-CO', { maximumFractionDigits: 2 });
  const columns: Column<Category>[] = [
    { id: 'name', header: t('fields.name'), sortKey: 'name', hideable: false, cell: (r) => <span className="font-medium">{r.name}</span> },
    { id: 'ordered', header: t('category.ordered'), align: 'end', cell: (r) => r.ordered_quantity },
    { id: 'received', header: t('category.received'), align: 'end', cell: (r) => r.received_quantity },
    { id: 'percentage', header: t('category.percentage'), align: 'end', cell: (r) => `${percent.format(r.percentage)} %` },
  ];
  return (
    <ResourceListPage<Category>
      testId="category-list"
      title={t('category.title')}
      entity={t('category.entity')}
      basePath={CATEGORIES_PATH}
      listConfig={{ filterKeys: [], defaultSort: 'name' }}
      columns={columns}
      canWrite={canWrite}
      renderForm={({ record, onClose }) => <CategoryForm record={record} onClose={onClose} />}
    />
  );
}
