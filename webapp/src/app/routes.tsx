/**
 * The whole route table of spec §2, in one place. Groups: guest-only (/login, /verification,
 * /qr), public (/activate, /disabled, error pages) and protected (everything else, behind the
 * sign-in gate and the role guard). Every page is lazy so that /login ships little JavaScript.
 * Modules that are not built yet are listed (so redirects and the guard behave) and render the
 * standard not-found page.
 */
import { redirect, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { BUILT_REPORTS } from './built-reports';
import { GuestOnlyRoute, ProtectedRoute } from './route-guards';
import { FullPageLoading } from '@/components/ui/spinner';
import { loadAllNamespaces } from '@/lib/i18n/i18n';

/** Rendered only for the instant before a redirect loader's answer applies. */
function Redirecting() {
  return null;
}

/** A route whose only job is to redirect (spec §2 "→"). */
function redirectRoute(path: string, to: string): RouteObject {
  return { path, loader: () => redirect(to), Component: Redirecting };
}

/**
 * Wraps routes in the lazily loaded QueryClientProvider, so TanStack Query ships only with the
 * pages that use server state.
 */
function withServerState(children: RouteObject[]): RouteObject {
  return {
    lazy: async () => ({ Component: (await import('./server-state-layout')).ServerStateLayout }),
    children,
  };
}

const purchaseForm = async () => ({ Component: (await import('@/features/purchasing/pages/purchase-form-page')).PurchaseFormPage });
const saleForm = async () => ({ Component: (await import('@/features/sales/pages/sale-form-page')).SaleFormPage });
const purchaseOrderForm = async () => ({
  Component: (await import('@/features/procurement/pages/purchase-order-form-page')).PurchaseOrderFormPage,
});
const receivedOrderList = async () => ({
  Component: (await import('@/features/procurement/pages/received-order-list-page')).ReceivedOrderListPage,
});

const notFound = async () => ({ Component: (await import('@/features/errors/pages/not-found-page')).NotFoundPage });

/** A page of a module that a later issue builds: in the table, showing the not-found page. */
function notBuilt(path: string): RouteObject {
  return { path, lazy: notFound };
}

function statusPage(status: 401 | 404 | 429 | 500): RouteObject {
  return {
    path: String(status),
    lazy: async () => {
      const { StatusErrorPage } = await import('@/features/errors/pages/status-error-page');
      return { Component: () => <StatusErrorPage status={status} /> };
    },
  };
}

/** A report page the server answers (app/report-route.tsx); `x/:id` is a party's statement. */
function reportRoute(page: string): RouteObject {
  const name = page.replace('/:id', '');
  return {
    path: `report/${page}`,
    lazy: async () => {
      const { ReportRoute } = await import('./report-route');
      return { Component: () => <ReportRoute page={name} /> };
    },
  };
}

/** Report pages of spec §2; those not in BUILT_REPORTS stay the not-found page. */
const REPORT_PAGES = [
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
  'customers_report/:id',
  'suppliers_report',
  'suppliers_report/:id',
  'users_report',
  'users_report/:id',
];

const guestOnly: RouteObject = {
  Component: GuestOnlyRoute,
  children: [
    { path: 'login', lazy: async () => ({ Component: (await import('@/features/auth/pages/login-page')).LoginPage }) },
    {
      path: 'verification',
      lazy: async () => ({ Component: (await import('@/features/auth/pages/verification-page')).VerificationPage }),
    },
    withServerState([{ path: 'qr', lazy: async () => ({ Component: (await import('@/features/auth/pages/qr-page')).QrPage }) }]),
  ],
};

const publicPages: RouteObject[] = [
  withServerState([
    { path: 'activate', lazy: async () => ({ Component: (await import('@/features/site-status/pages/activate-page')).ActivatePage }) },
  ]),
  { path: 'disabled', lazy: async () => ({ Component: (await import('@/features/site-status/pages/disabled-page')).DisabledPage }) },
  statusPage(401),
  statusPage(404),
  statusPage(429),
  statusPage(500),
];

const accountSettings: RouteObject = {
  path: 'settings',
  lazy: async () => ({ Component: (await import('@/features/account-settings/pages/settings-layout')).SettingsLayout }),
  children: [
    { index: true, loader: () => redirect('/settings/general'), Component: Redirecting },
    { path: 'general', lazy: async () => ({ Component: (await import('@/features/account-settings/pages/general-tab')).GeneralTab }) },
    { path: 'password', lazy: async () => ({ Component: (await import('@/features/account-settings/pages/password-tab')).PasswordTab }) },
    { path: 'google2fa', lazy: async () => ({ Component: (await import('@/features/account-settings/pages/google2fa-tab')).Google2faTab }) },
    { path: 'appearance', lazy: async () => ({ Component: (await import('@/features/account-settings/pages/appearance-tab')).AppearanceTab }) },
    {
      path: 'ip_restriction',
      lazy: async () => ({ Component: (await import('@/features/account-settings/pages/ip-restriction-tab')).IpRestrictionTab }),
    },
  ],
};

const protectedPages: RouteObject[] = [
  { index: true, loader: () => redirect('/dashboards'), Component: Redirecting },
  redirectRoute('dashboards', '/dashboards/home'),
  { path: 'dashboards/home', lazy: async () => ({ Component: (await import('./dashboard-route')).DashboardRoute }) },

  redirectRoute('purchase', '/purchase/list'),
  { path: 'purchase/list', lazy: async () => ({ Component: (await import('@/features/purchasing/pages/purchase-list-page')).PurchaseListPage }) },
  { path: 'purchase/add', lazy: purchaseForm },
  { path: 'purchase/edit/:id', lazy: purchaseForm },

  redirectRoute('sale', '/sale/list'),
  { path: 'sale/list', lazy: async () => ({ Component: (await import('@/features/sales/pages/sale-list-page')).SaleListPage }) },
  { path: 'sale/add', lazy: saleForm },
  { path: 'sale/edit/:id', lazy: saleForm },

  redirectRoute('pending-data', '/pending-data/purchase'),
  {
    path: 'pending-data/purchase',
    lazy: async () => ({ Component: (await import('@/features/purchasing/pages/pending-purchases-page')).PendingPurchasesPage }),
  },

  redirectRoute('payment', '/payment/pending'),
  {
    path: 'payment/pending',
    lazy: async () => ({ Component: (await import('@/features/payments/pages/pending-payments-page')).PendingPaymentsPage }),
  },
  {
    path: 'payments/:type/:purchase_id',
    lazy: async () => ({ Component: (await import('@/features/payments/pages/document-payments-page')).DocumentPaymentsPage }),
  },
  {
    path: 'preturn/list/:purchase_id',
    lazy: async () => ({ Component: (await import('@/features/returns/pages/purchase-returns-page')).PurchaseReturnsPage }),
  },
  // The returns across purchases (the menu's "Returns"); spec §2 lists only a purchase's.
  { path: 'preturn/list', lazy: async () => ({ Component: (await import('@/features/returns/pages/return-list-page')).ReturnListPage }) },

  redirectRoute('product', '/product/list'),
  { path: 'product/list', lazy: async () => ({ Component: (await import('@/features/catalog/pages/product-list-page')).ProductListPage }) },

  redirectRoute('purchase-order', '/purchase-order/list'),
  {
    path: 'purchase-order/list',
    lazy: async () => ({ Component: (await import('@/features/procurement/pages/purchase-order-list-page')).PurchaseOrderListPage }),
  },
  { path: 'purchase-order/add', lazy: purchaseOrderForm },
  { path: 'purchase-order/edit/:id', lazy: purchaseOrderForm },
  {
    path: 'purchase-order/receive/:id',
    lazy: async () => ({ Component: (await import('@/features/procurement/pages/receive-order-page')).ReceiveOrderPage }),
  },

  // Spec §2 spells this redirect target with an underscore; kept literally.
  redirectRoute('received-order', '/received_order/list'),
  { path: 'received-order/list', lazy: receivedOrderList },
  // The redirect's target renders the same page (the guard treats it like any other path).
  { path: 'received_order/list', lazy: receivedOrderList },
  {
    path: 'received-order/edit/:id',
    lazy: async () => ({ Component: (await import('@/features/procurement/pages/received-order-edit-page')).ReceivedOrderEditPage }),
  },

  redirectRoute('category', '/category/list'),
  { path: 'category/list', lazy: async () => ({ Component: (await import('@/features/catalog/pages/category-list-page')).CategoryListPage }) },

  redirectRoute('report', '/report/overview_chart'),
  ...REPORT_PAGES.map((page) => (BUILT_REPORTS.includes(page.replace('/:id', '')) ? reportRoute(page) : notBuilt(`report/${page}`))),

  redirectRoute('people', '/people/customer'),
  { path: 'people/customer', lazy: async () => ({ Component: (await import('@/features/people/pages/customer-list-page')).CustomerListPage }) },
  { path: 'people/supplier', lazy: async () => ({ Component: (await import('@/features/people/pages/supplier-list-page')).SupplierListPage }) },
  { path: 'people/user', lazy: async () => ({ Component: (await import('@/features/people/pages/user-list-page')).UserListPage }) },

  redirectRoute('setting', '/setting/company'),
  { path: 'setting/company', lazy: async () => ({ Component: (await import('@/features/org/pages/company-list-page')).CompanyListPage }) },
  { path: 'setting/store', lazy: async () => ({ Component: (await import('@/features/org/pages/store-list-page')).StoreListPage }) },
  { path: 'setting/uvt', lazy: async () => ({ Component: (await import('@/features/tax/pages/uvt-page')).UvtPage }) },
  { path: 'audit', lazy: async () => ({ Component: (await import('@/features/audit/pages/audit-page')).AuditPage }) },
  {
    path: 'setting/site_status',
    lazy: async () => ({ Component: (await import('@/features/site-status/pages/site-status-page')).SiteStatusPage }),
  },

  redirectRoute('concurrent_payments', '/concurrent_payments/form'),
  {
    path: 'concurrent_payments/form',
    lazy: async () => ({ Component: (await import('@/features/payments/pages/concurrent-payments-page')).ConcurrentPaymentsPage }),
  },

  redirectRoute('advanced_delete', '/advanced_delete/form'),
  {
    path: 'advanced_delete/form',
    lazy: async () => ({ Component: (await import('@/features/archive/pages/advanced-delete-page')).AdvancedDeletePage }),
  },
  { path: 'archive', lazy: async () => ({ Component: (await import('@/features/archive/pages/archive-page')).ArchivePage }) },

  redirectRoute('notification', '/notification/list'),
  {
    path: 'notification/list',
    lazy: async () => ({ Component: (await import('@/features/notifications/pages/notification-list-page')).NotificationListPage }),
  },

  accountSettings,

  { path: '*', lazy: notFound },
];

/** The route table handed to createBrowserRouter. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: FullPageLoading,
    children: [
      guestOnly,
      ...publicPages,
      {
        Component: ProtectedRoute,
        children: [
          withServerState([
            {
              // The back office's texts are not in the sign-in chunks: its pages render with them loaded.
              lazy: async () => {
                const [{ AppLayout }] = await Promise.all([import('./layouts/app-layout'), loadAllNamespaces()]);
                return { Component: AppLayout };
              },
              errorElement: <RouteError />,
              children: protectedPages,
            },
          ]),
        ],
      },
    ],
  },
];
