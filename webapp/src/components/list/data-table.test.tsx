import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/api';
import { imageFileProblem, MAX_IMAGE_BYTES } from '../form/image-upload-field';
import { DataTable, type Column } from './data-table';

type Row = { id: number; name: string; city: string };
const columns: Column<Row>[] = [
  { id: 'name', header: 'Nombre', sortKey: 'name', cell: (r) => r.name },
  { id: 'city', header: 'Ciudad', sortKey: 'city', cell: (r) => r.city },
  { id: 'note', header: 'Nota', cell: () => '' },
];
const base = { columns, rowKey: (r: Row) => r.id, onSort: vi.fn(), onRetry: vi.fn(), emptyText: 'Vacío', caption: 'Lista', isLoading: false, error: null };

describe('DataTable', () => {
  it('marks the sort column with aria-sort and toggles through onSort', () => {
    const onSort = vi.fn();
    render(<DataTable<Row> {...base} onSort={onSort} rows={[{ id: 1, name: 'Ana', city: 'Cali' }]} sort="-city" />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual(['none', 'descending', null]);
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(screen.getAllByTestId('list-row')).toHaveLength(1);
  });

  it('shows a skeleton while loading, then the empty state', () => {
    const { rerender } = render(<DataTable<Row> {...base} rows={undefined} sort="" isLoading skeletonRows={3} />);
    expect(screen.getAllByTestId('list-skeleton-row')).toHaveLength(3);
    rerender(<DataTable<Row> {...base} rows={[]} sort="" />);
    expect(screen.getByTestId('list-empty').textContent).toBe('Vacío');
  });

  it('shows the translated failure and retries', () => {
    const onRetry = vi.fn();
    const error = new HttpError('x', { status: 403, body: { error: 'You are not allowed to perform this action.' } });
    render(<DataTable<Row> {...base} rows={undefined} sort="" error={error} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toBe('No tiene permiso para realizar esta acción.');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('imageFileProblem', () => {
  it('accepts images up to 4 MB only', () => {
    expect(imageFileProblem({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeUndefined();
    expect(imageFileProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('validation.maxFileSize');
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe('validation.imagesOnly');
  });
});

describe('DataTable fitting the screen', () => {
  const rows: Row[] = [{ id: 1, name: 'Ana', city: 'Cali' }];
  const router = (ui: React.ReactElement) => <MemoryRouter>{ui}</MemoryRouter>;

  it('keeps text columns to one line with the text as its least width; short and numeric columns stay as they are', () => {
    const cols: Column<Row>[] = [columns[0]!, { ...columns[1]!, nowrap: true }, { id: 'n', header: 'N', align: 'end', cell: (r) => r.id }, { id: 'w', header: 'W', wrap: true, cell: () => 'x' }];
    render(router(<DataTable<Row> {...base} columns={cols} rows={[{ id: 1, name: 'Bodega Principal Bogotá', city: 'Cali' }]} sort="" />));
    const [name, city, n, w] = screen.getAllByRole('cell');
    const text = name!.querySelector('[data-testid="cell-text"]')!;
    expect(text.textContent).toBe('Bodega Principal Bogotá');
    expect(text.className).toContain('truncate');
    // The hidden copy that gives the column its least width (index.css, .list-cell-text).
    expect(text.parentElement!.className).toBe('list-cell-text');
    expect(text.parentElement!.dataset.text).toBe('Bodega Principal Bogotá');
    for (const cell of [city!, n!, w!]) expect(cell.querySelector('[data-testid="cell-text"]')).toBeNull();
    // Not cut (jsdom lays nothing out): no tooltip.
    fireEvent.pointerEnter(text);
    expect(text.getAttribute('title')).toBeNull();
  });

  it('leaves hidden columns out but never an unhideable one', () => {
    const cols: Column<Row>[] = [{ ...columns[0]!, hideable: false }, columns[1]!, columns[2]!];
    render(router(<DataTable<Row> {...base} columns={cols} rows={rows} sort="" hidden={['name', 'city']} />));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre↕', 'Nota']);
  });

  it('shows one or two actions as buttons in a sticky last column, three and more as a menu', () => {
    const edit = vi.fn();
    const remove = vi.fn();
    const { rerender } = render(
      router(<DataTable<Row> {...base} rows={rows} sort="" actions={() => [{ id: 'edit', label: 'Editar', onSelect: edit, testId: 'row-edit' }]} />),
    );
    expect(screen.getByTestId('row-actions-cell').className).toContain('sticky');
    fireEvent.click(screen.getByTestId('row-edit'));
    expect(edit).toHaveBeenCalledTimes(1);
    rerender(
      router(
        <DataTable<Row>
          {...base}
          rows={rows}
          sort=""
          actions={() => [
            { id: 'approve', label: 'Aprobar', onSelect: edit, testId: 'row-approve' },
            { id: 'edit', label: 'Editar', onSelect: edit, testId: 'row-edit' },
            { id: 'delete', label: 'Eliminar', onSelect: remove, testId: 'row-delete' },
          ]}
        />,
      ),
    );
    expect(screen.queryByTestId('row-edit')).toBeNull();
    fireEvent.click(screen.getByTestId('row-actions'));
    expect(screen.getByRole('menu')).toBeTruthy();
    // The first item takes the focus; arrows move it; Esc would close it.
    expect(document.activeElement).toBe(screen.getByTestId('row-approve'));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('row-edit'));
    fireEvent.click(screen.getByTestId('row-delete'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('becomes cards below md, and the empty state offers the next step', () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      const { rerender } = render(router(<DataTable<Row> {...base} rows={rows} sort="" />));
      expect(screen.getByTestId('list-table').dataset.layout).toBe('cards');
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.getByTestId('list-row').textContent).toContain('Cali');
      rerender(router(<DataTable<Row> {...base} rows={[]} sort="" emptyAction={<button type="button">Agregar cliente</button>} />));
      expect(screen.getByTestId('list-empty').textContent).toContain('Agregar cliente');
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });
});

describe('DataTable with a selection', () => {
  const rows: Row[] = [
    { id: 1, name: 'Ana', city: 'Cali' },
    { id: 2, name: 'Beto', city: 'Pasto' },
    { id: 3, name: 'Caro', city: 'Neiva' },
  ];

  it('boxes only the selectable rows; the header box ticks and unticks every one of them', () => {
    const onChange = vi.fn();
    const selection = { selected: new Set([1]), selectable: (r: Row) => r.id !== 2, onChange, label: (r: Row) => `Seleccionar ${r.name}` };
    render(
      <MemoryRouter>
        <DataTable<Row> {...base} rows={rows} sort="" selection={selection} />
      </MemoryRouter>,
    );
    const boxes = screen.getAllByTestId('row-select');
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual(['Seleccionar Ana', 'Seleccionar Caro']);
    expect((boxes[0] as HTMLInputElement).checked).toBe(true);
    const all = screen.getByTestId('select-all') as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect([...onChange.mock.calls[0]![0]]).toEqual([1, 3]);
    fireEvent.click(boxes[0]!);
    expect([...onChange.mock.calls[1]![0]]).toEqual([]);
  });
});
