/** "Export to Excel": downloads the list's export with the current search, sort and filters. */
import { useTranslation } from 'react-i18next';
import { exportUrl, type ListParams } from './list-params';

/** Props of ExportButton: a list's path and state, or the export's whole URL (a report's). */
export type ExportButtonProps =
  | {
      /** The list's API path, e.g. /api/customers. */
      basePath: string;
      params: ListParams;
      href?: undefined;
      testId?: string;
    }
  | { href: string; basePath?: undefined; params?: undefined; testId?: string };

/** A download link styled as a secondary button (the session cookie goes with it). */
export function ExportButton({ basePath, params, href, testId = 'list-export' }: ExportButtonProps) {
  const { t, i18n } = useTranslation('list');
  return (
    <a
      href={href ?? exportUrl(basePath, params, i18n.language)}
      download
      data-testid={testId}
      className="inline-flex items-center justify-center gap-2 rounded-md border border-line bg-card px-4 py-2 text-sm font-medium text-fg hover:bg-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      {t('export')}
    </a>
  );
}
