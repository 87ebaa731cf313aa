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
});
type Values = z.infer<typeof schema>;
const FIELDS = ['name', 'active', 'has_taxes', 'withholding_agent', 'reteiva_agent'] as const;

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
    },
  });
  const hasTaxes = watch('has_taxes');

  const submit = handleSubmit(async (values) => {
    // A company without taxes withholds nothing (the server refuses the combination).
    const body = hasTaxes ? values : { ...values, withholding_agent: false, reteiva_agent: false };
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
        <CheckboxField
          label={t('company.withholdingAgent')}
          description={t('company.withholdingAgentHelp')}
          disabled={!hasTaxes}
          data-testid="field-withholding-agent"
          {...register('withholding_agent')}
        />
        <CheckboxField
          label={t('company.reteivaAgent')}
          description={t('company.reteivaAgentHelp')}
          disabled={!hasTaxes}
          data-testid="field-reteiva-agent"
          {...register('reteiva_agent')}
        />
      </div>
    </FormDialog>
  );
}
