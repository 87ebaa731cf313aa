/**
 * The run's suppliers or customers: the ones chosen, as chips that can be taken away, and a
 * search box over the party list whose matches are checkboxes (tick to add, untick to take
 * away). Bound to the form's `parties`; the open documents follow the choice.
 */
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/components/document-form';
import { TextField } from '@/components/ui/field';
import { LoadingState } from '@/components/ui/spinner';
import { recordDetail, recordName } from '@/components/form/record-picker';
import { PARTY_SOURCES, usePartyChoices } from '../api/payment-choices';
import type { PaymentType } from '../api/list-payments';
import type { RunParty, RunValues } from './run-form-model';

/** The picker of the run's parties. */
export function PartyPicker({ type }: { type: PaymentType }) {
  const { t } = useTranslation('payments');
  const { field } = useController<RunValues, 'parties'>({ name: 'parties' });
  const chosen = field.value;
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 250);
  const matches = usePartyChoices(type, q);
  // By the name shown (the server sorts by the contact's name; a legal entity shows its company's).
  // Each with its document, which tells apart two parties of the same name (as the pickers do).
  const options = (matches.data?.data ?? [])
    .map((p) => ({ party: { id: p.id, name: recordName(p) }, detail: recordDetail(PARTY_SOURCES[type], p, t) }))
    .sort((a, b) => a.party.name.localeCompare(b.party.name));
  const toggle = (party: RunParty) =>
    field.onChange(chosen.some((p) => p.id === party.id) ? chosen.filter((p) => p.id !== party.id) : [...chosen, party]);

  return (
    <div className="space-y-3" data-testid="party-picker">
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t(`run.parties_${type}`)}>
          {chosen.map((p) => (
            <li key={p.id} className="inline-flex items-center gap-1 rounded-full border border-line bg-hover/50 py-0.5 pe-1 ps-3 text-sm" data-testid="party-chosen">
              <span className="break-all">{p.name}</span>
              <button
                type="button"
                onClick={() => toggle(p)}
                className="rounded-full px-1.5 text-muted hover:bg-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
                aria-label={t('run.remove', { name: p.name })}
                data-testid="party-remove"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <TextField
        label={t(`run.parties_${type}`)}
        placeholder={t(`run.find_${type}`)}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
        type="search"
        data-testid="party-search"
      />
      {matches.isPending ? (
        <LoadingState />
      ) : options.length === 0 ? (
        <p className="text-sm text-muted">{t('run.noMatch')}</p>
      ) : (
        <fieldset className="max-h-48 overflow-y-auto rounded-md border border-line p-2" data-testid="party-options">
          <legend className="sr-only">{t(`run.parties_${type}`)}</legend>
          {options.map(({ party, detail }) => (
            <label key={party.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-hover" data-testid="party-option">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-primary"
                checked={chosen.some((c) => c.id === party.id)}
                onChange={() => toggle(party)}
                // Its name says "name, document", not the label's two texts run together.
                aria-label={detail ? `${party.name}, ${detail}` : undefined}
              />
              <span className="min-w-0 break-words">{party.name}</span>
              {detail && <span className="ms-auto shrink-0 text-xs tabular-nums text-muted">{detail}</span>}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
