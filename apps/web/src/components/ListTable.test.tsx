import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ListTableBody, SkeletonRows, SortableHeader, TablePagingFooter, type Paging } from './ListTable';

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
