/**
 * The role guard of spec §6 as one pure function. It runs on every navigation inside the
 * protected area; a denied path is replaced (not pushed) by the returned redirect. The server
 * enforces the same rules: this only spares people pages they cannot use.
 */
import type { Role } from '@/lib/auth/types';

/** Result of the guard. */
export type GuardResult = { allowed: true } | { allowed: false; redirect: string };

/** Where a denied buyer goes. */
export const BUYER_HOME = '/purchase-order/list';
/** Where every other denied role goes. */
export const STAFF_HOME = '/dashboards/home';

/** Patterns; `{id}` (or any `{name}`) matches one non-empty path segment. */
const BUYER_ALLOWED = [
  '/purchase-order/list',
  '/purchase-order/add',
  '/received-order/list',
  '/purchase-order/receive/{id}',
  '/received-order/edit/{id}',
  // One's own account (DESIGN §6): §6's buyer allow-list names pages of work, and the profile
  // menu offers the settings to every user. The IP restriction tab stays with the staff.
  '/settings',
  '/settings/general',
  '/settings/password',
  '/settings/google2fa',
  '/settings/appearance',
];

/**
 * A user's report page (/report/users_report/{id}) is the users report opened on one row: the
 * server answers it to administrators only, like the list (spec §6), so the guard keeps it too.
 */
const DENIED: Record<Exclude<Role, 'buyer'>, string[]> = {
  admin: ['/sale/add', '/sale/edit/{id}', '/purchase-order/add', '/purchase-order/edit/{id}'],
  user: ['/people/user', '/setting/company', '/setting/store', '/setting/uvt', '/report/users_report', '/report/users_report/{id}', '/audit'],
  secretary: [
    '/people/user',
    '/setting/company',
    '/setting/store',
    '/setting/uvt',
    '/setting/site_status',
    '/advanced_delete/form',
    // The advanced delete's archive (issue 13): the API answers secretaries 403.
    '/archive',
    '/report/users_report',
    '/report/users_report/{id}',
    '/audit',
  ],
};

/** Drops trailing slashes (spec §6: "trailing slash ignored"); the root stays '/'. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Whether a concrete path matches a pattern with `{param}` segments. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = normalizePath(path).split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    const actual = have[i] ?? '';
    return /^\{[^}]+\}$/.test(segment) ? actual !== '' : segment === actual;
  });
}

function matchesAny(patterns: readonly string[], path: string): boolean {
  return patterns.some((pattern) => matchesPattern(pattern, path));
}

/** Spec §6: may this role open this path? */
export function guard(role: Role, path: string): GuardResult {
  const normalized = normalizePath(path);
  if (role === 'buyer') {
    return matchesAny(BUYER_ALLOWED, normalized) ? { allowed: true } : { allowed: false, redirect: BUYER_HOME };
  }
  const denied = DENIED[role];
  if (!denied) return { allowed: false, redirect: '/login' };
  return matchesAny(denied, normalized) ? { allowed: false, redirect: STAFF_HOME } : { allowed: true };
}

/** The landing page of a role after sign-in. */
export function homeFor(role: Role | undefined): string {
  return role === 'buyer' ? BUYER_HOME : STAFF_HOME;
}
