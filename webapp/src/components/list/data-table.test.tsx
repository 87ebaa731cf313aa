import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it("gives a text column its own least width (Column.least), the others the stylesheet's", () => {
    const cols: Column<Row>[] = [columns[0]!, { ...columns[1]!, least: '6rem' }];
    render(router(<DataTable<Row> {...base} columns={cols} rows={rows} sort="" />));
    const [name, city] = screen.getAllByTestId('cell-text').map((t) => t.parentElement!);
    expect(name!.style.getPropertyValue('--cell-least')).toBe('');
    expect(city!.style.getPropertyValue('--cell-least')).toBe('6rem');
  });

  it('leaves hidden columns out but never an unhideable one', () => {
    const cols: Column<Row>[] = [{ ...columns[0]!, hideable: false }, columns[1]!, columns[2]!];
    render(router(<DataTable<Row> {...base} columns={cols} rows={rows} sort="" hidden={['name', 'city']} />));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre↕', 'Nota']);
  });

  it("shows a row's first action as a button in a sticky last column and the others in a ⋮ menu beside it", () => {
    const edit = vi.fn();
    const remove = vi.fn();
    const { rerender } = render(
      router(<DataTable<Row> {...base} rows={rows} sort="" actions={() => [{ id: 'edit', label: 'Editar', onSelect: edit, testId: 'row-edit' }]} />),
    );
    expect(screen.getByTestId('row-actions-cell').className).toContain('sticky');
    expect(screen.queryByTestId('row-actions')).toBeNull();
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
    // The first is the row's button; Edit and Delete are the menu's.
    expect(screen.getByTestId('row-actions-cell').querySelector('[data-testid="row-approve"]')).not.toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    fireEvent.click(screen.getByTestId('row-actions'));
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(screen.getAllByRole('menuitem').map((i) => i.dataset.testid)).toEqual(['row-edit', 'row-delete']);
    // The first item takes the focus; arrows move it; Esc would close it.
    expect(document.activeElement).toBe(screen.getByTestId('row-edit'));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('row-delete'));
    fireEvent.click(screen.getByTestId('row-delete'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("keeps the menu's place in a row without one when another row has it, so the buttons line up", () => {
    const two: Row[] = [
      { id: 1, name: 'Ana', city: 'Cali' },
      { id: 2, name: 'Beto', city: 'Pasto' },
    ];
    const edit = { id: 'edit', label: 'Editar', onSelect: vi.fn(), testId: 'row-edit' };
    const remove = { id: 'delete', label: 'Eliminar', onSelect: vi.fn(), testId: 'row-delete' };
    render(router(<DataTable<Row> {...base} rows={two} sort="" actions={(r) => (r.id === 1 ? [edit, remove] : [edit])} />));
    const [first, second] = screen.getAllByTestId('row-actions-cell');
    expect(first!.querySelector('[data-testid="row-actions"]')).not.toBeNull();
    expect(second!.querySelector('[data-testid="row-actions"]')).toBeNull();
    // The empty place is as wide as the ⋮ button.
    expect(first!.querySelector('[data-testid="row-actions"]')!.className).toContain('w-9');
    expect(second!.querySelector('span[aria-hidden="true"]')!.className).toContain('w-9');
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

describe('DataTable: no column half under the sticky actions', () => {
  // jsdom lays nothing out: a made-up layout (each header cell as wide as `widths` says, the
  // actions as wide as their content unless the table gave their header a width) and a
  // ResizeObserver that calls back only for the elements it watches, as the browser's does.
  const observers = new Set<FakeResizeObserver>();
  class FakeResizeObserver {
    readonly watched = new Set<Element>();
    constructor(private readonly callback: ResizeObserverCallback) {
      observers.add(this);
    }
    observe(el: Element) {
      this.watched.add(el);
    }
    unobserve(el: Element) {
      this.watched.delete(el);
    }
    disconnect() {
      this.watched.clear();
      observers.delete(this);
    }
    fire() {
      this.callback([], this as unknown as ResizeObserver);
    }
  }
  /** What the browser does when `el` changes size: the observers watching it call back. */
  const resized = (el: Element) => act(() => [...observers].filter((o) => o.watched.has(el)).forEach((o) => o.fire()));

  const VIEW = 400;
  /** The widest actions content; with the cell's padding (8 px a side) the actions column is 60 px. */
  const CONTENT = 44;
  const PAD = 8;
  let widths: number[] = [];
  const rect = (left: number, width: number) => ({ x: left, y: 0, left, top: 0, right: left + width, bottom: 20, width, height: 20, toJSON: () => ({}) }) as DOMRect;
  const actionsWidth = (th: HTMLElement) => Math.max(CONTENT + 2 * PAD, parseFloat(th.style.width) || 0);
  const isScroller = (el: Element) => el.firstElementChild?.tagName === 'TABLE';

  function layOut() {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const box = (el: Element): DOMRect => {
      if (isScroller(el)) return rect(0, VIEW);
      const headers = Array.from(el.closest('table')?.tHead?.rows[0]?.cells ?? []);
      const sum = widths.reduce((a, b) => a + b, 0);
      if (el.tagName === 'TABLE') return rect(0, sum + actionsWidth(headers.at(-1)!));
      const i = headers.indexOf(el as HTMLTableCellElement);
      if (i >= 0 && i < widths.length) return rect(widths.slice(0, i).reduce((a, b) => a + b, 0), widths[i]!);
      if (i === widths.length) return rect(sum, actionsWidth(el as HTMLElement));
      if ((el.parentElement as HTMLElement | null)?.dataset.testid === 'row-actions-cell') return rect(0, CONTENT);
      return rect(0, 0);
    };
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return box(this);
    });
    // No borders: a header cell's client and offset widths are its width; the scroll port is the view.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return isScroller(this) ? VIEW : box(this).width;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return box(this).width;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return isScroller(this) ? box(this.firstElementChild!).width : box(this).width;
    });
    const real = window.getComputedStyle.bind(window);
    vi.spyOn(window, 'getComputedStyle').mockImplementation((el, pseudo) => {
      const style = real(el, pseudo);
      if (el.tagName !== 'TH') return style;
      return new Proxy(style, {
        get: (target, key) => {
          if (key === 'paddingInlineStart' || key === 'paddingInlineEnd') return `${PAD}px`;
          if (key === 'direction') return 'ltr';
          const value = (target as unknown as Record<string | symbol, unknown>)[key];
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    });
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.clear();
  });

  type Wide = { id: number; a: string; b: string; c: string; d: string };
  const cols: Column<Wide>[] = (['a', 'b', 'c', 'd'] as const).map((k) => ({ id: k, header: k.toUpperCase(), nowrap: true, cell: (r: Wide) => r[k] }));
  const table = (rows: Wide[]) => (
    <MemoryRouter>
      <DataTable<Wide> {...base} columns={cols} rowKey={(r) => r.id} rows={rows} sort="" actions={() => [{ id: 'edit', label: 'Editar', onSelect: vi.fn(), testId: 'row-edit' }]} />
    </MemoryRouter>
  );
  const actionsHeader = () => screen.getAllByRole('columnheader').at(-1)!;

  it('reaches back to the start of the first column that does not fit beside it, and again when a column widens with the same rows', () => {
    widths = [100, 120, 90, 150];
    layOut();
    render(table([{ id: 1, a: 'x', b: 'y', c: 'z', d: 'w' }]));
    // 400 px of view, 60 for the actions: A, B and C end at 100, 220 and 310; D (to 460) is hidden whole.
    expect(actionsHeader().style.width).toBe('90px');
    // The second column widens after the rows arrived (its text came later): no new rows, no
    // resize of the box — only the column's header cell changes size. C (260 to 350) would lie
    // half under the actions column, which now starts at 260.
    widths = [100, 160, 90, 150];
    resized(screen.getAllByRole('columnheader')[1]!);
    expect(actionsHeader().style.width).toBe('140px');
  });

  it('lets go when the data narrows and the table fits at the actions own width', () => {
    widths = [100, 120, 90, 150];
    layOut();
    const { rerender } = render(table([{ id: 1, a: 'x', b: 'y', c: 'z', d: 'w' }]));
    expect(actionsHeader().style.width).toBe('90px');
    // With the width given (90), the table would still be wider than its box (410 px); at the
    // actions own width (60) it fits (380 px).
    widths = [80, 80, 80, 80];
    rerender(table([{ id: 2, a: 'x', b: 'y', c: 'z', d: 'w' }]));
    expect(actionsHeader().style.width).toBe('');
  });
});
