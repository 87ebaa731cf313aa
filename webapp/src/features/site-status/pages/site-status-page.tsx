/**
 * /setting/site_status: admins disable the site or all domains and set the secretary's disable
 * windows. Users may open the page too (spec §6) and see the same facts read-only, from the
 * public endpoints (GET /api/site_setting is admin-only: it answered them an error before).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField, TextField } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page-title';
import { LoadingState } from '@/components/ui/spinner';
import { applyFieldErrors, failureText } from '@/lib/form-errors';
import { useAuthStore } from '@/lib/auth/store';
import { fetchSiteStatus, useSiteStatusStore } from '@/lib/site-status';
import { toast } from '@/lib/toast';
import { useSaveSiteSettings, useSiteSettings, type SiteSettings } from '../api/site-settings';
import { usePublicSiteStatus } from '../api/site-status-public';

const time = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'status.timeFormat'));

const schema = z.object({
  disable_site: z.boolean(),
  disable_all_domains: z.boolean(),
  disable_times: z.array(z.object({ start: time, end: time })),
});

type FormValues = z.infer<typeof schema>;

/** The site status settings page. */
export function SiteStatusPage() {
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return isAdmin ? <SiteStatusEditor /> : <SiteStatusReadOnly />;
}

/** What a non-admin sees: the status and the windows, and who can change them. */
function SiteStatusReadOnly() {
  const { t } = useTranslation('site');
  const status = usePublicSiteStatus();
  return (
    <div className="space-y-6" data-testid="site-status-readonly">
      <PageTitle>{t('status.title')}</PageTitle>
      <Alert tone="info">{t('status.readOnly')}</Alert>
      {status.isPending && <LoadingState />}
      {status.isError && (
        <div className="space-y-3">
          <Alert>{failureText(status.error) ?? t('status.loadFailed')}</Alert>
          <Button variant="secondary" onClick={() => void status.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      )}
      {status.data && (
        <>
          <Card className="space-y-2">
            <h2 className="text-lg font-medium">{t('status.general')}</h2>
            <p data-testid="site-status-value" data-status={status.data.status}>
              {t(status.data.status === 'disabled' ? 'status.isDisabled' : 'status.isEnabled')}
            </p>
          </Card>
          <Card className="space-y-2">
            <h2 className="text-lg font-medium">{t('status.windows')}</h2>
            <p className="text-sm text-muted">{t('status.windowsHelp')}</p>
            {status.data.windows.length === 0 ? (
              <p className="text-sm text-muted">{t('status.noWindows')}</p>
            ) : (
              <ul className="list-inside list-disc text-sm tabular-nums" data-testid="site-status-windows">
                {status.data.windows.map((w, i) => (
                  <li key={i}>
                    {w.start}–{w.end}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}

function SiteStatusEditor() {
  const { t } = useTranslation('site');
  const settings = useSiteSettings();
  return (
    <div className="space-y-6">
      <PageTitle>{t('status.title')}</PageTitle>
      {settings.isPending && <LoadingState />}
      {settings.isError && (
        <div className="space-y-3">
          <Alert>{failureText(settings.error) ?? t('status.loadFailed')}</Alert>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      )}
      {settings.data && <SiteStatusForm initial={settings.data} />}
    </div>
  );
}

function SiteStatusForm({ initial }: { initial: SiteSettings }) {
  const { t } = useTranslation('site');
  const save = useSaveSiteSettings();
  const setStatus = useSiteStatusStore((s) => s.setStatus);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: initial });
  const windows = useFieldArray({ control, name: 'disable_times' });

  useEffect(() => reset(initial), [initial, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(saved);
      toast.success(t('status.saved'));
      // The server decides what the flags mean for the site status; once it says 'disabled', the
      // root layout sends the app to /disabled (spec §2) like any other page.
      fetchSiteStatus().then(setStatus, () => undefined);
    } catch (error) {
      applyFieldErrors(error, setError, ['disable_site', 'disable_all_domains', 'disable_times']);
      toast.error(t('status.saveFailed'), failureText(error));
    }
  });

  const fieldMessage = (message?: string) => (message ? t(message, { defaultValue: message }) : undefined);

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <Card className="space-y-4">
        <h2 className="text-lg font-medium">{t('status.general')}</h2>
        <CheckboxField label={t('status.disableSite')} description={t('status.disableSiteHelp')} {...register('disable_site')} />
        <CheckboxField
          label={t('status.disableAllDomains')}
          description={t('status.disableAllDomainsHelp')}
          {...register('disable_all_domains')}
        />
      </Card>
      <Card className="space-y-4">
        <div>
          <h2 className="text-lg font-medium">{t('status.windows')}</h2>
          <p className="text-sm text-muted">{t('status.windowsHelp')}</p>
        </div>
        {windows.fields.length === 0 && <p className="text-sm text-muted">{t('status.noWindows')}</p>}
        <ul className="space-y-3">
          {windows.fields.map((field, index) => (
            <li key={field.id} className="flex flex-wrap items-end gap-3" data-testid="disable-window">
              <TextField
                // Text, not type=time: the browser would show its own 12-hour clock; the rule is 24-hour HH:MM.
                type="text"
                inputMode="numeric"
                placeholder="HH:MM"
                maxLength={5}
                label={t('status.start', { n: index + 1 })}
                wrapperClassName="w-40"
                error={fieldMessage(errors.disable_times?.[index]?.start?.message)}
                {...register(`disable_times.${index}.start`)}
              />
              <TextField
                // Text, not type=time: the browser would show its own 12-hour clock; the rule is 24-hour HH:MM.
                type="text"
                inputMode="numeric"
                placeholder="HH:MM"
                maxLength={5}
                label={t('status.end', { n: index + 1 })}
                wrapperClassName="w-40"
                error={fieldMessage(errors.disable_times?.[index]?.end?.message)}
                {...register(`disable_times.${index}.end`)}
              />
              <Button variant="secondary" onClick={() => windows.remove(index)} aria-label={t('status.removeWindow', { n: index + 1 })}>
                {t('status.remove')}
              </Button>
            </li>
          ))}
        </ul>
        {errors.disable_times?.message && <Alert>{fieldMessage(errors.disable_times.message)}</Alert>}
        <Button variant="secondary" onClick={() => windows.append({ start: '22:00', end: '06:00' })}>
          {t('status.addWindow')}
        </Button>
      </Card>
      <div className="flex gap-3">
        <Button type="submit" busy={save.isPending}>
          {t('common:actions.save')}
        </Button>
        <Button variant="ghost" disabled={!isDirty} onClick={() => reset(initial)}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
