/**
 * Composes a report page with the app: the reports feature does not know the route table or
 * the role guard, so the app hands it which pages are routed and which paths this user may
 * open (a row of a sale leads nowhere for an administrator, who does not edit sales).
 */
import { useParams } from 'react-router';
import { ReportPage } from '@/features/reports/pages/report-page';
import { useAuthStore } from '@/lib/auth/store';
import { BUILT_REPORTS } from './built-reports';
import { guard } from './guard';

/** Route element of /report/<page> and of a statement /report/<page>/:id. */
export function ReportRoute({ page }: { page: string }) {
  const { id } = useParams();
  const role = useAuthStore((s) => s.user?.role);
  if (!role) return null;
  return <ReportPage key={id ?? page} page={id ? `${page}/${id}` : page} role={role} built={BUILT_REPORTS} canOpen={(path) => guard(role, path.split('?')[0]!).allowed} />;
}
