import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

/** Spec §2 redirects ("→"). */
const REDIRECTS: Array<[string, string]> = [
  ['/', '/dashboards'],
  ['/dashboards', '/dashboards/home'],
  ['/purchase', '/purchase/list'],
  ['/sale', '/sale/list'],
  ['/pending-data', '/pending-data/purchase'],
  ['/payment', '/payment/pending'],
  ['/product', '/product/list'],
  ['/purchase-order', '/purchase-order/list'],
  ['/received-order', '/received_order/list'],
  ['/category', '/category/list'],
  ['/report', '/report/overview_chart'],
  ['/people', '/people/customer'],
  ['/setting', '/setting/company'],
  ['/concurrent_payments', '/concurrent_payments/form'],
  ['/advanced_delete', '/advanced_delete/form'],
  ['/notification', '/notification/list'],
  ['/settings', '/settings/general'],
];

/** Spec §2 pages that must be explicit routes (not the catch-all). */
const PAGES = [
  '/login',
  '/verification',
  '/qr',
  '/activate',
  '/disabled',
  '/401',
  '/404',
  '/429',
  '/500',
  '/dashboards/home',
  '/purchase/list',
  '/purchase/add',
  '/purchase/edit/3',
  '/sale/list',
  '/sale/add',
  '/sale/edit/3',
  '/pending-data/purchase',
  '/payment/pending',
  '/payments/purchase/3',
  '/payments/sale/3',
  '/preturn/list/3',
  '/preturn/list',
  '/product/list',
  '/purchase-order/list',
  '/purchase-order/add',
  '/purchase-order/edit/3',
  '/purchase-order/receive/3',
  '/received-order/list',
  '/received-order/edit/3',
  '/category/list',
  ...[
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
    'customers_report/3',
    'suppliers_report',
    'suppliers_report/3',
    'users_report',
    'users_report/3',
  ].map((p) => `/report/${p}`),
  '/people/customer',
  '/people/supplier',
  '/people/user',
  '/setting/company',
  '/setting/store',
  '/setting/uvt',
  '/setting/site_status',
  '/concurrent_payments/form',
  '/advanced_delete/form',
  '/notification/list',
  '/settings/general',
  '/settings/password',
  '/settings/google2fa',
  '/settings/appearance',
  '/settings/ip_restriction',
];

function leaf(path: string): RouteObject {
  const matches = matchRoutes(routes, path);
  expect(matches, path).not.toBeNull();
  return matches![matches!.length - 1]!.route;
}

describe('route table', () => {
  it.each(PAGES)('%s is an explicit route', (path) => {
    expect(leaf(path).path).not.toBe('*');
  });

  it.each(REDIRECTS)('%s redirects to %s', async (from, to) => {
    const route = leaf(from);
    expect(typeof route.loader).toBe('function');
    const loader = route.loader as (args: unknown) => Promise<Response> | Response;
    const response = await loader({ request: new Request(`http://x${from}`), params: {}, context: undefined });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(to);
  });

  it('sends unknown paths to the catch-all', () => {
    expect(leaf('/no/such/page').path).toBe('*');
  });

  it('renders the /received-order redirect target (spelled with an underscore) with the received order list', () => {
    expect(leaf('/received_order/list').path).toBe('received_order/list');
    expect(leaf('/received_order/list').lazy).toBe(leaf('/received-order/list').lazy);
  });

  it('puts guest-only, public and protected pages in their groups', () => {
    const group = (path: string) =>
      matchRoutes(routes, path)!
        .map((m) => m.route.Component?.name)
        .filter(Boolean);
    expect(group('/login')).toContain('GuestOnlyRoute');
    expect(group('/qr')).toContain('GuestOnlyRoute');
    expect(group('/verification')).toContain('GuestOnlyRoute');
    expect(group('/activate')).not.toContain('ProtectedRoute');
    expect(group('/disabled')).not.toContain('ProtectedRoute');
    expect(group('/settings/general')).toContain('ProtectedRoute');
    expect(group('/no/such/page')).toContain('ProtectedRoute');
  });
});
