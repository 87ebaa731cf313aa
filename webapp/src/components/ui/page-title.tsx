/** Each page's h1, with the stable test id the e2e suite looks for. */
import { useEffect, type ReactNode } from 'react';
import { cn } from './cn';

/** The page heading; also sets the document title when given plain text. */
export function PageTitle({ children, className, documentTitle }: { children: ReactNode; className?: string; documentTitle?: string }) {
  useEffect(() => {
    const text = documentTitle ?? (typeof children === 'string' ? children : undefined);
    if (text) document.title = `${text} · Back office`;
  }, [children, documentTitle]);
  return (
    <h1 data-testid="page-title" className={cn('text-2xl font-semibold text-fg', className)}>
      {children}
    </h1>
  );
}
