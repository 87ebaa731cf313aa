/** The columns customers and suppliers share, and the list's filters. */
import type { TFunction } from 'i18next';
import { partyDocument } from '@/components/form/record-sources';
import type { Column } from '@/components/list/data-table';
import type { Party } from '../api/parties';

/**
 * Name, company, document, contact and city; `nameFirst` orders name/company as the spec lists
 * them. The name column names a legal entity by its company name (display_name), with the
 * contact person's name under it.
 */
export function partyColumns<T extends Party>(t: TFunction, nameFirst: boolean): Column<T>[] {
  const name: Column<T> = {
    id: 'name',
    header: t('fields.name'),
    sortKey: 'name',
    hideable: false,
    cell: (r) => {
      const shown = r.display_name || r.name;
      return (
        <>
          <span className="block truncate font-medium" data-testid="party-name">
            {shown}
          </span>
          {shown !== r.name && <span className="block truncate text-xs text-muted">{r.name}</span>}
        </>
      );
    },
  };
  const company: Column<T> = { id: 'company', header: t('fields.company'), cell: (r) => r.company };
  return [
    ...(nameFirst ? [name, company] : [company, name]),
    {
      id: 'document',
      header: t('tax.document'),
      nowrap: true,
      cell: (r) => partyDocument(r),
    },
    { id: 'email', header: t('fields.email'), cell: (r) => r.email },
    { id: 'phone', header: t('fields.phone'), nowrap: true, cell: (r) => r.phone },
    { id: 'city', header: t('fields.city'), sortKey: 'city', cell: (r) => r.city },
  ];
}

/** List config of both party lists (the approval filter is added by the kit). */
export const PARTY_LIST = { filterKeys: [] as string[], defaultSort: 'name' };
