/**
 * /concurrent_payments/form: one run of payments across many open documents. Choose the type
 * (suppliers' purchases or customers' sales), pick one or several parties, tick their open
 * documents — each with the amount to pay, starting at what it may still take — and give the
 * run one date, reference number, method, note and proof image; the run's total follows live.
 *
 * Saving posts the run with an Idempotency-Key (api/record-run): every payment in one
 * transaction, all or none. A document over its balance refuses the whole run and the message
 * lands on that document's amount; nothing is stored. A recorded run is one batch (LOTE-…) in
 * the payments lists.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { get, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AttachmentsField, DocumentForm, FormSelect, TotalsPanel, useDocumentSubmit, useFieldMessage } from '@/components/document-form';
import { formatCop } from '@/components/form/money';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth/store';
import { serverFieldErrors } from '@/lib/form-errors';
import { PAYMENT_TYPES } from '../api/list-payments';
import { useOpenDocuments, type OpenDocument } from '../api/list-open-documents';
import { useRecordRun } from '../api/record-run';
import { PartyPicker } from '../components/party-picker';
import { PaymentHeaderFields } from '../components/payment-header-fields';
import { RunDocuments } from '../components/run-documents';
import { documentOfField, isUnticked, itemsFor, newRun, runBody, runSchema, runTotal, type RunValues } from '../components/run-form-model';

/** Route element of /concurrent_payments/form. */
export function ConcurrentPaymentsPage() {
  const { t } = useTranslation('payments');
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const record = useRecordRun();
  const form = useForm<RunValues>({ resolver: zodResolver(runSchema), defaultValues: newRun() });
  const [type, parties] = useWatch({ control: form.control, name: ['type', 'parties'] });
  const docs = useOpenDocuments(type, parties.map((p) => p.id));
  const [round, setRound] = useState(0);

  // One item per open document, in step with the parties chosen (kept while their list reloads).
  useEffect(() => {
    if (parties.length === 0) form.setValue('items', []);
    else if (docs.data) form.setValue('items', itemsFor(docs.data, form.getValues('items')));
  }, [docs.data, parties.length, round, form]);

  const submit = useDocumentSubmit({
    form,
    ns: 'payments',
    save: (values: RunValues) => record.mutateAsync({ body: runBody(values), image: values.image.files[0] }),
    onSaved: () => {
      form.reset({ ...newRun(form.getValues('type')), parties: form.getValues('parties') });
      setRound((n) => n + 1);
    },
    savedTitle: isAdmin ? t('run.created') : t('run.createdPending'),
    savedDescription: (run) => t('run.saved', { number: run.number, count: run.payments?.length ?? 0, amount: formatCop(run.total_cents) }),
    failedTitle: t('run.createFailed'),
    // The refusal names its document: 'FE-01203: The payment exceeds the balance due ($ …).'
    failedDescription: (error, text, values) => {
      const named = serverFieldErrors(error).find((e) => documentOfField(e.path, values.items) !== undefined);
      const doc = named && docs.data?.find((d) => d.id === documentOfField(named.path, values.items));
      return doc ? `${doc.number}: ${named.message}` : text;
    },
    lines: { name: 'items', isBlank: isUnticked },
  });

  return (
    <DocumentForm
      form={form}
      ns="payments"
      onSubmit={submit.onSubmit}
      onInvalid={submit.onInvalid}
      title={t('run.title')}
      testId="run-form"
      cancelTo="/payment/pending"
      submitLabel={t('run.save')}
      aside={<RunTotal />}
    >
      <Card className="space-y-4 p-4">
        <FormSelect<RunValues>
          name="type"
          required
          label={t('run.pay')}
          options={PAYMENT_TYPES.map((v) => ({ value: v, label: t(`run.type_${v}`) }))}
          onChange={() => {
            form.setValue('parties', []);
            form.setValue('items', []);
          }}
          wrapperClassName="sm:max-w-xs"
          testId="field-type"
        />
        <PartyPicker key={type} type={type} />
      </Card>
      <Card className="space-y-3 p-4">
        <h2 className="text-lg font-medium">{t('run.documents')}</h2>
        <RunDocumentsState docs={docs.data} loading={docs.isLoading} />
      </Card>
      <Card className="space-y-4 p-4">
        <h2 className="text-lg font-medium">{t('run.details')}</h2>
        <PaymentHeaderFields<RunValues> />
        <AttachmentsField<RunValues> name="image" max={1} label={t('run.image')} />
      </Card>
    </DocumentForm>
  );
}

/** The documents, or what to do to get some, and the message of the list as a whole. */
function RunDocumentsState({ docs, loading }: { docs: OpenDocument[] | undefined; loading: boolean }) {
  const { t } = useTranslation('payments');
  const { formState } = useFormContext<RunValues>();
  const message = useFieldMessage();
  const [type, parties] = useWatch<RunValues, ['type', 'parties']>({ name: ['type', 'parties'] });
  const listError = get(formState.errors, 'items') as { message?: string; root?: { message?: string } } | undefined;
  const text = message(listError?.root?.message ?? listError?.message);
  let body;
  if (parties.length === 0) body = <p className="text-sm text-muted">{t(`run.noParties_${type}`)}</p>;
  else if (loading || !docs) body = <LoadingState />;
  else if (docs.length === 0) body = <p className="text-sm text-muted" data-testid="run-no-documents">{t(`run.noDocuments_${type}`)}</p>;
  else body = <RunDocuments docs={docs} />;
  return (
    <>
      {body}
      {text && (
        <p className="text-sm text-danger" role="alert" data-testid="items-error">
          {text}
        </p>
      )}
    </>
  );
}

/** The run's total, live: the sum of the ticked amounts. */
function RunTotal() {
  const { t } = useTranslation('payments');
  const items = useWatch<RunValues, 'items'>({ name: 'items' });
  const count = items.filter((it) => !isUnticked(it)).length;
  return <TotalsPanel title={t('run.total')} hasTotals testId="run-totals" rows={[{ label: t('run.count', { count }), cents: runTotal(items), testId: 'run-total', strong: true }]} />;
}
