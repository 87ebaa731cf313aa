/**
 * Route-group gates of spec §2: guest-only pages send signed-in visitors on; protected pages
 * send anonymous visitors to /login?redirect=… and run the role guard on every navigation,
 * replacing history when it redirects.
 */
import { Navigate, Outlet, useLocation, useNavigation, useSearchParams } from 'react-router';
import { useAuthStore } from '@/lib/auth/store';
import { BootFailure } from './boot-failure';
import { guard, STAFF_HOME } from './guard';
import { useBootStore } from './bootstrap';
import { FullPageLoading } from '@/components/ui/spinner';

/**
 * The redirect query value if it is a safe in-app path. Spec: present and not the text "null";
 * we also refuse absolute or protocol-relative URLs so the parameter cannot send people away.
 */
export function safeRedirect(value: string | null): string | undefined {
  if (!value || value === 'null') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** Builds /login (or /verification, /qr) carrying the redirect parameter along. */
export function withRedirect(path: string, redirect: string | undefined): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

function useStartingScreen() {
  const isInitialized = useAuthStore((s) => s.isInitialized);
  const boot = useBootStore((s) => s.state);
  if (isInitialized) return null;
  return boot === 'stopped' ? <BootFailure /> : <FullPageLoading />;
}

/** Wraps /login, /verification and /qr. */
export function GuestOnlyRoute() {
  const starting = useStartingScreen();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const [params] = useSearchParams();
  if (starting) return starting;
  if (isAuthenticated) return <Navigate to={safeRedirect(params.get('redirect')) ?? STAFF_HOME} replace />;
  return <Outlet />;
}

/** Wraps every signed-in page. */
export function ProtectedRoute() {
  const starting = useStartingScreen();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const role = useAuthStore((s) => s.user?.role);
  const location = useLocation();
  const navigation = useNavigation();
  if (starting) return starting;
  if (!isAuthenticated || !role) {
    // Logout already navigates to /login; adding ?redirect= on top would race with it.
    if (navigation.location?.pathname === '/login') return <FullPageLoading />;
    return <Navigate to={withRedirect('/login', location.pathname + location.search)} replace />;
  }
  const verdict = guard(role, location.pathname);
  if (!verdict.allowed) return <Navigate to={verdict.redirect} replace />;
  return <Outlet />;
}
