/**
 * The UVT page against a stubbed API: the years listed newest first in pesos, a year added
 * (PUT with centavos), the server's validation message on the field in the user's language,
 * the missing current year told in the header, and the menu entry for administrators only.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navItemsFor } from '@/app/nav-items';
import { configureHttp } from '@/lib/http';
import type { Uvt } from '../api/uvt';
import { MissingUvtNotice } from '../components/missing-uvt-notice';
import { UvtPage } from './uvt-page';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function uvt(year: number, cents: number, updatedBy: number | null = null): Uvt {
  const at = `${year - 1}-12-20T15:00:00Z`;
  return { year, uvt_cents: cents, created_at: at, updated_at: at, updated_by: updatedBy, updated_by_name: updatedBy === null ? '' : 'Ana Admin' };
}

let table: Uvt[] = [];
let puts: Array<{ path: string; body: unknown }> = [];
let putAnswer: (() => Response) | undefined;

beforeEach(() => {
  configureHttp({ baseUrl: 'http://localhost:5173' });
  table = [uvt(2026, 52_374_00), uvt(2025, 49_799_00)];
  puts = [];
  putAnswer = undefined;
  // Bogotá's date is 2026-11-26: 2026 has its UVT.
  vi.useFakeTimers({ now: new Date('2026-11-26T17:00:00Z'), toFake: ['Date'] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (input.method === 'PUT') {
        const body = (await input.json()) as { uvt_cents: number };
        puts.push({ path: url.pathname, body });
        if (putAnswer) return putAnswer();
        const year = Number(url.pathname.split('/').pop());
        table = [uvt(year, body.uvt_cents, 1), ...table.filter((u) => u.year !== year)].sort((a, b) => b.year - a.year);
        return json({ data: table.find((u) => u.year === year) });
      }
      if (url.pathname === '/api/tax/uvt') return json({ data: table });
      return json({ data: null });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage(page = <UvtPage />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const rowTexts = () => screen.getAllByTestId('list-row').map((r) => r.textContent ?? '');

describe('UvtPage', () => {
  it('lists the years newest first with their value in pesos', async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(2));
    const [first, second] = rowTexts();
    expect(first).toContain('2026');
    expect(first).toMatch(/52\.374/);
    expect(first).toContain('Valor inicial');
    expect(second).toContain('2025');
    expect(second).toMatch(/49\.799/);
    expect(screen.queryByTestId('uvt-missing')).toBeNull();
  });

  it('adds next year in centavos and lists it', async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('list-add'));
    const form = await screen.findByTestId('uvt-form');
    // The year after the newest is offered.
    expect((within(form).getByTestId('field-year') as HTMLInputElement).value).toBe('2027');
    fireEvent.change(within(form).getByTestId('field-uvt'), { target: { value: '55.000' } });
    fireEvent.click(within(form).getByTestId('form-submit'));
    await waitFor(() => expect(puts).toEqual([{ path: '/api/tax/uvt/2027', body: { uvt_cents: 55_000_00 } }]));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(3));
    expect(rowTexts()[0]).toMatch(/2027.*55\.000.*Ana Admin/);
    expect(screen.queryByTestId('uvt-form')).toBeNull();
  });

  it('says a client error in the user’s language before asking the server', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('list-add'));
    const form = await screen.findByTestId('uvt-form');
    fireEvent.change(within(form).getByTestId('field-year'), { target: { value: '27' } });
    fireEvent.click(within(form).getByTestId('form-submit'));
    expect(await within(form).findByText('Ingrese un año de 4 dígitos, p. ej. 2027.')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('shows the server’s validation message on the field, in the user’s language', async () => {
    putAnswer = () => json({ error: 'Validation failed', fields: { uvt_cents: 'The UVT value must be greater than 0.' } }, 422);
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(2));
    // Correcting 2026: the year is fixed, the value is what changes.
    fireEvent.click(screen.getAllByTestId('row-edit')[0]!);
    const form = await screen.findByTestId('uvt-form');
    expect((within(form).getByTestId('field-year') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(within(form).getByTestId('field-uvt'), { target: { value: '0' } });
    fireEvent.click(within(form).getByTestId('form-submit'));
    expect(await within(form).findByText('El valor de la UVT debe ser mayor que 0.')).toBeTruthy();
    expect(puts).toEqual([{ path: '/api/tax/uvt/2026', body: { uvt_cents: 0 } }]);
    expect(screen.getByTestId('uvt-form')).toBeTruthy();
  });

  it('says when the current year has no UVT', async () => {
    table = [uvt(2025, 49_799_00)];
    renderPage();
    expect((await screen.findByTestId('uvt-missing')).textContent).toContain('2026 no tiene valor de UVT');
  });
});

describe('MissingUvtNotice', () => {
  it('says nothing while the current year has its UVT', async () => {
    renderPage(<MissingUvtNotice />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('uvt-missing-notice')).toBeNull();
  });

  it('points to the UVT page in January before the year is added, until dismissed for the session', async () => {
    vi.setSystemTime(new Date('2027-01-02T15:00:00Z'));
    renderPage(<MissingUvtNotice />);
    const notice = await screen.findByTestId('uvt-missing-notice');
    expect(notice.textContent).toContain('2027 no tiene valor de UVT');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/setting/uvt');
    fireEvent.click(within(notice).getByRole('button', { name: 'Descartar' }));
    expect(screen.queryByTestId('uvt-missing-notice')).toBeNull();
    expect(sessionStorage.getItem('uvt-notice-dismissed-2027')).toBe('1');
  });
});

describe('the UVT menu entry', () => {
  it('is an administrator’s only', () => {
    expect(navItemsFor('admin').map((i) => i.path)).toContain('/setting/uvt');
    for (const role of ['user', 'secretary', 'buyer'] as const) {
      expect(navItemsFor(role).map((i) => i.path)).not.toContain('/setting/uvt');
    }
  });
});
