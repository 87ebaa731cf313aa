/**
 * Form fields with a label tied to the control and the error linked by aria-describedby, so
 * they are usable by keyboard and screen readers and findable by label in tests.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

const controlClass =
  'block w-full rounded-md border border-line bg-card px-3 py-2 text-sm text-fg placeholder:text-muted ' +
  'focus:border-primary focus:outline-2 focus:outline-primary/40 aria-[invalid=true]:border-danger disabled:opacity-60';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label + control + hint + error. */
export function FieldFrame({ id, label, error, hint, className, children }: FieldFrameProps) {
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Props of TextField. */
export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Extra content inside the control's frame, e.g. a show-password button. */
  adornment?: ReactNode;
  wrapperClassName?: string;
}

/** A labelled text input. */
export function TextField({ label, error, hint, adornment, id, className, wrapperClassName, ref, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} className={wrapperClassName}>
      <div className="relative">
        <input
          id={inputId}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          className={cn(controlClass, adornment ? 'pe-11' : '', className)}
          {...rest}
        />
        {adornment && <div className="absolute inset-y-0 end-0 flex items-center pe-1">{adornment}</div>}
      </div>
    </FieldFrame>
  );
}

/** Props of TextAreaField. */
export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
  wrapperClassName?: string;
}

/** A labelled multi-line input. */
export function TextAreaField({ label, error, hint, id, className, wrapperClassName, ref, ...rest }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} className={wrapperClassName}>
      <textarea
        id={inputId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(controlClass, className)}
        {...rest}
      />
    </FieldFrame>
  );
}

/** Props of SelectField. */
export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  wrapperClassName?: string;
}

/** A labelled native select. */
export function SelectField({ label, options, error, id, className, wrapperClassName, ref, ...rest }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldFrame id={selectId} label={label} error={error} className={wrapperClassName}>
      <select
        id={selectId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error)}
        className={cn(controlClass, className)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Props of CheckboxField. */
export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it. */
export function CheckboxField({ label, description, id, className, ref, ...rest }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={inputId}
        ref={ref}
        type="checkbox"
        aria-describedby={description ? `${inputId}-desc` : undefined}
        // shrink-0: beside a label with a long description the flex row squeezed the box below 16 px.
        className="mt-0.5 size-4 shrink-0 rounded border-line accent-primary"
        {...rest}
      />
      <div>
        <label htmlFor={inputId} className="text-sm font-medium text-fg">
          {label}
        </label>
        {description && (
          <p id={`${inputId}-desc`} className="text-xs text-muted">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
