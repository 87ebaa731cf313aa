/** Add/edit form of a store: name, company and active. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { FormDialog, submitForm, useFieldError } from '@/components/form/form-dialog';
import { RequiredLabel } from '@/components/form/required-mark';
import { useSaveResource } from '@/components/list/resource-api';
import { CheckboxField, TextField } from '@/components/ui/field';
import { FormRecordPicker } from '@/components/form/record-picker';
import { COMPANIES } from '@/components/form/record-sources';
import { STORES_PATH, type Store } from '../api/org';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'validation.required')),
  company_id: z.string().check(z.minLength(1, 'validation.required')),
  active: z.boolean(),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['name', 'company_id', 'active'] as const;

/** The store form dialog. */
export function StoreForm({ record, onClose }: { record: Store | null; onClose: () => void }) {
  const { t } = useTranslation('org');
  const fieldError = useFieldError();
  const save = useSaveResource(STORES_PATH);
  const entity = t('store.entity');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: record?.name ?? '', company_id: record ? String(record.company_id) : '', active: record?.active ?? true },
  });

  const submit = handleSubmit(async (values) => {
    const ok = await submitForm({
      save: () => save.mutateAsync({ id: record?.id, body: { ...values, company_id: Number(values.company_id) } }),
      setError,
      fields: FIELDS,
      savedTitle: t('list:saved', { entity }),
      failedTitle: t('list:saveFailed', { entity }),
    });
    if (ok) onClose();
  });


  return (
    <FormDialog open title={record ? t('store.editTitle') : t('store.addTitle')} onClose={onClose} onSubmit={submit} saving={save.isPending} testId="store-form">
      <TextField label={<RequiredLabel>{t('fields.name')}</RequiredLabel>} aria-required autoFocus error={fieldError(errors.name?.message)} data-testid="field-name" {...register('name')} />
      <FormRecordPicker<Values, '/api/companies'>
        name="company_id"
        control={control}
        required
        label={t('store.company')}
        source={COMPANIES}
        placeholder={t('store.chooseCompany')}
        known={record ? { value: String(record.company_id), label: record.company_name } : undefined}
        error={fieldError(errors.company_id?.message)}
        testId="field-company-id"
      />
      <CheckboxField label={t('fields.active')} data-testid="field-active" {...register('active')} />
    </FormDialog>
  );
}
