import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { configureHttp } from '@/lib/http';
import { RecordPicker, recordDetail, recordName, type RecordSource } from './record-picker';
import { CATEGORIES, COMPANIES, CUSTOMERS, partyDocument, STORES, SUPPLIERS, USERS } from './record-sources';

/** 150 suppliers, as a company with more than a select's 100 rows has. */
const SUPPLIER_ROWS = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, name: `Proveedor ${String(i + 1).padStart(3, '0')}`, display_name: '' }));

/** Two different customers of the same name, as the demo has, and another one. */
const CUSTOMER_ROWS = [
  { id: 4, name: 'Ana Martínez Rojas', display_name: 'Ana Martínez Rojas', document_type: 'CC', document_number: '1003703701', verification_digit: '' },
  { id: 24, name: 'Ana Martínez Rojas', display_name: 'Ana Martínez Rojas', document_type: 'CC', document_number: '1028395041', verification_digit: '' },
  { id: 30, name: 'Ana Torres', display_name: 'Ana Torres', document_type: 'CC', document_number: '1035802963', verification_digit: '' },
];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let asked: URL[] = [];

beforeEach(() => {
  configureHttp({ baseUrl: 'http://localhost:5173' });
  asked = [];
  // The suppliers list as the server answers it: `q` matches names, per_page bounds the page.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      asked.push(url);
      const one = /^\/api\/suppliers\/(\d+)$/.exec(url.pathname);
      if (one) return json({ data: SUPPLIER_ROWS[Number(one[1]) - 1] });
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      // Customers: `q` matches the name and the document number, as modules/people's words do.
      const matching =
        url.pathname === '/api/customers'
          ? CUSTOMER_ROWS.filter((c) => c.name.toLowerCase().includes(q) || c.document_number.startsWith(q))
          : SUPPLIER_ROWS.filter((s) => s.name.toLowerCase().includes(q));
      const perPage = Number(url.searchParams.get('per_page'));
      return json({ data: matching.slice(0, perPage), meta: { page: 1, per_page: perPage, total: matching.length, total_pages: Math.ceil(matching.length / perPage) } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  void i18n.changeLanguage('es');
});

/** A picker holding its value, as a form or a filter does; `onChange` sees every change. */
function Harness({ start = '', onChange = () => {}, clearable = false, source = SUPPLIERS }: { start?: string; onChange?: (v: string) => void; clearable?: boolean; source?: RecordSource }) {
  const [value, setValue] = useState(start);
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <RecordPicker
        source={source}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
        placeholder="Elija un proveedor"
        ariaLabel="Proveedor"
        clearable={clearable}
        testId="field-supplier"
      />
    </form>
  );
}

function renderPicker(props: Parameters<typeof Harness>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('field-supplier') as HTMLInputElement;
}

const options = () => screen.queryAllByTestId('field-supplier-option').map((o) => o.textContent);

describe('RecordPicker', () => {
  it('finds a record beyond the first 100 by what is typed and picks it with the keyboard', async () => {
    const onChange = vi.fn();
    const input = renderPicker({ onChange });
    fireEvent.change(input, { target: { value: '142' } });
    await waitFor(() => expect(options()).toEqual(['Proveedor 142']));
    // The server was asked for the text, a short page: not the first 100 rows.
    const search = asked.find((u) => u.searchParams.get('q') === '142')!;
    expect(search.searchParams.get('per_page')).toBe('20');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('142');
    expect(input.value).toBe('Proveedor 142');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves with the arrows, and Escape closes the list leaving the value as it was', async () => {
    const onChange = vi.fn();
    const input = renderPicker({ onChange });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(options()).toHaveLength(20));
    expect(screen.getByTestId('field-supplier-status').textContent).toBe('Se muestran 20 de 150: escriba para acotar');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('2');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(options()).toHaveLength(20));
    fireEvent.change(input, { target: { value: 'Proveedor 00' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.value).toBe('Proveedor 002');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('says when nothing matches, and while it searches, in the interface language', async () => {
    await act(() => i18n.changeLanguage('en'));
    const input = renderPicker();
    fireEvent.change(input, { target: { value: 'nadie' } });
    expect(screen.getByTestId('field-supplier-status').textContent).toBe('Searching…');
    await waitFor(() => expect(screen.getByTestId('field-supplier-status').textContent).toBe('No matches'));
    expect(options()).toEqual([]);
    // Enter with nothing to pick changes nothing.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it("names a value that is not among the first matches by reading its record (an edited document's supplier)", async () => {
    const input = renderPicker({ start: '137' });
    await waitFor(() => expect(input.value).toBe('Proveedor 137'));
    expect(asked.some((u) => u.pathname === '/api/suppliers/137')).toBe(true);
  });

  it('offers to clear the value when clearable, and a click picks an option', async () => {
    const onChange = vi.fn();
    const input = renderPicker({ start: '3', clearable: true, onChange });
    await waitFor(() => expect(input.value).toBe('Proveedor 003'));
    fireEvent.click(input);
    await waitFor(() => expect(options()[0]).toBe('Elija un proveedor'));
    fireEvent.click(screen.getAllByTestId('field-supplier-option')[0]!);
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(input.value).toBe('');
    fireEvent.click(input);
    await waitFor(() => expect(options()).toHaveLength(21));
    fireEvent.click(screen.getAllByTestId('field-supplier-option')[5]!);
    expect(onChange).toHaveBeenLastCalledWith('5');
  });
});

describe('RecordPicker with details', () => {
  it('tells two customers of the same name apart by their document, in sight and to screen readers, and picks the second', async () => {
    const onChange = vi.fn();
    const input = renderPicker({ source: CUSTOMERS, onChange });
    fireEvent.change(input, { target: { value: 'Ana Martínez' } });
    await waitFor(() => expect(screen.queryAllByTestId('field-supplier-option')).toHaveLength(2));
    // The same name twice, each with its own muted document.
    const labels = screen.getAllByTestId('field-supplier-option').map((o) => o.querySelector('[data-part="label"]')!.textContent);
    expect(labels).toEqual(['Ana Martínez Rojas', 'Ana Martínez Rojas']);
    expect(screen.getAllByTestId('field-supplier-option-detail').map((d) => d.textContent)).toEqual(['CC 1003703701', 'CC 1028395041']);
    // The options' accessible names differ: a screen reader tells the two apart.
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['Ana Martínez Rojas, CC 1003703701', 'Ana Martínez Rojas, CC 1028395041']);
    expect(screen.getByRole('option', { name: 'Ana Martínez Rojas, CC 1028395041' }).getAttribute('data-value')).toBe('24');
    // The keyboard works as before: ↓ to the second, Enter picks it.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('24');
    // Closed, the control shows the name; its tooltip adds the document.
    expect(input.value).toBe('Ana Martínez Rojas');
    expect(input.title).toBe('Ana Martínez Rojas · CC 1028395041');
  });

  it('finds a customer by the document typed (the server matches it)', async () => {
    const input = renderPicker({ source: CUSTOMERS });
    fireEvent.change(input, { target: { value: '1028' } });
    await waitFor(() => expect(screen.queryAllByTestId('field-supplier-option-detail').map((d) => d.textContent)).toEqual(['CC 1028395041']));
    expect(asked.some((u) => u.pathname === '/api/customers' && u.searchParams.get('q') === '1028')).toBe(true);
  });

  it('shows no detail where a source has none, and the options keep their plain names', async () => {
    renderPicker({ clearable: true });
    fireEvent.click(screen.getByTestId('field-supplier'));
    await waitFor(() => expect(options()).toHaveLength(21));
    expect(screen.queryAllByTestId('field-supplier-option-detail')).toHaveLength(0);
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-label')).toBeNull();
  });
});

describe('record sources’ details', () => {
  const t = i18n.getFixedT('es');
  const tEn = i18n.getFixedT('en');
  it('names a party’s document as the people list does: type, number and NIT check digit', () => {
    const nit = { id: 1, document_type: 'NIT', document_number: '900123456', verification_digit: '7' };
    const cc = { id: 2, document_type: 'CC', document_number: '52345678', verification_digit: '' };
    expect(recordDetail(SUPPLIERS, nit as never, t)).toBe('NIT 900123456-7');
    expect(recordDetail(CUSTOMERS, cc as never, t)).toBe('CC 52345678');
    expect(partyDocument({ document_type: 'CC', document_number: '' })).toBe('');
  });

  it('names a user’s username and role in the interface language; the role alone when the username is the name', () => {
    const ana = { id: 1, username: 'admin', first_name: 'Ana', last_name: 'Administradora', role: 'admin' };
    expect(recordDetail(USERS, ana as never, t)).toBe('admin · Administrador');
    expect(recordDetail(USERS, ana as never, tEn)).toBe('admin · Administrator');
    expect(recordDetail(USERS, { ...ana, first_name: '', last_name: '' } as never, tEn)).toBe('Administrator');
  });

  it('names a store’s company; companies and categories have nothing more to show', () => {
    expect(recordDetail(STORES, { id: 1, name: 'Principal', company_name: 'Demo S.A.S.' } as never, t)).toBe('Demo S.A.S.');
    expect(recordDetail(COMPANIES, { id: 1, name: 'Demo S.A.S.' } as never, t)).toBe('');
    expect(recordDetail(CATEGORIES, { id: 1, name: 'Aseo' } as never, t)).toBe('');
  });
});

describe('recordName', () => {
  it('names a legal entity by its company, a user by name or username, anything else by its name', () => {
    expect(recordName({ id: 1, name: 'Ana Pérez', display_name: 'Pérez SAS' })).toBe('Pérez SAS');
    expect(recordName({ id: 2, username: 'jdoe', first_name: 'John', last_name: 'Doe' })).toBe('John Doe');
    expect(recordName({ id: 3, username: 'jdoe', first_name: '', last_name: '' })).toBe('jdoe');
    expect(recordName({ id: 4, name: 'Bodega' })).toBe('Bodega');
  });
});
