/** The app's button: primary, secondary, ghost or danger, with a busy state. */
import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

/** Visual weight of a button. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary-hover',
  secondary: 'border border-line bg-card text-fg hover:bg-hover',
  ghost: 'hover:bg-hover',
  danger: 'bg-danger text-white hover:opacity-90',
};

/**
 * A ghost button's text colour: the page's, or a tone (Approve in green, Reject in red). A tone
 * is a prop, not a class: two text colours in one class list go by the stylesheet's order.
 */
const ghostTones = { default: 'text-fg', success: 'text-success', danger: 'text-danger' } as const;

/** Props of Button. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** A ghost button's colour (default: the text's). */
  tone?: keyof typeof ghostTones;
  /** Shows a spinner and disables the button. */
  busy?: boolean;
}

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', tone = 'default', busy = false, className, disabled, children, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        'disabled:cursor-not-allowed disabled:opacity-60',
        variants[variant],
        variant === 'ghost' && ghostTones[tone],
        className,
      )}
      {...rest}
    >
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
