/**
 * The frame of a document form (purchase, purchase order, receipt; next sales, payments and
 * returns): the page title with the record's badges and approval actions, the rejection's reason,
 * notices (read-only), the form-wide server message, the body (header fields, lines, attachments) and,
 * when the document has totals, a side column that stays in view on wide screens with the totals
 * over Cancel and Save. Every control sits in one fieldset, disabled when the record cannot be
 * edited. While saving only Save is disabled (which also stops Enter from saving twice): the
 * controls keep the focus, so a failed save can move it to the first field the server named.
 *
 * How a feature uses the kit (see features/purchasing/pages/purchase-form-page.tsx):
 *   const form = useForm<V>({ resolver: zodResolver(schema), defaultValues });
 *   const submit = useDocumentSubmit({ form, ns, save, onSaved, savedTitle, failedTitle, lines });
 *   <DocumentForm form={form} ns=… onSubmit={submit.onSubmit} onInvalid={submit.onInvalid} aside={<TotalsPanel …/>}>
 *     <Card><FormText name="reference_no" …/>…</Card>
 *     <LinesField name="lines" columns={…} enterColumn="quantity" …/>
 *     <AttachmentsField name="attachment" …/>
 *   </DocumentForm>
 */
import type { ReactNode } from 'react';
import { FormProvider, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { PageTitle } from '@/components/ui/page-title';
import { DocumentFormContext } from './form-context';
import { MissingUvt } from './missing-uvt';
import { RejectedBanner } from './rejected-banner';

/** Props of DocumentForm. */
export interface DocumentFormProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** i18n namespace of the schema's `validation.*` message keys. */
  ns: string;
  onSubmit: (values: T) => Promise<void> | void;
  onInvalid?: (errors: FieldErrors<T>) => void;
  title: string;
  /** The document's number as it appears in the title: kept on one line when it fits (never PO-/000004). */
  titleCode?: string;
  /** Under the title: status badges, dates, where the document came from. */
  meta?: ReactNode;
  /** Beside the title: approve / reject. */
  actions?: ReactNode;
  /** Over the body: why the record is read-only, where it came from. */
  notices?: ReactNode;
  /**
   * The document was rejected: the administrator's reason is shown over the body and, while it
   * can be edited, Save says "Save and send again" (the server puts an edited rejected document
   * back to pending). `next` replaces the banner's "correct it and save" where that is not the
   * way forward (a rejected receipt is received again instead).
   */
  rejection?: { reason?: string; next?: string };
  /** false: the controls are disabled and there is no Save. */
  editable?: boolean;
  /** The side column (totals); without it the form is one narrow column. */
  aside?: ReactNode;
  /** Where Cancel goes. */
  cancelTo: string;
  /** Save's label when it does more than save (e.g. "Save and send again"). */
  submitLabel?: string;
  testId?: string;
  children: ReactNode;
}

/** The document form frame. */
export function DocumentForm<T extends FieldValues>(props: DocumentFormProps<T>) {
  const { form, ns, title, titleCode, meta, actions, notices, rejection, editable = true, aside, cancelTo, testId, children } = props;
  const { t } = useTranslation('common');
  const submitLabel = props.submitLabel ?? (rejection ? t('documentForm.sendAgain') : undefined);
  const saving = form.formState.isSubmitting;
  const serverMessage = form.formState.errors.root?.server?.message;
  const uvtYear = form.formState.errors.root?.uvt?.message;
  const buttons = (
    <div className="flex flex-wrap gap-2">
      <Link to={cancelTo} className="inline-flex items-center justify-center rounded-md border border-line bg-card px-4 py-2 text-sm font-medium hover:bg-hover" data-testid="form-cancel">
        {t('actions.cancel')}
      </Link>
      {editable && (
        <Button type="submit" busy={saving} data-testid="form-submit">
          {submitLabel ?? t('actions.save')}
        </Button>
      )}
    </div>
  );
  return (
    <DocumentFormContext.Provider value={{ ns }}>
      <FormProvider {...form}>
        <form
          noValidate
          className={cn('space-y-4', !aside && 'max-w-2xl')}
          data-testid={testId}
          onSubmit={(event) => {
            if (!editable) return event.preventDefault();
            void form.handleSubmit(props.onSubmit, props.onInvalid)(event);
          }}
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <PageTitle documentTitle={title} className="break-words">
                <TitleText title={title} code={titleCode} />
              </PageTitle>
              {meta && <div className="flex flex-wrap items-center gap-2 text-sm text-muted">{meta}</div>}
            </div>
            {actions && <div className="flex gap-1">{actions}</div>}
          </div>
          {rejection && <RejectedBanner reason={rejection.reason} next={rejection.next} />}
          {notices}
          {serverMessage && <Alert testId="form-error">{serverMessage}</Alert>}
          {uvtYear && (
            <Alert testId="form-error">
              <MissingUvt year={uvtYear} />
            </Alert>
          )}
          <fieldset disabled={!editable} className={cn('min-w-0', aside ? 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]' : 'space-y-4')}>
            <div className="min-w-0 space-y-4">{children}</div>
            {aside ? (
              <div className="space-y-4 self-start lg:sticky lg:top-20">
                {aside}
                {buttons}
              </div>
            ) : (
              buttons
            )}
          </fieldset>
        </form>
      </FormProvider>
    </DocumentFormContext.Provider>
  );
}

/** The title with its code as one unbreakable piece, unless the code alone is wider than the line. */
function TitleText({ title, code }: { title: string; code?: string }) {
  const at = code ? title.indexOf(code) : -1;
  if (!code || at < 0) return <>{title}</>;
  return (
    <>
      {title.slice(0, at)}
      <span className="inline-block max-w-full break-all">{code}</span>
      {title.slice(at + code.length)}
    </>
  );
}
