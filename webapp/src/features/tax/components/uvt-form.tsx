/**
 * Add/correct form of a year's UVT: the year (four digits; fixed when correcting) and the value
 * in pesos. The server checks the range and the amount and its messages land on the fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { FormDialog, submitForm, useFieldError } from '@/components/form/form-dialog';
import { MoneyField } from '@/components/form/money-field';
import { RequiredLabel } from '@/components/form/required-mark';
import { TextField } from '@/components/ui/field';
import { useSaveUvt, type Uvt } from '../api/uvt';

const schema = z.object({
  year: z.string().check(z.trim(), z.regex(/^\d{4}$/, 'validation.year')),
  // Only "is it an amount": zero and the limits are the server's rules, in its words.
  uvt_cents: z.nullable(z.number()).check(z.refine((v) => v !== null, 'validation.money')),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['year', 'uvt_cents'] as const;

/** The UVT form dialog: `record` null adds `suggestedYear`, otherwise corrects that year. */
export function UvtForm({ record, suggestedYear, onClose }: { record: Uvt | null; suggestedYear: number; onClose: () => void }) {
  const { t } = useTranslation('org');
  const fieldError = useFieldError();
  const save = useSaveUvt();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { year: String(record?.year ?? suggestedYear), uvt_cents: record?.uvt_cents ?? null },
  });

  // The first field to type in: the year when adding, the value when correcting (the year is then
  // read-only). Set here, not with autoFocus: this effect runs after the dialog's showModal, which
  // would otherwise move the focus to its first button.
  useEffect(() => setFocus(record === null ? 'year' : 'uvt_cents'), [record, setFocus]);

  const submit = handleSubmit(async (values) => {
    const year = Number(values.year);
    const ok = await submitForm({
      save: () => save.mutateAsync({ year, uvt_cents: values.uvt_cents ?? 0 }),
      setError,
      fields: FIELDS,
      savedTitle: t('uvt.saved', { year }),
      failedTitle: t('uvt.saveFailed', { year }),
    });
    if (ok) onClose();
  });

  return (
    <FormDialog open size="sm" title={record ? t('uvt.editTitle', { year: record.year }) : t('uvt.addTitle')} onClose={onClose} onSubmit={submit} saving={save.isPending} testId="uvt-form">
      <TextField
        label={<RequiredLabel>{t('uvt.year')}</RequiredLabel>}
        aria-required
        inputMode="numeric"
        maxLength={4}
        // The year is the row's key: correcting keeps it, a different year is added instead.
        readOnly={record !== null}
        error={fieldError(errors.year?.message)}
        data-testid="field-year"
        {...register('year')}
      />
      <Controller
        control={control}
        name="uvt_cents"
        render={({ field }) => (
          <MoneyField
            ref={field.ref}
            label={<RequiredLabel>{t('uvt.value')}</RequiredLabel>}
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            error={fieldError(errors.uvt_cents?.message)}
            testId="field-uvt"
          />
        )}
      />
      <p className="text-sm text-muted">{t('uvt.help')}</p>
    </FormDialog>
  );
}
