/**
 * The product cell of a purchase line: a search box with the browser's own suggestion list
 * (<datalist>, so arrows, Enter and Esc work as everywhere), filtered by the line's category and
 * by what is typed. Choosing a suggestion selects the product; typing something else clears it.
 */
import { useEffect, useId, useState } from 'react';
import { useProductChoices, type ProductChoice } from '../api/purchases';

/** The text a product is shown and picked by. */
export function productLabel(p: Pick<ProductChoice, 'code' | 'name'>): string {
  return p.code ? `${p.code} — ${p.name}` : p.name;
}

/** Props of ProductPicker. */
export interface ProductPickerProps {
  categoryId: number | null;
  /** The chosen product's label, or what was typed. */
  text: string;
  label: string;
  invalid?: boolean;
  onText: (text: string) => void;
  onPick: (product: ProductChoice) => void;
  testId?: string;
}

/** The product search/select of one line. */
export function ProductPicker({ categoryId, text, label, invalid, onText, onPick, testId }: ProductPickerProps) {
  const listId = useId();
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.includes(' — ') ? '' : text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const choices = useProductChoices(categoryId, query);
  const options = choices.data ?? [];
  return (
    <>
      <input
        type="text"
        list={listId}
        value={text}
        aria-label={label}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        placeholder={label}
        data-testid={testId}
        className="block w-full min-w-36 rounded-md border border-line bg-card px-2 py-1.5 text-sm aria-[invalid=true]:border-danger"
        onChange={(e) => {
          const value = e.target.value;
          const picked = options.find((p) => productLabel(p) === value || p.code === value);
          if (picked) onPick(picked);
          else onText(value);
        }}
      />
      <datalist id={listId}>
        {options.map((p) => (
          <option key={p.id} value={productLabel(p)} />
        ))}
      </datalist>
    </>
  );
}
