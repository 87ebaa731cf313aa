/** Binds a list's state to the URL: every change is a history entry, so back/forward walk the list. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListParams, writeListParams, type ListConfig, type ListParams } from './list-params';

/** The list's state and a setter that pushes (or, for typing, replaces) a history entry. */
export function useListParams(config: ListConfig): [ListParams, (next: ListParams, options?: { replace?: boolean }) => void] {
  const [search, setSearch] = useSearchParams();
  const filterKey = config.filterKeys.join(',');
  const stableConfig = useMemo(() => config, [filterKey, config.defaultSort]);
  const params = useMemo(() => readListParams(search, stableConfig), [search, stableConfig]);
  const set = useCallback(
    (next: ListParams, options?: { replace?: boolean }) => setSearch(writeListParams(next, stableConfig), { replace: options?.replace ?? false }),
    [setSearch, stableConfig],
  );
  return [params, set];
}
