/**
 * Ticking rows of a list for one action over several of them (approve or reject the pending
 * payments at once): the selection as the table takes it, its checkboxes (one per row, and one
 * for every row of the page, half-ticked when some are) and the pure rules that keep it to rows
 * on screen that may be ticked.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A row's key in a selection (DataTable's rowKey). */
export type RowKey = string | number;

/** The rows a person may tick, and which are ticked. */
export interface RowSelection<T> {
  /** The keys of the ticked rows. */
  selected: ReadonlySet<RowKey>;
  /** Whether this row can be ticked (e.g. only pending ones); the others get no box. */
  selectable: (row: T) => boolean;
  onChange: (next: ReadonlySet<RowKey>) => void;
  /** The box's accessible name for a row ("Select payment TR-77"). */
  label: (row: T) => string;
}

/** The keys of the rows that may be ticked. */
export function selectableKeys<T>(rows: readonly T[], selection: Pick<RowSelection<T>, 'selectable'>, rowKey: (row: T) => RowKey): RowKey[] {
  return rows.filter(selection.selectable).map(rowKey);
}

/** The selection after ticking (or unticking) every selectable row of the page. */
export function toggledAll(selected: ReadonlySet<RowKey>, keys: readonly RowKey[]): Set<RowKey> {
  const all = keys.length > 0 && keys.every((k) => selected.has(k));
  const next = new Set(selected);
  for (const k of keys) {
    if (all) next.delete(k);
    else next.add(k);
  }
  return next;
}

/** The selection after ticking or unticking one row. */
export function toggledOne(selected: ReadonlySet<RowKey>, key: RowKey): Set<RowKey> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** The ticked keys that are still among `keys` (the page changed, a row was decided). */
export function keptSelection(selected: ReadonlySet<RowKey>, keys: readonly RowKey[]): Set<RowKey> {
  return new Set(keys.filter((k) => selected.has(k)));
}

const boxClass = 'size-4 rounded border-line accent-primary align-middle';

/** The box of one row. */
export function RowCheckbox<T>({ row, rowKey, selection }: { row: T; rowKey: RowKey; selection: RowSelection<T> }) {
  if (!selection.selectable(row)) return null;
  return (
    <input
      type="checkbox"
      className={boxClass}
      checked={selection.selected.has(rowKey)}
      onChange={() => selection.onChange(toggledOne(selection.selected, rowKey))}
      aria-label={selection.label(row)}
      data-testid="row-select"
    />
  );
}

/** The box of every selectable row of the page: ticked when all are, half-ticked when some are. */
export function SelectAllCheckbox<T>({ rows, rowKey, selection }: { rows: readonly T[]; rowKey: (row: T) => RowKey; selection: RowSelection<T> }) {
  const { t } = useTranslation('list');
  const ref = useRef<HTMLInputElement>(null);
  const keys = selectableKeys(rows, selection, rowKey);
  const ticked = keys.filter((k) => selection.selected.has(k)).length;
  const some = ticked > 0 && ticked < keys.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  if (keys.length === 0) return null;
  return (
    <input
      ref={ref}
      type="checkbox"
      className={boxClass}
      checked={ticked > 0 && ticked === keys.length}
      onChange={() => selection.onChange(toggledAll(selection.selected, keys))}
      aria-label={t('selectAll')}
      data-testid="select-all"
    />
  );
}
