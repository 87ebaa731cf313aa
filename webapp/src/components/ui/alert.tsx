/** Inline messages: errors are announced (role=alert), others are polite status text. */
import type { ReactNode } from 'react';
import { cn } from './cn';

/** Tone of an alert. */
export type AlertTone = 'error' | 'info' | 'success';

const tones: Record<AlertTone, string> = {
  error: 'border-danger/40 bg-danger/10 text-danger',
  info: 'border-line bg-hover text-fg',
  success: 'border-success/40 bg-success/10 text-success',
};

/** A message box. */
export function Alert({ tone = 'error', children, className, testId }: { tone?: AlertTone; children: ReactNode; className?: string; testId?: string }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('rounded-md border px-3 py-2 text-sm', tones[tone], className)}
    >
      {children}
    </div>
  );
}
