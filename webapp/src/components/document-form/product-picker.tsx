/**
 * The product cell of a document line (purchases, sales): a search box with the browser's own
 * suggestion list (<datalist>, so arrows, Enter and Esc work as everywhere), filled by the
 * feature's query hook with what is typed. Choosing a suggestion, or typing a product's exact
 * code, selects the product — also when the suggestions arrive after the typing; typing
 * something else clears it. A suggestion may carry extra words beside it (a sale shows the
 * stock and the price).
 */
import { useEffect, useId, useState, type Ref } from 'react';
import { cn } from '@/components/ui/cn';
import { lineControlClass } from './line-inputs';

/** What the picker needs of a product. */
export interface PickableProduct {
  id: number;
  code: string;
  name: string;
}

/** The text a product is shown and picked by. */
export function productLabel(p: Pick<PickableProduct, 'code' | 'name'>): string {
  return p.code ? `${p.code} — ${p.name}` : p.name;
}

/**
 * The product among `options` that `text` names exactly: its label, or its code (any case) when
 * no other code starts with it (typing "P1" must not stop at P1 on the way to P10).
 */
export function productNamed<P extends PickableProduct>(options: readonly P[], text: string): P | undefined {
  const typed = text.trim();
  if (!typed) return undefined;
  const byLabel = options.find((p) => productLabel(p) === typed);
  if (byLabel) return byLabel;
  const code = typed.toLowerCase();
  const starting = options.filter((p) => p.code !== '' && p.code.toLowerCase().startsWith(code));
  return starting.length === 1 && starting[0]!.code.toLowerCase() === code ? starting[0] : undefined;
}

/** Props of ProductPicker. */
export interface ProductPickerProps<P extends PickableProduct> {
  /**
   * The feature's query hook of suggestions for a search text ('' once a product is picked);
   * the same hook on every render.
   */
  useChoices: (query: string) => { data?: readonly P[] | undefined };
  /** The chosen product's label, or what was typed. */
  text: string;
  /** Whether a product is chosen. */
  picked: boolean;
  label: string;
  invalid?: boolean;
  onText: (text: string) => void;
  onPick: (product: P) => void;
  /** Words shown beside a suggestion (not part of what is picked), e.g. "12 in stock · $ 5.000". */
  describe?: (product: P) => string;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The product search/select of one line. */
export function ProductPicker<P extends PickableProduct>({ useChoices, text, picked, label, invalid, onText, onPick, describe, testId, ref }: ProductPickerProps<P>) {
  const listId = useId();
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(picked ? '' : text), 250);
    return () => clearTimeout(timer);
  }, [text, picked]);
  const choices = useChoices(query);
  const options = choices.data ?? [];
  useEffect(() => {
    // The code was typed before the suggestions came: pick it now.
    if (picked) return;
    const found = productNamed(options, text);
    if (found) onPick(found);
  }, [options, picked]);
  return (
    <>
      <input
        ref={ref}
        type="text"
        list={listId}
        value={text}
        title={text || undefined}
        aria-label={label}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        placeholder={label}
        data-testid={testId}
        className={cn(lineControlClass, 'min-w-0')}
        onChange={(e) => {
          const found = productNamed(options, e.target.value);
          if (found) onPick(found);
          else onText(e.target.value);
        }}
      />
      <datalist id={listId}>
        {options.map((p) => (
          <option key={p.id} value={productLabel(p)} label={describe?.(p)} />
        ))}
      </datalist>
    </>
  );
}
