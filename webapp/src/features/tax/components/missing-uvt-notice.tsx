/**
 * The administrators' dashboard notice that the current year (Bogotá) has no UVT: documents
 * dated today that need it (withholding bases) are refused until an administrator adds it on
 * /setting/uvt. Small and dismissible for the browser session (it comes back in the next one,
 * and the UVT page keeps saying it while the year is missing); nothing while loading or on a
 * failed read (the page itself reports those).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UVT_PATH } from '@/components/document-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { currentYear, lacksCurrentYear, useUvts } from '../api/uvt';


const dismissKey = (year: number) => `uvt-notice-dismissed-${year}`;

/** The notice; render it for administrators only. */
export function MissingUvtNotice() {
  const { t } = useTranslation('org');
  const year = currentYear();
  const uvts = useUvts();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(dismissKey(year)) === '1');
  if (dismissed || !uvts.data || !lacksCurrentYear(uvts.data)) return null;
  return (
    <Alert tone="info" testId="uvt-missing-notice" className="flex flex-wrap items-center justify-between gap-2">
      <span>
        {t('uvt.missing', { year })}{' '}
        <Link to={UVT_PATH} className="font-medium text-primary underline">
          {t('uvt.open')}
        </Link>
      </span>
      <Button
        variant="ghost"
        onClick={() => {
          sessionStorage.setItem(dismissKey(year), '1');
          setDismissed(true);
        }}
      >
        {t('uvt.dismiss')}
      </Button>
    </Alert>
  );
}
