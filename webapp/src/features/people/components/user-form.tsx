/**
 * Add/edit form of a user (admins): identity, company, role, active, allowed IP addresses,
 * Google Authenticator, and a password with confirmation (required on create, optional on edit).
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
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { ROLES } from '@/lib/auth/types';
import { USERS_PATH, type ManagedUser, type UserInput } from '../api/users';

const passwordRule = (v: string) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /[^A-Za-z0-9]/.test(v);

/** The user form's rules; `creating` makes the password required. */
export function userSchema(creating: boolean) {
  return z
    .object({
      username: z.string().check(z.trim(), z.minLength(1, 'validation.required')),
      first_name: z.string().check(z.trim(), z.minLength(1, 'validation.required')),
      last_name: z.string().check(z.trim()),
      email: z.string().check(z.trim(), z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'validation.email')),
      phone: z.string().check(z.trim()),
      company_id: z.string().check(z.minLength(1, 'validation.required')),
      role: z.enum(['admin', 'secretary', 'user', 'buyer']),
      active: z.boolean(),
      ip_address: z.string().check(z.trim()),
      enable_google2fa: z.boolean(),
      password: z.string(),
      password_confirmation: z.string(),
    })
    .check(
      z.refine((v) => !creating || v.password !== '', { message: 'validation.required', path: ['password'] }),
      z.refine((v) => v.password === '' || v.password.length >= 8, { message: 'validation.passwordMin', path: ['password'] }),
      z.refine((v) => v.password === '' || passwordRule(v.password), { message: 'validation.passwordComplexity', path: ['password'] }),
      z.refine((v) => v.password === v.password_confirmation, { message: 'validation.passwordsMismatch', path: ['password_confirmation'] }),
    );
}

type Values = z.infer<ReturnType<typeof userSchema>>;
const FIELDS = [
  'username',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company_id',
  'role',
  'active',
  'ip_address',
  'enable_google2fa',
  'password',
  'password_confirmation',
] as const;

/** The user form dialog. */
export function UserForm({ record, onClose }: { record: ManagedUser | null; onClose: () => void }) {
  const { t } = useTranslation('people');
  const fieldError = useFieldError();
  const save = useSaveResource(USERS_PATH);
  const creating = record === null;
  const entity = t('user.entity');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(userSchema(creating)),
    defaultValues: {
      username: record?.username ?? '',
      first_name: record?.first_name ?? '',
      last_name: record?.last_name ?? '',
      email: record?.email ?? '',
      phone: record?.phone ?? '',
      company_id: record ? String(record.company_id) : '',
      role: record?.role ?? 'user',
      active: record?.active ?? true,
      ip_address: record?.ip_address ?? '',
      enable_google2fa: record?.enable_google2fa ?? false,
      password: '',
      password_confirmation: '',
    },
  });

  const submit = handleSubmit(async ({ password, password_confirmation: confirmation, company_id: companyId, ...rest }) => {
    const body: UserInput = { ...rest, company_id: Number(companyId), ...(password ? { password, password_confirmation: confirmation } : {}) };
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
    <FormDialog open size="lg" title={creating ? t('user.addTitle') : t('user.editTitle')} onClose={onClose} onSubmit={submit} saving={save.isPending} testId="user-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={<RequiredLabel>{t('user.username')}</RequiredLabel>} aria-required autoFocus autoComplete="off" error={fieldError(errors.username?.message)} data-testid="field-username" {...register('username')} />
        <FormRecordPicker<Values, '/api/companies'>
          name="company_id"
          control={control}
          required
          label={t('user.company')}
          source={COMPANIES}
          placeholder={t('user.chooseCompany')}
          known={record ? { value: String(record.company_id), label: record.company_name } : undefined}
          error={fieldError(errors.company_id?.message)}
          testId="field-company-id"
        />
        <TextField label={<RequiredLabel>{t('user.firstName')}</RequiredLabel>} aria-required error={fieldError(errors.first_name?.message)} data-testid="field-first-name" {...register('first_name')} />
        <TextField label={t('user.lastName')} error={fieldError(errors.last_name?.message)} data-testid="field-last-name" {...register('last_name')} />
        <TextField label={t('fields.email')} type="email" error={fieldError(errors.email?.message)} data-testid="field-email" {...register('email')} />
        <TextField label={t('fields.phone')} type="tel" error={fieldError(errors.phone?.message)} data-testid="field-phone" {...register('phone')} />
        <SelectField
          label={<RequiredLabel>{t('user.role')}</RequiredLabel>}
          options={ROLES.map((r) => ({ value: r, label: t(`layout:roles.${r}`) }))}
          error={fieldError(errors.role?.message)}
          data-testid="field-role"
          {...register('role')}
        />
        <TextField label={t('user.ipAddress')} hint={t('user.ipHint')} error={fieldError(errors.ip_address?.message)} data-testid="field-ip-address" {...register('ip_address')} />
        <PasswordField
          label={creating ? <RequiredLabel>{t('user.password')}</RequiredLabel> : t('user.password')}
          aria-required={creating || undefined}
          autoComplete="new-password"
          hint={creating ? t('user.passwordRule') : t('user.passwordKeep')}
          error={fieldError(errors.password?.message)}
          data-testid="field-password"
          {...register('password')}
        />
        <PasswordField
          label={creating ? <RequiredLabel>{t('user.passwordConfirmation')}</RequiredLabel> : t('user.passwordConfirmation')}
          aria-required={creating || undefined}
          autoComplete="new-password"
          error={fieldError(errors.password_confirmation?.message)}
          data-testid="field-password-confirmation"
          {...register('password_confirmation')}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <CheckboxField label={t('user.active')} data-testid="field-active" {...register('active')} />
        <CheckboxField label={t('user.google2fa')} description={t('user.google2faHelp')} data-testid="field-google2fa" {...register('enable_google2fa')} />
      </div>
    </FormDialog>
  );
}
