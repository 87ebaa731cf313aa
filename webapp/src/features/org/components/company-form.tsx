/** Add/edit form of a company: name, active, and the tax flags the tax engine reads. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { FormDialog, submitForm, useFieldError } from '@/components/form/form-dialog';
import { RequiredMark } from '@/components/form/required-mark';
import { useSaveResource } from '@/components/list/resource-api';
import { CheckboxField, TextField } from '@/components/ui/field';
import { COMPANIES_PATH, type Company } from '../api/org';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'validation.required')),
  active: z.boolean(),
  has_taxes: z.boolean(),
  withholding_agent: z.boolean(),
  reteiva_agent: z.boolean(),
  autorretenedor: z.boolean(),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['name', 'active', 'has_taxes', 'withholding_agent', 'reteiva_agent', 'autorretenedor'] as const;

/** The flags that only a company with taxes may have, with their label and help keys (org namespace). */
const TAX_FLAGS = [
  { name: 'withholding_agent', label: 'company.withholdingAgent', help: 'company.withholdingAgentHelp', testId: 'field-withholding-agent' },
  { name: 'reteiva_agent', label: 'company.reteivaAgent', help: 'company.reteivaAgentHelp', testId: 'field-reteiva-agent' },
  { name: 'autorretenedor', label: 'company.autorretenedor', help: 'company.autorretenedorHelp', testId: 'field-autorretenedor' },
] as const;

/** The company form dialog. */
export function CompanyForm({ record, onClose }: { record: Company | null; onClose: () => void }) {
  const { t } = useTranslation('org');
  const fieldError = useFieldError();
  const save = useSaveResource(COMPANIES_PATH);
  const entity = t('company.entity');
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: record?.name ?? '',
      active: record?.active ?? true,
      has_taxes: record?.has_taxes ?? true,
      withholding_agent: record?.withholding_agent ?? false,
      reteiva_agent: record?.reteiva_agent ?? false,
      autorretenedor: record?.autorretenedor ?? false,
    },
  });
  const hasTaxes = watch('has_taxes');

  const submit = handleSubmit(async (values) => {
    // A company without taxes withholds nothing and is withheld nothing (the server refuses the combination).
    const body = hasTaxes ? values : { ...values, ...Object.fromEntries(TAX_FLAGS.map((f) => [f.name, false])) };
    const ok = await submitForm({
      save: () => save.mutateAsync({ id: record?.id, body }),
      setError,
      fields: FIELDS,
      savedTitle: t('list:saved', { entity }),
      failedTitle: t('list:saveFailed', { entity }),
    });
    if (ok) onClose();
  });

  return (
    <FormDialog open title={record ? t('company.editTitle') : t('company.addTitle')} onClose={onClose} onSubmit={submit} saving={save.isPending} testId="company-form">
      <TextField
        label={
          <>
            {t('fields.name')}
            <RequiredMark />
          </>
        }
        aria-required
        autoFocus
        error={fieldError(errors.name?.message)}
        data-testid="field-name"
        {...register('name')}
      />
      <div className="space-y-3">
        <CheckboxField label={t('fields.active')} data-testid="field-active" {...register('active')} />
        <CheckboxField label={t('company.hasTaxes')} description={t('company.hasTaxesHelp')} data-testid="field-has-taxes" {...register('has_taxes')} />
        {TAX_FLAGS.map((f) => (
          <CheckboxField key={f.name} label={t(f.label)} description={t(f.help)} disabled={!hasTaxes} data-testid={f.testId} {...register(f.name)} />
        ))}
      </div>
    </FormDialog>
  );
}
