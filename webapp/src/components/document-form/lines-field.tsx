/**
 * The lines of a document (purchase items, later sale items and returns): useFieldArray over an
 * array of any shape, laid out as a grid with column headers from md up and as one card per
 * line below it, each line's messages listed under it.
 *
 * Keyboard (the whole grid works without a mouse):
 *  - Tab walks the cells in reading order; every line's remove button is a real button in it.
 *  - Enter in the `enterColumn` cell (the quantity) of the last line adds a line and moves to its
 *    first cell; of another line, moves to the next line. Enter in any other cell moves to the
 *    next cell of the line, so Enter never saves a half-typed line (Enter in the header saves).
 *  - Escape in a blank line that is not the only one removes it and goes back to the line
 *    before (it undoes an Enter that added one too many).
 *  - Removing a line moves the focus to the remove button now in its place, or to "Add".
 */
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { get, useFieldArray, useFormContext, useFormState, type ArrayPath, type FieldArray, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useFieldMessage } from './form-context';

/** What a cell is told about its line. */
export interface LineCell {
  /** Index of the line in the array. */
  index: number;
  /** Path prefix of the line's fields: `${name}.${index}` (e.g. "lines.2"). */
  path: string;
  /** Whether it is the last line. */
  last: boolean;
}

/** One column of the grid. */
export interface LineColumn {
  id: string;
  header: string;
  /** CSS grid track from md up, e.g. 'minmax(8rem,1fr)' or '7rem'. */
  width: string;
  align?: 'start' | 'end';
  /** Takes the card's full width below md (long inputs such as a product search). */
  wide?: boolean;
  cell: (line: LineCell) => ReactNode;
}

/** Props of LinesField. */
export interface LinesFieldProps<T extends FieldValues, N extends ArrayPath<T>> {
  name: N;
  columns: readonly LineColumn[];
  /** A new, empty line. */
  newLine: () => FieldArray<T, N>;
  /** Whether a line is untouched (Escape removes such a line; saves leave them out). */
  isBlank: (line: FieldArray<T, N>) => boolean;
  /** Column whose Enter adds a line (the quantity). */
  enterColumn: string;
  title: string;
  /** Under the grid: how to fill a line (the kit adds its keyboard rules after it). */
  hint?: string;
  testId?: string;
}

const FOCUSABLE = 'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/** A focus request carried over the render that adds or removes a line. */
type FocusRequest = { index: number; column?: string } | { remove: number };

/** Every message of a nested error object (a line's fields), once each. */
function messagesOf(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [];
  const own = typeof (error as { message?: unknown }).message === 'string' ? [(error as { message: string }).message] : [];
  const nested = Object.entries(error)
    .filter(([key]) => key !== 'ref' && key !== 'message' && key !== 'type' && key !== 'types')
    .flatMap(([, value]) => messagesOf(value));
  return [...new Set([...own, ...nested])].filter(Boolean);
}

/** The lines grid. */
export function LinesField<T extends FieldValues, N extends ArrayPath<T>>({ name, columns, newLine, isBlank, enterColumn, title, hint, testId }: LinesFieldProps<T, N>) {
  const { t } = useTranslation('common');
  const { control, getValues } = useFormContext<T>();
  const { fields, append, remove, update } = useFieldArray<T, N>({ control, name });
  const { errors } = useFormState<T>({ control, name: name as never });
  const message = useFieldMessage();
  const section = useRef<HTMLElement>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);

  useEffect(() => {
    if (focus === null) return;
    setFocus(null);
    const row = (i: number) => section.current?.querySelector<HTMLElement>(`[data-line-row="${i}"]`);
    if ('remove' in focus) {
      const button = row(focus.remove)?.querySelector<HTMLElement>('[data-line-remove]');
      return (button ?? section.current?.querySelector<HTMLElement>('[data-line-add]'))?.focus();
    }
    const scope = focus.column ? row(focus.index)?.querySelector(`[data-line-column="${focus.column}"]`) : row(focus.index);
    scope?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [focus, fields.length]);

  const addLine = () => {
    append(newLine(), { shouldFocus: false });
    setFocus({ index: fields.length });
  };
  const removeLine = (index: number) => {
    if (fields.length === 1) update(0, newLine());
    else remove(index);
    setFocus(fields.length === 1 ? { remove: 0 } : { remove: Math.min(index, fields.length - 2) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const target = event.target as HTMLElement;
    if (event.defaultPrevented || event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!target.matches('input, select')) return;
    const column = target.closest<HTMLElement>('[data-line-column]')?.dataset.lineColumn;
    const last = index === fields.length - 1;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (column === enterColumn) {
        if (last) addLine();
        else setFocus({ index: index + 1 });
        return;
      }
      const cells = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
      const next = cells[cells.indexOf(target) + 1];
      if (next) next.focus();
      else if (last) addLine();
      else setFocus({ index: index + 1 });
    } else if (event.key === 'Escape' && fields.length > 1 && isBlank(getValues(`${name}.${index}` as never) as FieldArray<T, N>)) {
      event.preventDefault();
      remove(index);
      setFocus({ index: Math.max(index - 1, 0), column: enterColumn });
    }
  };

  const arrayError = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const listMessage = message(arrayError?.root?.message ?? arrayError?.message);
  const tracks = { '--line-cols': `${columns.map((c) => c.width).join(' ')} 2rem` } as CSSProperties;

  return (
    <section ref={section} className="space-y-3" aria-label={title}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-medium">{title}</h2>
        <Button variant="secondary" onClick={addLine} data-line-add data-testid="line-add">
          {t('documentForm.addLine')}
        </Button>
      </div>
      {listMessage && (
        <p role="alert" className="text-sm text-danger" data-testid="lines-error">
          {listMessage}
        </p>
      )}
      <div role="table" aria-label={title} aria-rowcount={fields.length + 1} style={tracks} data-testid={testId} className="text-sm">
        <div role="row" className="hidden gap-2 border-b border-line pb-2 text-muted md:grid md:[grid-template-columns:var(--line-cols)]">
          {columns.map((c) => (
            <div key={c.id} role="columnheader" className={cn('font-medium', c.align === 'end' && 'text-end')}>
              {c.header}
            </div>
          ))}
          <div role="columnheader">
            <span className="sr-only">{t('documentForm.lineActions')}</span>
          </div>
        </div>
        <div className="space-y-3 md:space-y-0">
          {fields.map((field, index) => {
            const path = `${name}.${index}`;
            const problems = messagesOf(get(errors, path)).map((m) => message(m) ?? m);
            const cell: LineCell = { index, path, last: index === fields.length - 1 };
            return (
              <div
                key={field.id}
                role="row"
                aria-rowindex={index + 2}
                data-line-row={index}
                data-testid={`line-${index}`}
                onKeyDown={(e) => onKeyDown(e, index)}
                className="grid grid-cols-2 items-start gap-2 rounded-md border border-line p-3 md:rounded-none md:border-0 md:border-b md:px-0 md:py-1.5 md:[grid-template-columns:var(--line-cols)]"
              >
                {columns.map((c) => (
                  <div key={c.id} role="cell" data-line-column={c.id} className={cn('min-w-0', c.wide && 'col-span-2 md:col-span-1', c.align === 'end' && 'md:text-end')}>
                    <span aria-hidden className="mb-1 block text-xs text-muted md:hidden">
                      {c.header}
                    </span>
                    {c.cell(cell)}
                  </div>
                ))}
                <div role="cell" className="col-span-2 flex justify-end md:col-span-1">
                  <Button
                    variant="ghost"
                    tone="danger"
                    className="px-2 py-1"
                    aria-label={t('documentForm.removeLine', { n: index + 1 })}
                    title={t('documentForm.removeLine', { n: index + 1 })}
                    data-line-remove
                    data-testid="line-remove"
                    onClick={() => removeLine(index)}
                  >
                    <span aria-hidden>×</span>
                    <span className="ms-1 md:hidden">{t('documentForm.remove')}</span>
                  </Button>
                </div>
                {problems.length > 0 && (
                  <ul role="cell" className="col-span-full text-xs text-danger" data-testid="line-error">
                    {problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
      </div>
      <p className="text-xs text-muted">{hint ? `${hint} ${t('documentForm.linesHint')}` : t('documentForm.linesHint')}</p>
    </section>
  );
}
