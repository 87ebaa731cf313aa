/** /settings/ip_restriction: the addresses this account may sign in from. */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { LoadingState } from '@/components/ui/spinner';
import { applyFieldErrors, failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useIpRestriction, useSaveIpRestriction } from '../api/ip-restriction';

interface Values {
  ip_address: string;
}

/** Normalizes the list: one comma-separated line, no empty entries. */
export function normalizeIpList(text: string): string {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .join(', ');
}

/** The IP restriction tab. */
export function IpRestrictionTab() {
  const { t } = useTranslation('settings');
  const restriction = useIpRestriction();
  const save = useSaveIpRestriction();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { ip_address: '' } });

  useEffect(() => {
    if (restriction.data) reset({ ip_address: restriction.data.ip_address });
  }, [restriction.data, reset]);

  const submit = handleSubmit(async ({ ip_address }) => {
    try {
      await save.mutateAsync(normalizeIpList(ip_address));
      toast.success(t('ip.saved'));
    } catch (error) {
      applyFieldErrors(error, setError, ['ip_address']);
      toast.error(t('ip.failed'), failureText(error));
    }
  });

  if (restriction.isPending) return <LoadingState />;
  if (restriction.isError) {
    return (
      <div className="space-y-3">
        <Alert>{failureText(restriction.error) ?? t('ip.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void restriction.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }

  const current = restriction.data.current_ip;
  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-4">
      <h2 className="text-lg font-medium">{t('ip.title')}</h2>
      <p className="text-sm">
        {t('ip.current')}: <span data-testid="current-ip" className="font-mono font-medium">{current}</span>
      </p>
      <TextAreaField
        label={t('ip.list')}
        hint={t('ip.help')}
        rows={4}
        spellCheck={false}
        className="font-mono"
        error={errors.ip_address?.message}
        {...register('ip_address')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={save.isPending}>
          {t('common:actions.save')}
        </Button>
        <Button
          variant="secondary"
          onClick={(event) => {
            const field = event.currentTarget.form?.elements.namedItem('ip_address') as HTMLTextAreaElement | null;
            const list = normalizeIpList(field?.value ?? '');
            if (!list.split(', ').includes(current)) {
              setValue('ip_address', list ? `${list}, ${current}` : current, { shouldDirty: true });
            }
          }}
        >
          {t('ip.addCurrent')}
        </Button>
      </div>
    </form>
  );
}
