/** Categories and products (modules/catalog): `/api/categories`, `/api/products`, `/api/products/alerts`. */
import { useQuery } from '@tanstack/react-query';
import { useResourceOptions } from '@/components/list/resource-api';
import { http } from '@/lib/http';

/** Path of the categories resource. */
export const CATEGORIES_PATH = '/api/categories';
/** Path of the products resource. */
export const PRODUCTS_PATH = '/api/products';

/** A category with the quantities ordered and received through purchase orders. */
export interface Category {
  id: number;
  name: string;
  ordered_quantity: number;
  received_quantity: number;
  /** received / ordered in percent, two decimals; 0 when nothing was ordered. */
  percentage: number;
  created_at: string;
}

/** IVA classes of Colombian VAT. */
export type IvaClass = '19' | '5' | 'exento' | 'excluido';
/** The IVA classes in the order the form offers them. */
export const IVA_CLASSES: readonly IvaClass[] = ['19', '5', 'exento', 'excluido'];
/** Goods or service (they withhold differently). */
export type ProductKind = 'goods' | 'service';
/** Product kinds. */
export const PRODUCT_KINDS: readonly ProductKind[] = ['goods', 'service'];

/** A product; money in integer centavos. */
export interface Product {
  id: number;
  code: string;
  name: string;
  category_id: number;
  category: { id: number; name: string };
  unit: string;
  cost_cents: number;
  price_cents: number;
  /** price − cost per unit; negative is a loss. */
  profit_cents: number;
  quantity: number;
  alert_quantity: number;
  low_stock: boolean;
  iva_class: IvaClass;
  kind: ProductKind;
  images: Array<{ id: number; url: string }>;
  created_at: string;
}

/** Categories for the product form and filter. */
export function useCategoryOptions() {
  return useResourceOptions<Pick<Category, 'id' | 'name'>>(CATEGORIES_PATH, 'name');
}

/** Products at or below their alert quantity (dashboard card). */
export function useProductAlerts() {
  return useQuery({
    queryKey: [PRODUCTS_PATH, 'alerts'],
    queryFn: ({ signal }) => http.get<{ data: Product[] }>(`${PRODUCTS_PATH}/alerts`, { signal }),
    select: (answer) => answer.data,
  });
}
