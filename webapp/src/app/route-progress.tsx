/** The thin bar at the top while a lazy route or loader is pending (spec §2). */
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Renders the bar only while the router is loading or submitting. */
export function RouteProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation('common');
  if (navigation.state === 'idle') return null;
  return (
    <div
      data-testid="route-progress"
      role="progressbar"
      aria-label={t('loading')}
      className="fixed inset-x-0 top-0 z-[100] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="route-progress-bar h-full w-2/5 bg-primary" />
    </div>
  );
}
