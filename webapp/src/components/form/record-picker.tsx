/**
 * The one control that picks a record of another module (a purchase's supplier, a sale's
 * customer, a store, a category, a company, a user): a combobox that asks the resource's list
 * for what is typed (`q`, a short page), so the 101st of 10,000 customers is as easy to reach as
 * the first. A select of the first 100 rows could never offer it.
 *
 * - A click or ↓ opens the first matches (a short list behaves like a select); typing opens them
 *   too and narrows them on the server after a short pause. Focus alone does not open the list,
 *   so Tab and Enter keep their form rules (Enter saves a header, moves on in a lines grid).
 * - Keyboard: ↓/↑ move, Enter picks (and does not submit the form while the list is open),
 *   Escape closes the list and keeps the value, Tab leaves without changing it.
 * - States: searching, "no matches", a failed search, and "type to narrow" when the server has
 *   more matches than the short page shows.
 * - Each option shows, beside the name and muted, what tells it apart from a record of the same
 *   name (the source's `detail`: a customer's document, a user's username and role), and says
 *   it to screen readers as part of the option's name: two customers named "Ana Martínez Rojas"
 *   are two different options. The closed control shows the name only (a phone's field has no
 *   room for both); its tooltip adds the detail when it is at hand.
 * - The value's name is shown also when it is not among the first matches (an edited record's
 *   supplier, a filter read from the URL): the caller's `known` name, else the one picked here,
 *   else the record read by its id (GET /x/{id}).
 * - The list is as wide as the control and scrolls inside itself: usable at 390 px.
 *
 * Values are record ids as strings, '' for none, as the forms and the list filters hold them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { fetchPage, useResourceRecord, type ListItem, type ListPath } from '@/components/list/resource-api';
import { cn } from '@/components/ui/cn';
import { FieldFrame } from '@/components/ui/field';
import { RequiredMark } from './required-mark';

/** How many matches one search shows: enough to scan, few enough to answer at once. */
export const PICKER_PAGE_SIZE = 20;
/** The pause after typing before the server is asked (ms). */
export const PICKER_DEBOUNCE_MS = 250;

/** What every record a picker names may carry. */
interface Nameable {
  id: number;
  name?: string;
  display_name?: string;
  username?: string;
  first_name?: string;
  last_name?: string;
}

/**
 * A record's name as the pickers show it: a legal entity by its company name (people's
 * display_name), a user by first and last name or username, anything else by its name.
 */
export function recordName(row: Nameable): string {
  const person = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
  return row.display_name || row.name || person || row.username || `#${row.id}`;
}

/** Where a picker's records come from: a list resource, its fixed filters and sort, and how a row is named. */
export interface RecordSource<P extends ListPath = ListPath> {
  path: P;
  /** List filters every search carries (approval=approved, active=true, company_id=…). */
  filters?: Readonly<Record<string, string>>;
  /** The list's sort key (default: name). */
  sort?: string;
  /**
   * Where one record is read by its id when its name is not at hand (default: path); null: it
   * cannot be read (a pick-list without /{id}), the caller's `known` name is all there is.
   */
  recordPath?: ListPath | null;
  /** A row's name (default: recordName). Method syntax: a source of one path fits where any is taken. */
  label?(row: ListItem<P>): string;
  /**
   * What tells a row apart from others of the same name, shown muted beside it: only fields the
   * list already returns, best ones its `q` also matches, so that typing it finds the record.
   * '' (or no function): the name alone. `t` translates coded values (a user's role).
   */
  detail?(row: ListItem<P>, t: TFunction): string;
}

function labelOf<P extends ListPath>(source: RecordSource<P>, row: ListItem<P>): string {
  return source.label ? source.label(row) : recordName(row as unknown as Nameable);
}

/** A row's detail by its source ('' when the source has none or the row lacks it). */
export function recordDetail<P extends ListPath>(source: RecordSource<P>, row: ListItem<P>, t: TFunction): string {
  return source.detail?.(row, t) ?? '';
}

/** One page of the source's matches for `q`, under the key every options list of the path shares (a write refreshes it). */
export function useRecordMatches<P extends ListPath>(source: RecordSource<P>, q: string, enabled: boolean) {
  const query: Record<string, string> = { per_page: String(PICKER_PAGE_SIZE), sort: source.sort ?? 'name', ...source.filters };
  if (q.trim()) query.q = q.trim();
  return useQuery({
    queryKey: [source.path, 'options', new URLSearchParams(query).toString()],
    queryFn: ({ signal }) => fetchPage(source.path, query, signal),
    enabled,
    staleTime: 30_000,
    // The previous matches stay while the next ones load, so the list does not flicker per key.
    placeholderData: keepPreviousData,
  });
}

/** Props of RecordPicker. */
export interface RecordPickerProps<P extends ListPath> {
  source: RecordSource<P>;
  /** The record's id as a string; '' for none. */
  value: string;
  onChange: (value: string, row?: ListItem<P>) => void;
  /** A value's name the caller already knows (an edited document's supplier): used while that is the value. */
  known?: { value: string; label: string };
  /** Shown while nothing is chosen, and the first option (it clears the value) when `clearable`. */
  placeholder: string;
  /** Whether the list offers the placeholder to clear the value (filters' "All", optional fields). */
  clearable?: boolean;
  id?: string;
  /** The accessible name when no <label> points at the control. */
  ariaLabel?: string;
  invalid?: boolean;
  required?: boolean;
  describedBy?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  testId?: string;
  className?: string;
  /** The smaller padding of a lines grid's cell. */
  compact?: boolean;
}

/** The picker (see the module's doc). */
export function RecordPicker<P extends ListPath>(props: RecordPickerProps<P>) {
  const { source, value, onChange, known: given, placeholder, clearable = false, invalid, required, describedBy, disabled, testId, className } = props;
  const { t } = useTranslation('common');
  const generated = useId();
  const inputId = props.id ?? generated;
  const listId = `${inputId}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // The row picked here: its name is known without asking the server again.
  const [picked, setPicked] = useState<{ id: string; label: string; detail: string } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const matches = useRecordMatches(source, query, open && !disabled);
  const rows = matches.data?.data ?? [];
  const total = matches.data?.meta.total ?? 0;

  // The value's name: given, picked here, among the rows at hand, or read by its id.
  const known = (given?.value === value ? given.label : '') || (picked?.id === value ? picked.label : '') || nameAmong(source, rows, value);
  const readable = source.recordPath !== null && value !== '' && !known && /^\d+$/.test(value);
  // The record's own path is one of the document's resources; only its GET /{id} is asked.
  const record = useResourceRecord((source.recordPath ?? source.path) as P, readable ? Number(value) : undefined);
  const current = value === '' ? '' : known || (record.data ? labelOf(source, record.data as unknown as ListItem<P>) : readable && !record.isError ? '' : `#${value}`);
  // The value's detail, for the tooltip only: from the pick, the rows at hand or the record read.
  const valueRow = rows.find((r) => String(r.id) === value) ?? (record.data as unknown as ListItem<P> | undefined);
  const currentDetail = value === '' ? '' : picked?.id === value ? picked.detail : valueRow ? recordDetail(source, valueRow, t) : '';

  // The options: the clearing one first when offered (not among the matches of a search), then the matches.
  const options: Array<{ value: string; label: string; detail: string; row?: ListItem<P> }> = [
    ...(clearable && !text ? [{ value: '', label: placeholder, detail: '' }] : []),
    ...rows.map((row) => ({ value: String(row.id), label: labelOf(source, row), detail: recordDetail(source, row, t), row })),
  ];
  const activeIndex = Math.min(active, options.length - 1);

  const hasRows = rows.length > 0;
  useEffect(() => {
    // The list opens below the control: inside a scrolling box (a dialog's body, near the page's
    // end) it would open out of sight. Scroll just enough to show it.
    if (open) listRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open, hasRows]);
  useEffect(() => {
    // Keep the active option in view while moving with the arrows.
    listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, open]);

  const openList = () => {
    if (open || disabled) return;
    setText('');
    setQuery('');
    setActive(Math.max(0, options.findIndex((o) => o.value === value)));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setText('');
  };
  const choose = (option: (typeof options)[number] | undefined) => {
    if (!option) return;
    setPicked(option.value ? { id: option.value, label: option.label, detail: option.detail } : null);
    close();
    if (option.value !== value) onChange(option.value, option.row);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openList();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.max(0, Math.min(options.length - 1, activeIndex + step)));
    } else if (e.key === 'Enter' && open) {
      // Enter picks; it must not also submit the form around the picker.
      e.preventDefault();
      // Only matches of what is typed now: a stale list's first row is not what was asked for.
      if (query === text && !matches.isPlaceholderData) choose(options[activeIndex]);
    } else if (e.key === 'Escape' && open) {
      // Escape closes the list only (not a dialog around it).
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab' && open) {
      close();
    }
  };

  const searching = matches.isPending || (matches.isFetching && matches.isPlaceholderData) || query !== text;
  let status: ReactNode = null;
  if (matches.isError) status = t('picker.failed');
  else if (searching && rows.length === 0) status = t('picker.searching');
  else if (rows.length === 0) status = t('picker.noMatches');
  else if (total > rows.length) status = t('picker.more', { shown: rows.length, total });

  return (
    <div className={cn('relative min-w-0', className)}>
      <input
        id={inputId}
        ref={props.ref}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[activeIndex] ? `${inputId}-opt-${activeIndex}` : undefined}
        aria-label={props.ariaLabel}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        aria-busy={open && searching ? true : undefined}
        autoComplete="off"
        autoFocus={props.autoFocus}
        disabled={disabled}
        value={open ? text : current}
        // While open, what is chosen stays readable as the hint of the search box.
        placeholder={open ? current || placeholder : placeholder}
        title={(currentDetail ? `${current} · ${currentDetail}` : current) || undefined}
        onClick={openList}
        onChange={(e) => {
          if (!open) openList();
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          props.onBlur?.();
        }}
        data-testid={testId}
        data-value={value}
        className={cn(
          'block w-full truncate rounded-md border border-line bg-card pe-8 text-sm text-fg placeholder:text-muted',
          props.compact ? 'py-1.5 ps-2' : 'py-2 ps-3',
          'focus:border-primary focus:outline-2 focus:outline-primary/40 aria-[invalid=true]:border-danger disabled:opacity-60',
          open && current && 'placeholder:text-fg/70',
        )}
      />
      <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute end-2 top-1/2 size-4 -translate-y-1/2 text-muted">
        <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      {open && (
        <ul
          id={listId}
          ref={listRef}
          role="listbox"
          aria-label={props.ariaLabel ?? placeholder}
          className={cn(
            'absolute z-40 mt-1 max-h-64 overflow-y-auto rounded-md border border-line bg-card py-1 text-sm shadow-lg',
            // A lines grid's cell is narrow: its list may be wider than the cell (up to 18rem).
            props.compact ? 'start-0 w-max min-w-full max-w-72' : 'inset-x-0 min-w-0',
          )}
          data-testid={testId && `${testId}-options`}
        >
          {options.map((o, i) => (
            <li
              key={o.value || 'none'}
              id={`${inputId}-opt-${i}`}
              role="option"
              aria-selected={o.value === value}
              data-index={i}
              data-value={o.value}
              data-testid={testId && `${testId}-option`}
              // The name a screen reader says: the detail with it, separated (its spans would run together).
              aria-label={o.detail ? `${o.label}, ${o.detail}` : undefined}
              // mousedown would blur the input (closing the list) before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(o)}
              onMouseMove={() => i !== activeIndex && setActive(i)}
              className={cn(
                'cursor-pointer px-3 py-2',
                // Name at the start, detail at the end; where both do not fit, the detail wraps under the name, still at the end.
                'flex flex-wrap items-baseline justify-between gap-x-3',
                i === activeIndex && 'bg-hover',
                o.value === value && 'font-medium',
                o.value === '' && 'text-muted',
              )}
            >
              <span className="min-w-0 break-words" data-part="label">
                {o.label}
              </span>
              {o.detail && (
                <span className="ms-auto text-xs font-normal tabular-nums text-muted" data-part="detail" data-testid={testId && `${testId}-option-detail`}>
                  {o.detail}
                </span>
              )}
            </li>
          ))}
          {status && (
            <li role="presentation" aria-live="polite" className="px-3 py-2 text-xs text-muted" data-testid={testId && `${testId}-status`}>
              {status}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function nameAmong<P extends ListPath>(source: RecordSource<P>, rows: readonly ListItem<P>[], value: string): string {
  const row = value ? rows.find((r) => String(r.id) === value) : undefined;
  return row ? labelOf(source, row) : '';
}

/** Props of RecordPickerField: the picker's, with a visible label and an error under it. */
export interface RecordPickerFieldProps<P extends ListPath> extends RecordPickerProps<P> {
  label: ReactNode;
  /** The error's message, in the user's language. */
  error?: string;
  /** A line under the control, e.g. the chosen party's document. */
  hint?: ReactNode;
  wrapperClassName?: string;
}

/** A picker with its label (and required mark) tied to it, and its error linked by aria-describedby. */
export function RecordPickerField<P extends ListPath>({ label, error, hint, wrapperClassName, ...picker }: RecordPickerFieldProps<P>) {
  const generated = useId();
  const id = picker.id ?? generated;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <FieldFrame
      id={id}
      label={
        picker.required ? (
          <>
            {label}
            <RequiredMark />
          </>
        ) : (
          label
        )
      }
      error={error}
      hint={hint}
      className={wrapperClassName}
    >
      <RecordPicker {...picker} id={id} invalid={Boolean(error)} describedBy={describedBy} />
    </FieldFrame>
  );
}

/** Props of FormRecordPicker. */
export interface FormRecordPickerProps<T extends FieldValues, P extends ListPath> extends Omit<RecordPickerFieldProps<P>, 'value' | 'onChange' | 'onBlur' | 'ref' | 'id'> {
  name: Path<T>;
  /** The form's control, for forms without a FormProvider around them (the dialogs). */
  control?: Control<T>;
  /** Called after the value changed (e.g. to reset what depended on it). */
  onPicked?: (value: string, row?: ListItem<P>) => void;
}

/**
 * A RecordPickerField bound to the surrounding react-hook-form by name; react-hook-form's ref,
 * so the first invalid field takes the focus.
 */
export function FormRecordPicker<T extends FieldValues, P extends ListPath>({ name, control, onPicked, clearable = true, ...rest }: FormRecordPickerProps<T, P>) {
  const { field } = useController<T>({ name, control });
  return (
    <RecordPickerField<P>
      {...rest}
      // As the selects' placeholder option did, the first option empties the field (a required
      // one then says so on save).
      clearable={clearable}
      ref={field.ref}
      value={String(field.value ?? '')}
      onChange={(value, row) => {
        field.onChange(value);
        onPicked?.(value, row);
      }}
      onBlur={field.onBlur}
    />
  );
}
