/**
 * /advanced_delete/form (admin and user, spec §2/§6): archive many records at once.
 *
 * 1. Pick a kind (purchases, sales, payments, returns, purchase orders, received orders;
 *    customers, suppliers, products, categories) and a filter — date range, and what the kind
 *    takes (KIND_FILTERS): supplier or customer, store, approval status, category
 *    (administrators also a company) — then Preview: how many records, their total, what goes
 *    along with them (a purchase's payments and returns), and what cannot go and why (an order
 *    already invoiced, a customer with sales, a product with stock). Nothing is deleted.
 *    Unticking records narrows the selection to the ticked ones
 *    (preview again to see the new figures).
 * 2. Send code: a 6-digit code reaches the signed-in user's e-mail, bound to that exact preview
 *    (a changed selection needs a new code).
 * 3. Code and reason (required), Verify: the records are archived in one transaction; an
 *    administrator can restore the batch from /archive within 30 days.
 *
 * The server decides everything (roles, companies, the code's rules); its messages are shown in
 * the user's language ('Verification failed', 'Failed to send verification code.').
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page-title';
import { useAuthStore } from '@/lib/auth/store';
import { failureText } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
  ARCHIVE_KINDS,
  KIND_FILTERS,
  KIND_PARTY,
  usePreview,
  useSendCode,
  useVerify,
  type ArchiveFilter,
  type ArchiveKind,
  type ArchivePreview,
  type ArchiveSelection,
} from '../api/advanced-delete';
import { CategorySelect, CompanySelect, PartySelect, StoreSelect } from '../components/filter-selects';
import { howMany } from '../components/how-many';
import { PreviewCard } from '../components/preview-card';

interface Filter {
  kind: ArchiveKind;
  companyId: string;
  from: string;
  to: string;
  partyId: string;
  storeId: string;
  status: string;
  categoryId: string;
}

const emptyFilter = (kind: ArchiveKind = 'purchases'): Filter => ({ kind, companyId: '', from: '', to: '', partyId: '', storeId: '', status: '', categoryId: '' });

/** The body of a filter, or of the ticked records when some were unticked. */
function selectionOf(f: Filter, picked: number[] | null): ArchiveSelection {
  const base: ArchiveSelection = { kind: f.kind };
  if (f.companyId) base.company_id = Number(f.companyId);
  if (picked) return { ...base, ids: picked };
  return {
    ...base,
    ...(f.from && { from: f.from }),
    ...(f.to && { to: f.to }),
    ...(f.partyId && { party_id: Number(f.partyId) }),
    ...(f.storeId && { store_id: Number(f.storeId) }),
    ...(f.status && { status: f.status as ArchiveSelection['status'] }),
    ...(f.categoryId && { category_id: Number(f.categoryId) }),
  };
}

/** Route element of /advanced_delete/form. */
export function AdvancedDeletePage() {
  const { t, i18n } = useTranslation('archive');
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const [filter, setFilter] = useState<Filter>(emptyFilter);
  // The ticked records of the preview (null: the filter as is).
  const [picked, setPicked] = useState<number[] | null>(null);
  // The selection the shown preview and the sent code are for.
  const [shown, setShown] = useState<{ body: ArchiveSelection; preview: ArchivePreview } | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const preview = usePreview();
  const sendCode = useSendCode();
  const verify = useVerify();

  const current = selectionOf(filter, picked);
  const takes = (f: ArchiveFilter) => KIND_FILTERS[filter.kind].includes(f);
  const stale = !shown || JSON.stringify(shown.body) !== JSON.stringify(current);

  const change = (patch: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPicked(null);
    setCodeSent(false);
  };

  const runPreview = async (e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    try {
      const p = await preview.mutateAsync(current);
      setShown({ body: current, preview: p });
      setCodeSent(false);
    } catch (err) {
      setError(failureText(err) ?? t('previewFailed'));
    }
  };

  const send = async () => {
    if (!shown) return;
    setError(null);
    try {
      await sendCode.mutateAsync({ body: shown.body, language: i18n.language });
      setCodeSent(true);
      setCode('');
      toast.success(t('codeSent'), t('codeSentHelp'));
    } catch (err) {
      setError(failureText(err) ?? t('sendFailed'));
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!shown) return;
    setError(null);
    try {
      const batch = await verify.mutateAsync({ ...shown.body, code: code.trim(), reason: reason.trim() });
      toast.success(t('archived'), t('archivedHelp', { count: batch.record_count, what: howMany(t, batch.record_count, batch.total_cents) }));
      setShown(null);
      setPicked(null);
      setCodeSent(false);
      setCode('');
      setReason('');
    } catch (err) {
      setError(failureText(err) ?? t('verifyFailed'));
    }
  };

  const toggle = (id: number, on: boolean) => {
    const all = (shown?.preview.records ?? []).filter((r) => !r.blocked).map((r) => r.id) ?? [];
    const base = picked ?? all;
    const next = on ? [...base, id].sort((a, b) => a - b) : base.filter((x) => x !== id);
    setPicked(next.length === all.length && all.every((x) => next.includes(x)) ? null : next);
    setCodeSent(false);
  };

  return (
    <div className="space-y-6" data-testid="advanced-delete-page">
      <PageTitle>{t('title')}</PageTitle>
      <p className="text-sm text-muted">{t('intro')}</p>
      <form onSubmit={runPreview} className="space-y-4">
        <Card className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField
            label={t('kind')}
            value={filter.kind}
            onChange={(e) => change({ ...emptyFilter(e.target.value as ArchiveKind), companyId: filter.companyId })}
            options={ARCHIVE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            data-testid="field-kind"
          />
          {isAdmin && <CompanySelect value={filter.companyId} onChange={(v) => change({ companyId: v })} />}
          <DateField label={t('from')} value={filter.from} onChange={(v) => change({ from: v })} data-testid="field-from" />
          <DateField label={t('to')} value={filter.to} onChange={(v) => change({ to: v })} data-testid="field-to" />
          {takes('party') && <PartySelect party={KIND_PARTY[filter.kind] ?? 'suppliers'} value={filter.partyId} onChange={(v) => change({ partyId: v })} />}
          {takes('store') && <StoreSelect value={filter.storeId} onChange={(v) => change({ storeId: v })} />}
          {takes('category') && <CategorySelect value={filter.categoryId} onChange={(v) => change({ categoryId: v })} />}
          {takes('status') && (
            <SelectField
              label={t('status')}
              value={filter.status}
              onChange={(e) => change({ status: e.target.value })}
              options={[{ value: '', label: t('any') }, ...['pending', 'approved', 'rejected'].map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
              data-testid="field-status"
            />
          )}
        </Card>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={preview.isPending} data-testid="preview">
            {t('preview')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => { change(emptyFilter(filter.kind)); setShown(null); }}>
            {t('clear')}
          </Button>
        </div>
      </form>

      {error && (
        <Alert testId="advanced-delete-error">{error}</Alert>
      )}

      {shown && <PreviewCard preview={shown.preview} picked={picked} onToggle={toggle} />}

      {shown && stale && <Alert tone="info">{t('stale')}</Alert>}

      {shown && !stale && shown.preview.count > 0 && (
        <Card className="space-y-4 p-4">
          <h2 className="text-lg font-medium">{t('confirm')}</h2>
          <p className="text-sm text-muted">{t('confirmHelp')}</p>
          <Button type="button" variant={codeSent ? 'secondary' : 'primary'} busy={sendCode.isPending} onClick={() => void send()} data-testid="send-code">
            {codeSent ? t('resend') : t('sendCode')}
          </Button>
          {codeSent && (
            <form onSubmit={confirm} className="grid gap-4 sm:grid-cols-2" data-testid="verify-form">
              <TextField
                label={t('code')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                data-testid="field-code"
              />
              <TextAreaField
                label={t('reason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={500}
                required
                wrapperClassName="sm:col-span-2"
                data-testid="field-reason"
              />
              <div className="sm:col-span-2">
                <Button type="submit" variant="danger" busy={verify.isPending} data-testid="verify">
                  {t('verify', { count: shown.preview.count })}
                </Button>
              </div>
            </form>
          )}
        </Card>
      )}
    </div>
  );
}
