import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, useAuthStore } from '@/lib/auth/store';
import type { Role, User } from '@/lib/auth/types';
import { HttpError } from '@/lib/http';
import { i18n } from '@/lib/i18n/i18n';
import { toast, ToastHost } from '@/lib/toast';
import { DocumentForm } from './document-form';
import { missingUvtYear } from './missing-uvt';
import { TotalsPanel } from './totals-panel';
import { useDocumentSubmit } from './use-document-submit';

/** The server's answer to a document dated in 2027 without its UVT (modules/tax MsgNoUVT). */
const noUvt = () =>
  new HttpError('No UVT value for 2027. An administrator must add it. (HTTP 422)', {
    status: 422,
    code: 'invalid',
    body: { error: 'No UVT value for 2027. An administrator must add it.', code: 'invalid' },
  });

function signIn(role: Role) {
  useAuthStore.getState().initialize({ id: 1, username: role, role } as User);
}

function quoteFailed(cause: unknown) {
  render(
    <MemoryRouter>
      <TotalsPanel rows={[]} hasTotals={false} quote={{ updating: false, error: 'translated text', cause }} />
    </MemoryRouter>,
  );
  return screen.getByTestId('totals-error');
}

afterEach(async () => {
  toast.dismiss();
  resetAuthStore();
  await i18n.changeLanguage('es');
});

describe('a document dated in a year without a UVT', () => {
  it('is told apart from other failures by the server’s message', () => {
    expect(missingUvtYear(noUvt())).toBe('2027');
    expect(missingUvtYear(new HttpError('Missing required fields.', { status: 422, body: { error: 'Missing required fields.' } }))).toBeUndefined();
    expect(missingUvtYear(new Error('No UVT value for 2027. An administrator must add it.'))).toBeUndefined();
  });

  it('offers an administrator the UVT page from the totals', () => {
    signIn('admin');
    const error = quoteFailed(noUvt());
    expect(error.textContent).toBe('No hay valor de UVT para 2027. Agregar la UVT de 2027');
    expect(screen.getByTestId('missing-uvt-link').getAttribute('href')).toBe('/setting/uvt');
  });

  it.each(['user', 'secretary'] as const)('tells a %s to ask an administrator, with no link', async (role) => {
    signIn(role);
    await i18n.changeLanguage('en');
    const error = quoteFailed(noUvt());
    expect(error.textContent).toBe('No UVT value for 2027. Ask an administrator to add it.');
    expect(screen.queryByTestId('missing-uvt-link')).toBeNull();
  });

  it('leaves other quote failures as their text', () => {
    signIn('admin');
    expect(quoteFailed(new HttpError('Missing required fields.', { status: 422, body: { error: 'Missing required fields.' } })).textContent).toBe('translated text');
  });

  /** A document form whose save the server refuses for a year without UVT, and the toaster. */
  function refusedSave() {
    const save = vi.fn(() => Promise.reject(noUvt()));
    function Harness() {
      const form = useForm<{ reference: string }>({ defaultValues: { reference: 'R-1' } });
      const submit = useDocumentSubmit({ form, ns: 'list', save, onSaved: () => undefined, savedTitle: 'Saved', failedTitle: 'Could not save' });
      return (
        <MemoryRouter>
          <DocumentForm form={form} ns="list" onSubmit={submit.onSubmit} onInvalid={submit.onInvalid} title="Doc" cancelTo="/" testId="doc">
            <span />
          </DocumentForm>
          <ToastHost position="bottom-right" expanded={false} visibleToasts={3} theme="light" dir="ltr" />
        </MemoryRouter>
      );
    }
    render(<Harness />);
    fireEvent.submit(screen.getByTestId('doc'));
  }

  it('says the same over the form when a save is refused', async () => {
    signIn('admin');
    refusedSave();
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('No hay valor de UVT para 2027. Agregar la UVT de 2027'));
    expect(screen.getAllByTestId('form-error')).toHaveLength(1);
    expect(within(screen.getByTestId('form-error')).getByTestId('missing-uvt-link').getAttribute('href')).toBe('/setting/uvt');
  });

  /** The refused save's toast (sonner's list item). */
  async function refusedToast() {
    const title = await screen.findByText('Could not save');
    return title.closest('li')!;
  }

  it('gives an administrator the way to the UVT page in the refused save’s toast, not "an administrator must add it"', async () => {
    signIn('admin');
    await i18n.changeLanguage('en');
    refusedSave();
    const shown = await refusedToast();
    await waitFor(() => expect(shown.textContent).toContain('No UVT value for 2027. Add the UVT of 2027'));
    expect(shown.textContent).not.toContain('administrator must add');
    const link = shown.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/setting/uvt');
    expect(link?.textContent).toBe('Add the UVT of 2027');
  });

  it.each([
    ['en', 'No UVT value for 2027. Ask an administrator to add it.'],
    ['es', 'No hay valor de UVT para 2027. Pida a un administrador que lo agregue.'],
  ])('tells a user in the refused save’s toast to ask an administrator (%s)', async (language, text) => {
    signIn('user');
    await i18n.changeLanguage(language);
    refusedSave();
    const shown = await refusedToast();
    await waitFor(() => expect(shown.textContent).toContain(text));
    expect(shown.querySelector('a')).toBeNull();
  });
});
