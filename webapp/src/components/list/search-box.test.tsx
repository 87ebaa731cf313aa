import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box';

describe('SearchBox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches after the pause, unless a link was followed meanwhile', () => {
    const onSearch = vi.fn();
    render(
      <>
        <SearchBox value="" onSearch={onSearch} />
        <a href="/purchase-order/edit/25">Edit</a>
      </>,
    );
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'PO-000025' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledWith('PO-000025');

    // A row's Edit right after typing: its page may still be loading when the pause ends.
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'PO-000026' } });
    fireEvent.click(screen.getByText('Edit'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
