/** The list's search box: typing updates the URL after a pause, and back/forward update the box. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long typing must pause before the list searches. */
export const SEARCH_DEBOUNCE_MS = 350;

/** Props of SearchBox. */
export interface SearchBoxProps {
  value: string;
  onSearch: (q: string) => void;
  placeholder?: string;
}

/** A debounced search input. */
export function SearchBox({ value, onSearch, placeholder }: SearchBoxProps) {
  const { t } = useTranslation('list');
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // The URL changed from outside (back/forward, a reset): show it.
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A link followed while a search waits for its pause (a row's Edit right after typing) wins: the
  // search would otherwise still fire while the link's page loads, and send the user back here.
  useEffect(() => {
    const cancel = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) clearTimeout(timer.current);
    };
    document.addEventListener('click', cancel, true);
    return () => document.removeEventListener('click', cancel, true);
  }, []);

  return (
    <input
      type="search"
      value={text}
      aria-label={t('search')}
      placeholder={placeholder ?? t('search')}
      data-testid="list-search"
      className="w-full rounded-md border border-line bg-card px-3 py-2 text-sm sm:w-72"
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (next.trim() !== value.trim()) latest.current(next);
        }, SEARCH_DEBOUNCE_MS);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          clearTimeout(timer.current);
          if (text.trim() !== value.trim()) latest.current(text);
        }
      }}
    />
  );
}
