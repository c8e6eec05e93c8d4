import { lazy, useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddRounded from '@mui/icons-material/AddRounded';
import { type Area, areaMessages } from '@app/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { WhenOpened } from '@/components/WhenOpened';
import { ListPaper } from '@/components/ListPaper';
import { ListSpinner, RefetchBar, TablePagingFooter } from '@/components/ListTable';
import { SearchField } from '@/components/SearchField';
import { PageHeading } from '@/components/PageHeading';
import { useAreaActions } from '../hooks/use-area-actions';
import { useAreaList } from '../hooks/use-area-list';
import { AreasTable } from './AreasTable';
import { useCan } from '@/lib/use-can';

const m = areaMessages;

// Loaded when first opened (issue 18): the form, react-hook-form and the area's schema are not the list's.
const AreaFormDialog = lazy(() => import('./AreaFormDialog').then((d) => ({ default: d.AreaFormDialog })));

interface FormState {
  open: boolean;
  areaId?: string;
  /** Remounts the dialog for every opening, so each starts from fresh values. */
  opening: number;
}

/** Areas Management (SPEC.md §2): the reading areas of the library and their seat counts. */
export function AreasPage() {
  const list = useAreaList();
  const { deleteArea, isDeleting } = useAreaActions();
  const [form, setForm] = useState<FormState>({ open: false, opening: 0 });
  const [deleting, setDeleting] = useState<Area | null>(null);

  const openForm = (areaId?: string) => setForm((state) => ({ open: true, areaId, opening: state.opening + 1 }));
  const closeForm = useCallback(() => setForm((state) => ({ ...state, open: false })), []);
  // The toast tells the outcome (a refusal explains itself), so the question closes either way.
  const confirmDelete = async () => {
    if (deleting && (await deleteArea(deleting.id))) list.afterDelete();
    setDeleting(null);
  };

  const { isLoading, isError, isFetching, refetch } = list.query;
  // Issue 16: the desk sees the areas; setting them up is the manager's and the owner's, deleting too.
  const mayManage = useCan('manage');
  const mayDelete = useCan('deletes');
  const emptyText = list.search.trim() ? m.noMatches : m.noAreas;

  return (
    <Stack spacing={3}>
      <PageHeading title={m.heading}>
        {mayManage ? (
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => openForm()}>
            {m.addArea}
          </Button>
        ) : null}
      </PageHeading>

      <ListPaper failed={isError} onRefresh={() => void refetch()}>
        <Box sx={{ p: 2 }}>
          <SearchField
            value={list.search}
            onChange={list.setSearch}
            placeholder={m.searchPlaceholder}
            sx={{ maxWidth: 360 }}
          />
        </Box>
        <RefetchBar active={isFetching && !isLoading} />
        {isLoading ? (
          <ListSpinner />
        ) : (
          <>
            <AreasTable
              areas={list.areas}
              firstNumber={(list.page - 1) * list.limit + 1}
              sort={list.sort}
              emptyText={emptyText}
              onSort={list.toggleSort}
              onEdit={mayManage ? (area) => openForm(area.id) : undefined}
              onDelete={mayDelete ? setDeleting : undefined}
            />
            <TablePagingFooter paging={list} />
          </>
        )}
      </ListPaper>

      <WhenOpened open={form.open}>
        <AreaFormDialog key={form.opening} open={form.open} areaId={form.areaId} onClose={closeForm} />
      </WhenOpened>
      <ConfirmDialog
        open={deleting !== null}
        title={m.confirmTitle}
        text={m.confirmText}
        cancelLabel={m.confirmCancel}
        confirmLabel={m.confirmDelete}
        busy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
