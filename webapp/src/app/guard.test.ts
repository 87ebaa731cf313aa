import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@/lib/auth/types';
import { guard, matchesPattern, normalizePath } from './guard';

const A = 'admin';
const S = 'secretary';
const U = 'user';
const B = 'buyer';
const STAFF: Role[] = [A, S, U];

const REPORTS = [
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
  'customers_report/12',
  'suppliers_report',
  'suppliers_report/12',
];

/**
 * Every path of spec §2 (with sample ids) and the roles spec §6 lets in. Written out by hand,
 * independently of the guard's tables, so a wrong rule fails here.
 */
const MATRIX: Array<[path: string, allowed: Role[]]> = [
  ['/', STAFF],
  ['/dashboards', STAFF],
  ['/dashboards/home', STAFF],
  ['/purchase', STAFF],
  ['/purchase/list', STAFF],
  ['/purchase/add', STAFF],
  ['/purchase/edit/12', STAFF],
  ['/sale', STAFF],
  ['/sale/list', STAFF],
  ['/sale/add', [S, U]],
  ['/sale/edit/12', [S, U]],
  ['/pending-data', STAFF],
  ['/pending-data/purchase', STAFF],
  ['/payment', STAFF],
  ['/payment/pending', STAFF],
  ['/payments/purchase/12', STAFF],
  ['/payments/sale/12', STAFF],
  ['/preturn/list/12', STAFF],
  ['/preturn/list', STAFF],
  ['/product', STAFF],
  ['/product/list', STAFF],
  ['/purchase-order', STAFF],
  ['/purchase-order/list', [A, S, U, B]],
  ['/purchase-order/add', [S, U, B]],
  ['/purchase-order/edit/12', [S, U]],
  ['/purchase-order/receive/12', [A, S, U, B]],
  ['/received-order', STAFF],
  ['/received_order/list', STAFF],
  ['/received-order/list', [A, S, U, B]],
  ['/received-order/edit/12', [A, S, U, B]],
  ['/category', STAFF],
  ['/category/list', STAFF],
  ['/report', STAFF],
  ...REPORTS.map((page): [string, Role[]] => [`/report/${page}`, STAFF]),
  ['/report/users_report', [A]],
  ['/report/users_report/12', [A]],
  ['/people', STAFF],
  ['/people/customer', STAFF],
  ['/people/supplier', STAFF],
  ['/people/user', [A]],
  ['/setting', STAFF],
  ['/setting/company', [A]],
  ['/setting/store', [A]],
  ['/setting/uvt', [A]],
  ['/setting/site_status', [A, U]],
  ['/concurrent_payments', STAFF],
  ['/concurrent_payments/form', STAFF],
  ['/advanced_delete', STAFF],
  ['/advanced_delete/form', [A, U]],
  ['/notification', STAFF],
  ['/notification/list', STAFF],
  ['/settings', [A, S, U, B]],
  ['/settings/general', [A, S, U, B]],
  ['/settings/password', [A, S, U, B]],
  ['/settings/google2fa', [A, S, U, B]],
  ['/settings/appearance', [A, S, U, B]],
  ['/settings/ip_restriction', STAFF],
  ['/login', STAFF],
  ['/some/unknown/page', STAFF],
];

const cases = MATRIX.flatMap(([path, allowed]) => {
  const variants = path === '/' ? [path] : [path, `${path}/`, `${path}//`];
  return variants.flatMap((variant) => ROLES.map((role) => ({ role, path: variant, allowed: allowed.includes(role) })));
});

describe('guard: spec §6 matrix', () => {
  it('covers hundreds of cases', () => {
    expect(cases.length).toBeGreaterThan(600);
  });

  it.each(cases)('$role on $path → allowed=$allowed', ({ role, path, allowed }) => {
    const result = guard(role, path);
    expect(result.allowed).toBe(allowed);
    if (!result.allowed) {
      expect(result.redirect).toBe(role === 'buyer' ? '/purchase-order/list' : '/dashboards/home');
    }
  });
});

describe('guard: edge cases', () => {
  it('requires a non-empty {id} segment', () => {
    expect(guard('buyer', '/purchase-order/receive').allowed).toBe(false);
    expect(guard('buyer', '/purchase-order/receive/').allowed).toBe(false);
    expect(guard('buyer', '/purchase-order/receive/5/extra').allowed).toBe(false);
    expect(guard('admin', '/purchase-order/edit').allowed).toBe(true);
    expect(guard('admin', '/purchase-order/edit/abc').allowed).toBe(false);
  });

  it('matches whole segments only', () => {
    expect(guard('user', '/people/users').allowed).toBe(true);
    expect(guard('user', '/people/user-list').allowed).toBe(true);
    expect(guard('secretary', '/setting/site_status_x').allowed).toBe(true);
    expect(guard('buyer', '/purchase-order/listing').allowed).toBe(false);
  });

  it('normalizes trailing slashes', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('///')).toBe('/');
    expect(normalizePath('/a/b/')).toBe('/a/b');
    expect(matchesPattern('/x/{id}', '/x/1/')).toBe(true);
  });
});
