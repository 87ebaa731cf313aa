/** Loading indicators. */
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

/** A small spinning ring; decorative (the surrounding text says what is loading). */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent', className)}
    />
  );
}

/** A centered spinner with an accessible "Loading…" label. */
export function LoadingState({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 p-8 text-muted', className)}>
      <Spinner />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}

/** The whole-screen loading state used while the app starts. */
export function FullPageLoading() {
  return <LoadingState className="min-h-screen" />;
}
