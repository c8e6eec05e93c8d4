import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  ListTable,
  ListTableBody,
  SkeletonRows,
  SortableHeader,
  TablePagingFooter,
  type ListColumn,
  type Paging,
} from './ListTable';

function paging(overrides: Partial<Paging> = {}): Paging {
  return { totalItems: 25, page: 2, limit: 10, setPage: vi.fn(), setLimit: vi.fn(), ...overrides };
}

describe('TablePagingFooter', () => {
  it('shows the 1-based page, and hands back 1-based pages and the chosen size', async () => {
    const list = paging();
    render(<TablePagingFooter paging={list} labelRowsPerPage="Rows:" />);
    expect(screen.getByText('11–20 of 25')).toBeTruthy();
    expect(screen.getByText('Rows:')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(list.setPage).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: /previous page/i }));
    expect(list.setPage).toHaveBeenCalledWith(1);
    await userEvent.click(screen.getByRole('combobox'));
    const sizes = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual(['5', '10', '25', '50']);
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    expect(list.setLimit).toHaveBeenCalledWith(25);
  });

  it('shows an empty list on its first page, whatever page was asked for', () => {
    render(<TablePagingFooter paging={paging({ totalItems: 0, page: 3 })} />);
    expect(screen.getByText('0–0 of 0')).toBeTruthy();
    expect(screen.getByRole('button', { name: /previous page/i }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Rows per page:')).toBeTruthy();
  });
});

function body(props: { loading?: boolean; empty: boolean }) {
  return render(
    <Table>
      <ListTableBody
        {...props}
        skeleton={<SkeletonRows count={2} widths={[20, 40, 60]} />}
        columns={3}
        emptyText="Nothing here"
      >
        <TableRow>
          <TableCell>the row</TableCell>
        </TableRow>
      </ListTableBody>
    </Table>,
  );
}

describe('ListTableBody', () => {
  it('shows the skeleton rows, hidden from assistive technology, while loading', () => {
    const { container } = body({ loading: true, empty: true });
    const rows = container.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.hasAttribute('aria-hidden')).toBe(true);
    expect(rows[0]!.querySelectorAll('td')).toHaveLength(3);
    expect(screen.queryByText('Nothing here')).toBeNull();
  });

  it('says the list is empty in one cell across every column', () => {
    body({ empty: true });
    expect(screen.getByText('Nothing here').getAttribute('colspan')).toBe('3');
    expect(screen.queryByText('the row')).toBeNull();
  });

  it('shows the rows otherwise', () => {
    body({ empty: false });
    expect(screen.getByText('the row')).toBeTruthy();
    expect(screen.queryByText('Nothing here')).toBeNull();
  });
});

describe('SortableHeader', () => {
  it('marks the sorted column and its direction, and asks to sort by the clicked one', async () => {
    const onSort = vi.fn();
    render(
      <Table>
        <TableHead>
          <TableRow>
            <SortableHeader label="Name" column="name" sort={{ sortBy: 'name', sortOrder: 'DESC' }} onSort={onSort} />
            <SortableHeader label="Seats" column="seats" sort={{ sortBy: 'name', sortOrder: 'DESC' }} onSort={onSort} />
          </TableRow>
        </TableHead>
      </Table>,
    );
    const [name, seats] = screen.getAllByRole('columnheader');
    expect(name!.getAttribute('aria-sort')).toBe('descending');
    expect(seats!.hasAttribute('aria-sort')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Seats' }));
    expect(onSort).toHaveBeenCalledWith('seats');
  });
});

describe('ListTable', () => {
  interface Seat {
    id: string;
    name: string;
    area: string;
    no: number;
  }
  const rows: Seat[] = [{ id: 's1', name: 'Seat 1', area: 'Hall A', no: 1 }];
  const columns: ListColumn<Seat>[] = [
    { label: 'No', card: 'hidden', cell: (seat) => seat.no },
    { label: 'Name', card: 'title', cell: (seat) => seat.name },
    { label: 'Area', cell: (seat) => seat.area },
  ];
  const list = (props: { loading?: boolean; rows?: Seat[] } = {}) =>
    render(
      <ListTable
        label="Seats"
        minWidth={600}
        columns={columns}
        rows={props.rows ?? rows}
        rowKey={(seat) => seat.id}
        loading={props.loading}
        emptyText="No seats"
        actions={{ label: 'Actions', cell: (seat) => <button type="button">Edit {seat.name}</button> }}
      />,
    );
  const atWidth = (width: number) =>
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width } as DOMRect);

  it('is a table with every column and the actions last where it fits', () => {
    const spy = atWidth(900);
    list();
    const table = screen.getByRole('table', { name: 'Seats' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['No', 'Name', 'Area', 'Actions']);
    expect(within(table).getByRole('button', { name: 'Edit Seat 1' })).toBeTruthy();
    spy.mockRestore();
  });

  it('shows a card per row when narrower than the table: title, labelled facts, actions, no hidden column', () => {
    const spy = atWidth(390);
    list();
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(screen.getByRole('list', { name: 'Seats' })).getAllByRole('listitem');
    expect(within(card!).getByText('Seat 1')).toBeTruthy();
    expect(within(card!).getByText('Area').tagName).toBe('DT');
    expect(within(card!).getByText('Hall A').tagName).toBe('DD');
    expect(within(card!).queryByText('No')).toBeNull();
    expect(within(card!).getByRole('button', { name: 'Edit Seat 1' })).toBeTruthy();
    spy.mockRestore();
  });

  it('keeps the loading and empty states on cards', () => {
    const spy = atWidth(390);
    const { unmount } = list({ loading: true, rows: [] });
    expect(screen.getByRole('list', { name: 'Seats' }).getAttribute('aria-busy')).toBe('true');
    unmount();
    list({ rows: [] });
    expect(screen.getByText('No seats')).toBeTruthy();
    spy.mockRestore();
  });
});
