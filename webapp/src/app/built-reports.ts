/**
 * The report pages of spec §2 that the server answers (modules/reports): routes.tsx routes them
 * and the menu lists them; any other report path stays the not-found page. A module of its own
 * so the route table does not pull the report page into the main bundle.
 */
export const BUILT_REPORTS: readonly string[] = [
  'overview_chart',
  'company_chart',
  'store_chart',
  'product_quantity_alert',
  'product_expiry_alert',
  'expired_purchases_report',
  'product_report',
  'sales_report',
  'purchases_report',
  'payment_report',
  'income_report',
  'customers_report',
  'suppliers_report',
  'users_report',
];
