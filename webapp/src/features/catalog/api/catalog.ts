/** Categories and products (modules/catalog): `/api/categories`, `/api/products`. */
import type { Schema } from '@/lib/api';

/** Path of the categories resource. */
export const CATEGORIES_PATH = '/api/categories';
/** Path of the products resource. */
export const PRODUCTS_PATH = '/api/products';

/** A category with the quantities ordered and received through purchase orders. */
export type Category = Schema<'Category'>;

/** A product; money in integer centavos. */
export type Product = Schema<'Product'>;
/** IVA classes of Colombian VAT. */
export type IvaClass = Product['iva_class'];
/** The IVA classes in the order the form offers them. */
export const IVA_CLASSES: readonly IvaClass[] = ['19', '5', 'exento', 'excluido'];
/** Goods or service (they withhold differently). */
export type ProductKind = Product['kind'];
/** Product kinds. */
export const PRODUCT_KINDS: readonly ProductKind[] = ['goods', 'service'];

