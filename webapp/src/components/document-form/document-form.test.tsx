import { zodResolver } from '@hookform/resolvers/zod';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError } from '@/lib/http';
import { DocumentForm, type DocumentFormProps } from './document-form';
import { FormText } from './fields';
import { LineInput } from './line-inputs';
import { LinesField, type LineColumn } from './lines-field';
import { useLiveQuote, type QuoteQuery } from './live-quote';
import { placeOf, useDocumentSubmit } from './use-document-submit';

/** Lines of another shape than a purchase's: the kit must not care. */
interface Line {
  sku: string;
  qty: string;
}
interface Values {
  reference: string;
  lines: Line[];
}

const blank = (line: Line) => !line.sku && !line.qty;
const schema = z.object({
  reference: z.string().min(1, { message: 'validation.required' }),
  lines: z.array(z.object({ sku: z.string(), qty: z.string().refine((q) => q === '' || /^\d+$/.test(q), { message: 'validation.required' }) })),
});
const columns: LineColumn[] = [
  { id: 'sku', header: 'SKU', width: '1fr', cell: (l) => <LineInput<Values> name={`${l.path}.sku` as `lines.${number}.sku`} label="SKU" testId="sku" /> },
  { id: 'qty', header: 'Qty', width: '5rem', cell: (l) => <LineInput<Values> name={`${l.path}.qty` as `lines.${number}.qty`} label="Qty" testId="qty" /> },
];

function Harness({
  start,
  save = () => Promise.resolve('ok'),
  ...frame
}: { start: Values; save?: (v: Values) => Promise<unknown> } & Pick<DocumentFormProps<Values>, 'rejection' | 'editable'>) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: start });
  const submit = useDocumentSubmit({ form, ns: 'list', save, onSaved: () => undefined, savedTitle: 'Saved', failedTitle: 'Failed', lines: { name: 'lines', isBlank: blank } });
  return (
    <MemoryRouter>
      <DocumentForm form={form} ns="list" onSubmit={submit.onSubmit} onInvalid={submit.onInvalid} title="Doc" cancelTo="/" testId="doc" {...frame}>
        <FormText<Values> name="reference" label="Reference" testId="reference" />
        <LinesField<Values, 'lines'> name="lines" title="Items" columns={columns} newLine={() => ({ sku: '', qty: '' })} isBlank={blank} enterColumn="qty" testId="lines" />
      </DocumentForm>
    </MemoryRouter>
  );
}

const rows = () => screen.getAllByTestId(/^line-\d+$/);
const cellOf = (row: number, testId: string) => within(screen.getByTestId(`line-${row}`)).getByTestId(testId) as HTMLInputElement;

describe('LinesField', () => {
  it('adds and removes lines of any shape, keeping one line and the focus', async () => {
    render(<Harness start={{ reference: 'R-1', lines: [{ sku: 'A', qty: '1' }] }} />);
    expect(rows()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('line-add'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(cellOf(1, 'sku')));
    fireEvent.change(cellOf(1, 'sku'), { target: { value: 'B' } });

    // Removing the first line moves the focus to the remove button now in its place.
    fireEvent.click(within(screen.getByTestId('line-0')).getByTestId('line-remove'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(cellOf(0, 'sku').value).toBe('B');
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getByTestId('line-0')).getByTestId('line-remove')));
    // The only line is emptied, not removed.
    fireEvent.click(within(screen.getByTestId('line-0')).getByTestId('line-remove'));
    await waitFor(() => expect(cellOf(0, 'sku').value).toBe(''));
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: /ítem 1/ })).toBeTruthy();
  });

  it('Enter in the last quantity adds a line and moves to it; elsewhere it walks the grid; Escape takes back a blank line', async () => {
    const save = vi.fn(() => Promise.resolve('ok'));
    render(<Harness start={{ reference: 'R-1', lines: [{ sku: 'A', qty: '1' }] }} save={save} />);
    fireEvent.keyDown(cellOf(0, 'qty'), { key: 'Enter' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(cellOf(1, 'sku')));
    // Enter in another cell goes to the next cell, and never saves a half-typed line.
    fireEvent.keyDown(cellOf(1, 'sku'), { key: 'Enter' });
    expect(document.activeElement).toBe(cellOf(1, 'qty'));
    // Enter in the quantity of a line that is not the last goes to the next line.
    fireEvent.keyDown(cellOf(0, 'qty'), { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(cellOf(1, 'sku')));
    expect(rows()).toHaveLength(2);
    // Escape in the blank new line removes it and goes back to the quantity before.
    fireEvent.keyDown(cellOf(1, 'sku'), { key: 'Escape' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(document.activeElement).toBe(cellOf(0, 'qty')));
    // Escape in a line with something in it keeps it.
    fireEvent.keyDown(cellOf(0, 'qty'), { key: 'Escape' });
    expect(rows()).toHaveLength(1);
    expect(save).not.toHaveBeenCalled();
  });
});

describe('a rejected document', () => {
  const start = { reference: 'R-1', lines: [{ sku: 'A', qty: '1' }] };

  it('shows the reason over the form, and Save sends it again', () => {
    render(<Harness start={start} rejection={{ reason: 'Wrong quantity' }} />);
    expect(screen.getByTestId('rejection-reason').textContent).toBe('Wrong quantity');
    expect(screen.getByTestId('rejection-banner').textContent).toContain('Corríjalo y guarde');
    expect(screen.getByTestId('form-submit').textContent).toBe('Guardar y enviar de nuevo');
  });

  it('read-only, it says what to do instead and has no Save; without a rejection there is no banner', () => {
    const { unmount } = render(<Harness start={start} editable={false} rejection={{ reason: ' ', next: 'Receive it again.' }} />);
    expect(screen.getByTestId('rejection-reason').textContent).toBe('sin motivo');
    expect(screen.getByTestId('rejection-banner').textContent).toContain('Receive it again.');
    expect(screen.queryByTestId('form-submit')).toBeNull();
    unmount();
    render(<Harness start={start} />);
    expect(screen.queryByTestId('rejection-banner')).toBeNull();
    expect(screen.getByTestId('form-submit').textContent).toBe('Guardar');
  });
});

describe('server field errors', () => {
  it('places lines[i].field on the line that was sent i-th, other fields on theirs, the rest over the form', async () => {
    const failure = new HttpError('Missing required fields.', {
      status: 422,
      code: 'invalid',
      fields: { 'lines[1].qty': 'Input Product Quantity', reference: 'Reference Number is already taken.', received_order_id: 'Missing required fields.' },
      body: { error: 'Missing required fields.' },
    });
    const save = vi.fn(() => Promise.reject(failure));
    // The blank middle line is not sent: the server's line 1 is the form's line 2.
    render(<Harness start={{ reference: 'R-1', lines: [{ sku: 'A', qty: '1' }, { sku: '', qty: '' }, { sku: 'C', qty: '3' }] }} save={save} />);
    fireEvent.submit(screen.getByTestId('doc'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(cellOf(2, 'qty').getAttribute('aria-invalid')).toBe('true'));
    expect(cellOf(0, 'qty').getAttribute('aria-invalid')).toBeNull();
    // The messages are in the user's language (the test set-up runs in Spanish).
    expect(within(screen.getByTestId('line-2')).getByTestId('line-error').textContent).toBe('Ingrese la cantidad del producto');
    expect((screen.getByTestId('reference') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('El número de referencia ya está en uso.')).toBeTruthy();
    expect(screen.getByTestId('form-error').textContent).toBe('Faltan campos obligatorios.');
    // The first placed field takes the focus.
    expect(document.activeElement).toBe(cellOf(2, 'qty'));
  });

  it('maps paths: line indexes through the sent lines, arrays to their root, unknown fields nowhere', () => {
    const values = { reference: 'x', lines: [{ qty: '1' }, { qty: '' }, { qty: '2' }], attachment: { files: [] } };
    const lines = { name: 'lines', sent: [0, 2] };
    expect(placeOf('lines.1.qty', values, lines)).toBe('lines.2.qty');
    expect(placeOf('lines.0', values, lines)).toBe('lines.0');
    expect(placeOf('lines.5.qty', values, lines)).toBeUndefined();
    expect(placeOf('lines', values, lines)).toBe('lines.root');
    expect(placeOf('reference', values, lines)).toBe('reference');
    expect(placeOf('attachment', values, lines)).toBe('attachment');
    expect(placeOf('received_order_id', values, lines)).toBeUndefined();
  });

  it('a client check failure names its fields and sends nothing', async () => {
    const save = vi.fn(() => Promise.resolve('ok'));
    render(<Harness start={{ reference: '', lines: [{ sku: 'A', qty: 'x' }] }} save={save} />);
    fireEvent.submit(screen.getByTestId('doc'));
    await waitFor(() => expect(cellOf(0, 'qty').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByTestId('reference').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });
});

describe('useLiveQuote', () => {
  afterEach(() => vi.useRealTimers());

  it('asks once typing has paused 400 ms, and says it is updating meanwhile', () => {
    vi.useFakeTimers();
    const asked: Array<{ n: number } | null> = [];
    const useQuote = (request: { n: number } | null): QuoteQuery<number> => {
      if (request !== null && asked[asked.length - 1]?.n !== request.n) asked.push(request);
      return { data: request ? request.n * 10 : undefined, isFetching: false, isError: false, error: null };
    };
    const { result, rerender } = renderHook(({ n }: { n: number | null }) => useLiveQuote(n === null ? null : { n }, useQuote), { initialProps: { n: null as number | null } });
    expect(result.current).toEqual({ data: undefined, updating: false, error: undefined });
    for (const n of [1, 12, 123]) {
      rerender({ n });
      act(() => vi.advanceTimersByTime(150));
    }
    expect(asked).toEqual([]);
    expect(result.current.updating).toBe(true);
    // A new object with the same content does not restart the wait.
    rerender({ n: 123 });
    act(() => vi.advanceTimersByTime(300));
    expect(asked).toEqual([{ n: 123 }]);
    expect(result.current).toEqual({ data: 1230, updating: false, error: undefined });
  });
});
