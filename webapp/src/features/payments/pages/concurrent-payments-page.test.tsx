/**
 * The concurrent-payments form's ticks against the server's open documents (fetch stubbed):
 * a tick holds when the documents are read again right after it (a live invalidation), when a
 * refetch moves the rows (two documents due the same day, in the other order), and when the
 * parties are chosen one at a time. These are the suspects of session 9's flake (a tick lost
 * right after the documents loaded); on the code they were written against they hold, so that
 * flake's cause lies elsewhere (see the e2e helper tickDocument).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '@/lib/http';
import type { OpenDocument } from '../api/list-open-documents';
import { ConcurrentPaymentsPage } from './concurrent-payments-page';

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

function doc(id: number, partyId: number, number: string, dueDate: string, cents: number): OpenDocument {
  return {
    id, party_id: partyId, party_name: `Proveedor ${partyId}`, number, invoice_number: number, type: 'purchase', company_id: 1,
    date: dueDate, due_date: dueDate, days_overdue: 0, total_cents: cents, paid_cents: 0, returns_cents: 0, pending_cents: 0,
    balance_cents: cents, available_cents: cents, status: 'pending',
  };
}

const SUPPLIERS = [
  { id: 1, name: 'Proveedor 1', display_name: '', document_type: 'NIT', document_number: '900123456', verification_digit: '7' },
  { id: 2, name: 'Proveedor 2', display_name: '' },
];

let documents: OpenDocument[] = [];
let documentCalls = 0;

beforeEach(() => {
  configureHttp({ baseUrl: 'http://localhost:5173' });
  documentCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname === '/api/suppliers') return json({ data: SUPPLIERS, meta: { page: 1, per_page: 100, total: 2, total_pages: 1 } });
      if (url.pathname === '/api/payments/documents') {
        documentCalls++;
        const ids = (url.searchParams.get('party_ids') ?? '').split(',').map(Number);
        return json({ data: documents.filter((d) => ids.includes(d.party_id)) });
      }
      return json({ data: [], meta: { page: 1, per_page: 100, total: 0, total_pages: 0 } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ConcurrentPaymentsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

async function choose(name: string) {
  const option = await screen.findByText(name, { selector: '[data-testid="party-option"] span' });
  fireEvent.click(option.closest('label')!.querySelector('input')!);
}

const box = (number: string) => within(screen.getByText(number, { selector: 'span' }).closest('[data-testid="run-document"]') as HTMLElement).getByTestId('item-pay') as HTMLInputElement;

describe('ConcurrentPaymentsPage parties', () => {
  it('shows each party with its document, also in the checkbox’s name (two of one name are told apart)', async () => {
    renderPage();
    expect(await screen.findByRole('checkbox', { name: 'Proveedor 1, NIT 900123456-7' })).toBeTruthy();
    // A party without a document shows its name alone.
    expect(screen.getByRole('checkbox', { name: 'Proveedor 2' })).toBeTruthy();
  });
});

describe('ConcurrentPaymentsPage ticks', () => {
  it('keeps a tick when the open documents are fetched again right after it', async () => {
    documents = [doc(11, 1, 'FP-A2', '2026-11-01', 200_000_00), doc(12, 1, 'FP-A1', '2026-11-02', 100_000_00), doc(21, 2, 'FP-B1', '2026-11-02', 100_000_00)];
    const client = renderPage();
    await choose('Proveedor 1');
    await choose('Proveedor 2');
    await waitFor(() => expect(screen.getAllByTestId('run-document')).toHaveLength(3));
    fireEvent.click(box('FP-A1'));
    fireEvent.click(box('FP-A2'));
    // A live invalidation lands right after the click: the list is read again, with a change.
    // Two documents due the same day come back in the other order (a tie the server may break either way).
    documents = [documents[0]!, documents[2]!, documents[1]!];
    fireEvent.click(box('FP-B1'));
    const before = documentCalls;
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(documentCalls).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getAllByTestId('run-document').map((r) => r.dataset.number)).toEqual(['FP-A2', 'FP-B1', 'FP-A1']));
    expect(box('FP-A1').checked).toBe(true);
    expect(box('FP-A2').checked).toBe(true);
    expect(box('FP-B1').checked).toBe(true);
    expect(screen.getByTestId('run-totals').textContent).toContain('3');
  });

  it('ticks documents whose rows moved', async () => {
    documents = [doc(11, 1, 'FP-A2', '2026-11-01', 200_000_00), doc(12, 1, 'FP-A1', '2026-11-02', 100_000_00), doc(21, 2, 'FP-B1', '2026-11-02', 100_000_00)];
    const client = renderPage();
    await choose('Proveedor 1');
    await choose('Proveedor 2');
    await waitFor(() => expect(screen.getAllByTestId('run-document')).toHaveLength(3));
    documents = [documents[0]!, documents[2]!, documents[1]!];
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(screen.getAllByTestId('run-document').map((r) => r.dataset.number)).toEqual(['FP-A2', 'FP-B1', 'FP-A1']));
    fireEvent.click(box('FP-A1'));
    fireEvent.click(box('FP-A2'));
    fireEvent.click(box('FP-B1'));
    expect(box('FP-A1').checked).toBe(true);
    expect(box('FP-A2').checked).toBe(true);
    expect(box('FP-B1').checked).toBe(true);
    await waitFor(() => expect(screen.getByTestId('run-totals').textContent).toContain('3'));
  });

  it("ticks the second party's documents after the first party's were shown", async () => {
    documents = [doc(11, 1, 'FP-A2', '2026-11-01', 200_000_00), doc(21, 2, 'FP-B1', '2026-11-02', 100_000_00), doc(12, 1, 'FP-A1', '2026-11-03', 100_000_00)];
    const client = renderPage();
    await choose('Proveedor 1');
    await waitFor(() => expect(screen.getAllByTestId('run-document')).toHaveLength(2));
    fireEvent.click(box('FP-A1'));
    await choose('Proveedor 2');
    await waitFor(() => expect(screen.getAllByTestId('run-document')).toHaveLength(3));
    fireEvent.click(box('FP-A2'));
    fireEvent.click(box('FP-B1'));
    await act(() => client.invalidateQueries());
    expect(box('FP-A1').checked).toBe(true);
    expect(box('FP-A2').checked).toBe(true);
    expect(box('FP-B1').checked).toBe(true);
    await waitFor(() => expect(screen.getByTestId('run-totals').textContent).toContain('3'));
  });
});
