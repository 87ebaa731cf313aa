/** The advanced delete's preview: its figures, the records with what goes along, what cannot go. */
import { useTranslation } from 'react-i18next';
import { formatCop } from '@/components/form/money';
import { Card } from '@/components/ui/card';
import { translateServerMessage } from '@/lib/server-messages';
import type { ArchivePreview } from '../api/advanced-delete';

/** The preview: figures, the records with what goes along, and what cannot go and why. */
export function PreviewCard({ preview, picked, onToggle }: { preview: ArchivePreview; picked: number[] | null; onToggle: (id: number, on: boolean) => void }) {
  const { t } = useTranslation('archive');
  if ((preview.records ?? []).length === 0) {
    return (
      <Card className="p-4">
        <p className="text-sm text-muted" data-testid="preview-empty">
          {t('empty')}
        </p>
      </Card>
    );
  }
  return (
    <Card className="space-y-4 p-4" data-testid="preview-card">
      <h2 className="text-lg font-medium">{t('previewTitle')}</h2>
      {/* Master data (customers, products…) carries no amount: the server sends no total, and no money line shows. */}
      <dl className={`grid gap-2 text-sm ${preview.total_cents == null ? 'sm:grid-cols-3' : 'sm:grid-cols-4'}`}>
        <Figure label={t('count')} value={String(preview.count)} testId="preview-count" />
        {preview.total_cents != null && <Figure label={t('total')} value={formatCop(preview.total_cents)} testId="preview-total" />}
        <Figure label={t('dependents')} value={String(preview.dependents)} testId="preview-dependents" />
        <Figure label={t('blocked')} value={String(preview.blocked)} testId="preview-blocked" />
      </dl>
      <ul className="divide-y divide-line rounded border border-line" data-testid="preview-records">
        {(preview.records ?? []).map((r) => (
          <li key={r.id} className="flex flex-wrap items-start gap-3 p-3 text-sm" data-testid="preview-record">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              aria-label={t('pick', { number: r.number })}
              disabled={!!r.blocked}
              checked={!r.blocked && (picked === null || picked.includes(r.id))}
              onChange={(e) => onToggle(r.id, e.target.checked)}
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">
                {r.number}
                {r.party && r.party !== r.number && ` · ${r.party}`}
              </p>
              <p className="text-muted">
                {r.date}
                {/* Master data (customers, products…) carries no amount. */}
                {r.amount_cents !== 0 && (
                  <>
                    {' · '}
                    <span className="tabular-nums">{formatCop(r.amount_cents)}</span>
                  </>
                )}
              </p>
              {(r.dependents ?? []).length > 0 && (
                <p className="text-muted">
                  {t('along')}: {(r.dependents ?? []).map((d) => `${t(`itemKinds.${d.kind}`, { defaultValue: d.kind })} ${d.number} (${formatCop(d.amount_cents)})`).join(', ')}
                </p>
              )}
              {r.blocked && (
                <p className="text-danger" data-testid="preview-blocked-reason">
                  {translateServerMessage(r.blocked)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="text-base font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
