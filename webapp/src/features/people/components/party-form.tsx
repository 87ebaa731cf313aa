/**
 * Add/edit form of a customer or supplier: contact data and the tax profile that the purchase
 * and sale tax computations read (person type, declarante, IVA responsible, gran contribuyente,
 * autorretenedor, document).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { FormDialog, submitForm, useFieldError } from '@/components/form/form-dialog';
import { FormRecordPicker } from '@/components/form/record-picker';
import { COMPANIES } from '@/components/form/record-sources';
import { RequiredLabel } from '@/components/form/required-mark';
import { useSaveResource } from '@/components/list/resource-api';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { useAuthStore } from '@/lib/auth/store';
import { DOCUMENT_TYPES, type Party, type PartyInput, type PartyPath } from '../api/parties';

const optionalEmail = z.string().check(z.trim(), z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'validation.email'));

/** Client rules: the server checks the rest (NIT check digit, uniqueness). */
export const partySchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, 'validation.required')),
    company: z.string().check(z.trim()),
    email: optionalEmail,
    phone: z.string().check(z.trim()),
    city: z.string().check(z.trim()),
    address: z.string().check(z.trim()),
    note: z.string(),
    person_type: z.enum(['natural', 'juridica']),
    declarante: z.boolean(),
    iva_responsible: z.boolean(),
    gran_contribuyente: z.boolean(),
    autorretenedor: z.boolean(),
    document_type: z.enum(['CC', 'NIT', 'CE', 'PAS']),
    document_number: z.string().check(z.trim()),
    company_id: z.string(),
  })
  .check(
    z.refine((v) => v.person_type !== 'juridica' || v.company !== '', { message: 'validation.required', path: ['company'] }),
  );

type Values = z.infer<typeof partySchema>;
const FIELDS = [
  'name',
  'company',
  'email',
  'phone',
  'city',
  'address',
  'note',
  'person_type',
  'document_type',
  'document_number',
  'company_id',
] as const;

function initialValues(record: Party | null): Values {
  return {
    name: record?.name ?? '',
    company: record?.company ?? '',
    email: record?.email ?? '',
    phone: record?.phone ?? '',
    city: record?.city ?? '',
    address: record?.address ?? '',
    note: record?.note ?? '',
    person_type: record?.person_type ?? 'natural',
    declarante: record?.declarante ?? false,
    iva_responsible: record?.iva_responsible ?? false,
    gran_contribuyente: record?.gran_contribuyente ?? false,
    autorretenedor: record?.autorretenedor ?? false,
    document_type: record?.document_type ?? 'CC',
    document_number: record ? record.document_number + (record.verification_digit ? `-${record.verification_digit}` : '') : '',
    company_id: '',
  };
}

/** Props of PartyForm. */
export interface PartyFormProps {
  basePath: PartyPath;
  /** 'customer' or 'supplier': the key prefix of the texts. */
  kind: 'customer' | 'supplier';
  record: Party | null;
  onClose: () => void;
}

/** The customer/supplier form dialog. */
export function PartyForm({ basePath, kind, record, onClose }: PartyFormProps) {
  const { t } = useTranslation('people');
  const fieldError = useFieldError();
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const save = useSaveResource(basePath);
  const entity = t(`${kind}.entity`);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(partySchema), defaultValues: initialValues(record) });

  const submit = handleSubmit(async (values) => {
    const { company_id: companyId, ...rest } = values;
    const body: PartyInput = { ...rest, ...(companyId ? { company_id: Number(companyId) } : {}) };
    const ok = await submitForm({
      save: () => save.mutateAsync({ id: record?.id, body }),
      setError,
      fields: FIELDS,
      savedTitle: t('list:saved', { entity }),
      failedTitle: t('list:saveFailed', { entity }),
    });
    if (ok) onClose();
  });

  const juridica = watch('person_type') === 'juridica';

  return (
    <FormDialog
      open
      size="lg"
      title={record ? t(`${kind}.editTitle`) : t(`${kind}.addTitle`)}
      onClose={onClose}
      onSubmit={submit}
      saving={save.isPending}
      testId={`${kind}-form`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={<RequiredLabel>{t('fields.name')}</RequiredLabel>} aria-required autoFocus error={fieldError(errors.name?.message)} data-testid="field-name" {...register('name')} />
        <TextField
          label={juridica ? <RequiredLabel>{t('fields.company')}</RequiredLabel> : t('fields.company')}
          aria-required={juridica || undefined}
          error={fieldError(errors.company?.message)}
          data-testid="field-company"
          {...register('company')}
        />
        <TextField label={t('fields.email')} type="email" error={fieldError(errors.email?.message)} data-testid="field-email" {...register('email')} />
        <TextField label={t('fields.phone')} type="tel" error={fieldError(errors.phone?.message)} data-testid="field-phone" {...register('phone')} />
        <TextField label={t('fields.city')} error={fieldError(errors.city?.message)} data-testid="field-city" {...register('city')} />
        <TextField label={t('fields.address')} error={fieldError(errors.address?.message)} data-testid="field-address" {...register('address')} />
        {isAdmin && record === null && (
          <FormRecordPicker<Values, '/api/companies'>
            name="company_id"
            control={control}
            label={t('fields.tenant')}
            source={COMPANIES}
            placeholder={t('fields.ownCompany')}
            error={fieldError(errors.company_id?.message)}
            testId="field-company-id"
          />
        )}
      </div>
      <fieldset className="space-y-3 rounded-md border border-line p-4">
        <legend className="px-1 text-sm font-medium">{t('tax.title')}</legend>
        {/* Two columns, not three: a closed select shows its option whole ("CC – Cédula de ciudadanía",
            "Legal entity (jurídica)"), which a third of the dialog cuts. */}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={<RequiredLabel>{t('tax.personType')}</RequiredLabel>}
            options={[
              { value: 'natural', label: t('tax.natural') },
              { value: 'juridica', label: t('tax.juridica') },
            ]}
            error={fieldError(errors.person_type?.message)}
            data-testid="field-person-type"
            {...register('person_type')}
          />
          <SelectField
            label={<RequiredLabel>{t('tax.documentType')}</RequiredLabel>}
            options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`tax.documents.${d}`) }))}
            error={fieldError(errors.document_type?.message)}
            data-testid="field-document-type"
            {...register('document_type')}
          />
          <TextField
            label={t('tax.documentNumber')}
            hint={t('tax.documentHint')}
            error={fieldError(errors.document_number?.message)}
            data-testid="field-document-number"
            {...register('document_number')}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <CheckboxField label={t('tax.declarante')} description={t('tax.declaranteHelp')} data-testid="field-declarante" {...register('declarante')} />
          <CheckboxField label={t('tax.ivaResponsible')} data-testid="field-iva-responsible" {...register('iva_responsible')} />
          <CheckboxField label={t('tax.granContribuyente')} data-testid="field-gran-contribuyente" {...register('gran_contribuyente')} />
          <CheckboxField label={t('tax.autorretenedor')} description={t('tax.autorretenedorHelp')} data-testid="field-autorretenedor" {...register('autorretenedor')} />
        </div>
      </fieldset>
      <TextAreaField label={t('fields.note')} rows={3} error={fieldError(errors.note?.message)} data-testid="field-note" {...register('note')} />
    </FormDialog>
  );
}
