/**
 * The kit's header fields, bound to the surrounding react-hook-form by name: the label, the
 * error (client key or server text) tied to the control, and react-hook-form's ref so the first
 * invalid field takes the focus. Labels of required fields carry the required mark.
 */
import type { ReactNode } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { MoneyField } from '@/components/form/money-field';
import { FormRecordPicker, type FormRecordPickerProps } from '@/components/form/record-picker';
import type { ListPath } from '@/components/list/resource-api';
import { RequiredMark } from '@/components/form/required-mark';
import { DateField } from '@/components/ui/date-field';
import { SelectField, TextAreaField, TextField, type SelectFieldProps, type TextAreaFieldProps, type TextFieldProps } from '@/components/ui/field';
import { useFieldMessage } from './form-context';

/** Props every bound field takes. */
interface BoundProps<T extends FieldValues> {
  name: Path<T>;
  label: ReactNode;
  /** Adds the required mark and aria-required. */
  required?: boolean;
  testId?: string;
}

function labelOf(label: ReactNode, required?: boolean): ReactNode {
  return required ? (
    <>
      {label}
      <RequiredMark />
    </>
  ) : (
    label
  );
}

/**
 * The options of a FormSelect over records: the placeholder (value '') first, then each record
 * by id, named by `label` (default: its name).
 */
export function choiceOptions<R extends { id: number; name: string }>(rows: readonly R[] | undefined, placeholder: string, label: (row: R) => string = (r) => r.name) {
  return [{ value: '', label: placeholder }, ...(rows ?? []).map((r) => ({ value: String(r.id), label: label(r) }))];
}

/** The error message of a path, in the user's language. */
export function useFieldError(name: string): string | undefined {
  const { getFieldState, formState } = useFormContext();
  const message = useFieldMessage();
  return message(getFieldState(name, formState).error?.message);
}

/** A text (or date, or numeric) input. */
export function FormText<T extends FieldValues>({ name, label, required, testId, ...rest }: BoundProps<T> & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error'>) {
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  return <TextField {...rest} {...register(name)} label={labelOf(label, required)} aria-required={required || undefined} error={error} data-testid={testId} />;
}

/** A multi-line input. */
export function FormTextArea<T extends FieldValues>({ name, label, required, testId, ...rest }: BoundProps<T> & Omit<TextAreaFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error'>) {
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  return <TextAreaField {...rest} {...register(name)} label={labelOf(label, required)} aria-required={required || undefined} error={error} data-testid={testId} />;
}

/**
 * A native select; `options` includes the placeholder (value ''). Controlled, so a value whose
 * option arrives later (choices still loading on an edit page) is shown once it is there.
 */
export function FormSelect<T extends FieldValues>({ name, label, required, testId, onChange, ...rest }: BoundProps<T> & Omit<SelectFieldProps, 'name' | 'label' | 'value' | 'error'>) {
  const { field } = useController<T>({ name });
  const error = useFieldError(name);
  return (
    <SelectField
      {...rest}
      ref={field.ref}
      name={field.name}
      value={field.value as string}
      onBlur={field.onBlur}
      onChange={(e) => {
        field.onChange(e.target.value);
        onChange?.(e);
      }}
      label={labelOf(label, required)}
      aria-required={required || undefined}
      error={error}
      data-testid={testId}
    />
  );
}

/** Another module's record (a supplier, a store…), searched as typed (RecordPicker), with the field's error. */
export function FormPicker<T extends FieldValues, P extends ListPath>(props: Omit<FormRecordPickerProps<T, P>, 'error' | 'control'>) {
  const error = useFieldError(props.name);
  return <FormRecordPicker<T, P> {...props} error={error} />;
}

/** An amount in pesos held as integer centavos (null while empty or not an amount). */
export function FormMoney<T extends FieldValues>({ name, label, required, testId }: BoundProps<T>) {
  const { field } = useController<T>({ name });
  const error = useFieldError(name);
  return (
    <MoneyField
      ref={field.ref}
      name={field.name}
      label={labelOf(label, required)}
      required={required}
      value={field.value as number | null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      testId={testId}
    />
  );
}

/** A calendar day ("YYYY-MM-DD") typed in the interface language's pattern (DateField). */
export function FormDate<T extends FieldValues>({ name, label, required, testId, ...rest }: BoundProps<T> & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'type'>) {
  const { field } = useController<T>({ name });
  const error = useFieldError(name);
  return (
    <DateField
      {...rest}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={labelOf(label, required)}
      aria-required={required || undefined}
      error={error}
      data-testid={testId}
    />
  );
}
