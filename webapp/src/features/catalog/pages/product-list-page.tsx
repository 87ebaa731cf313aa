/** /product/list: products with filters (category, IVA class, kind, low stock), profit or loss, images and export. */
import { useTranslation } from 'react-i18next';
import { formatCop } from '@/components/form/money';
import { CATEGORIES } from '@/components/form/record-sources';
import type { Column } from '@/components/list/data-table';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { IVA_CLASSES, PRODUCT_KINDS, PRODUCTS_PATH, type Product } from '../api/catalog';
import { ProductForm } from '../components/product-form';

const PRODUCT_LIST = { filterKeys: ['category_id', 'iva_class', 'kind', 'low_stock'], defaultSort: 'name' };

/** The product list page. */
export function ProductListPage() {
  const { t } = useTranslation('catalog');
  const canWrite = useAuthStore((s) => s.user?.role !== 'buyer');
  const money = (cents: number, tone = false) => (
    <span className={`whitespace-nowrap tabular-nums ${tone ? (cents < 0 ? 'text-danger' : 'text-success') : ''}`}>{formatCop(cents)}</span>
  );
  const columns: Column<Product>[] = [
    {
      id: 'image',
      header: <span className="sr-only">{t('product.images')}</span>,
      label: t('product.images'),
      nowrap: true,
      cell: (r) =>
        r.images?.[0] ? <img src={r.images[0].url} alt="" loading="lazy" className="size-10 rounded object-cover" /> : <span className="block size-10 rounded bg-hover" />,
    },
    { id: 'code', header: t('product.code'), sortKey: 'code', nowrap: true, cell: (r) => <span className="font-mono text-xs">{r.code}</span> },
    { id: 'name', header: t('fields.name'), sortKey: 'name', hideable: false, cell: (r) => <span className="font-medium">{r.name}</span> },
    { id: 'category', header: t('product.category'), cell: (r) => r.category?.name },
    { id: 'unit', header: t('product.unit'), nowrap: true, cell: (r) => r.unit },
    { id: 'cost', header: t('product.cost'), align: 'end', cell: (r) => money(r.cost_cents) },
    { id: 'price', header: t('product.price'), sortKey: 'price_cents', align: 'end', cell: (r) => money(r.price_cents) },
    { id: 'profit', header: t('product.profit'), align: 'end', cell: (r) => money(r.profit_cents, true) },
    {
      id: 'quantity',
      header: t('product.quantity'),
      sortKey: 'quantity',
      align: 'end',
      nowrap: true,
      cell: (r) => (
        <span className={r.low_stock ? 'font-medium text-danger' : ''} title={r.low_stock ? t('product.lowStock') : undefined} data-low-stock={r.low_stock || undefined}>
          {r.quantity}
        </span>
      ),
    },
    { id: 'alert_quantity', header: t('product.alertQuantity'), align: 'end', cell: (r) => r.alert_quantity },
    { id: 'iva', header: t('product.ivaClass'), nowrap: true, cell: (r) => t(`product.iva.${r.iva_class}`) },
    { id: 'kind', header: t('product.kind'), nowrap: true, cell: (r) => t(`product.kinds.${r.kind}`) },
  ];
  return (
    <ResourceListPage<Product>
      testId="product-list"
      title={t('product.title')}
      entity={t('product.entity')}
      basePath={PRODUCTS_PATH}
      listConfig={PRODUCT_LIST}
      columns={columns}
      filters={[
        { key: 'category_id', label: t('product.category'), source: CATEGORIES },
        { key: 'iva_class', label: t('product.ivaClass'), options: IVA_CLASSES.map((c) => ({ value: c, label: t(`product.iva.${c}`) })) },
        { key: 'kind', label: t('product.kind'), options: PRODUCT_KINDS.map((k) => ({ value: k, label: t(`product.kinds.${k}`) })) },
        { key: 'low_stock', label: t('product.stock'), options: [{ value: 'true', label: t('product.lowStock') }] },
      ]}
      searchPlaceholder={t('product.search')}
      exportable
      canWrite={canWrite}
      renderForm={({ record, onClose }) => <ProductForm record={record} onClose={onClose} />}
    />
  );
}
