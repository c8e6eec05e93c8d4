import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import { nextSeatNames, type Seat, areaMessages, coreMessages, seatMessages } from '@app/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorScreen } from '@/components/ErrorScreen';
import { PageHeading } from '@/components/PageHeading';
import { useGetSeatsInsideNowQuery } from '../api/seats-api';
import { useSeatActions } from '../hooks/use-seat-actions';
import { useSeatScreen } from '../hooks/use-seat-screen';
import { SeatDetailDialog } from './SeatDetailDialog';
import { SeatFormDialog } from './SeatFormDialog';
import { SeatGrid } from './SeatGrid';
import { SeatsToolbar } from './SeatsToolbar';
import { useCan } from '@/lib/use-can';

const m = seatMessages;
const a = areaMessages;

interface FormState {
  open: boolean;
  seat?: Seat;
  /** Remounts the dialog for every opening, so each starts from fresh values. */
  opening: number;
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', gap: 2, py: 8, px: 2 }}>{children}</Box>
  );
}

/** Seats Management (SPEC.md §2): the seat grid of one area or all, and its dialogs. */
export function SeatsPage() {
  const screen = useSeatScreen();
  const actions = useSeatActions();
  // Issue 16: the desk sees the seats; setting them up is the manager's and the owner's, deleting too.
  const mayManage = useCan('manage');
  const mayDelete = useCan('deletes');
  const [viewing, setViewing] = useState<{ open: boolean; seatId?: string }>({ open: false });
  const [lastViewed, setLastViewed] = useState<Seat>();
  const [form, setForm] = useState<FormState>({ open: false, opening: 0 });
  const [deleting, setDeleting] = useState<Seat | null>(null);
  const [generating, setGenerating] = useState(false);

  const { seats, areas, selectedArea, seatsQuery, areasQuery } = screen;
  // Its own call: when it fails the seats show without the inside marks.
  const inside = useGetSeatsInsideNowQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: 60_000 });
  const insideBySeat = useMemo(() => {
    const bySeat = new Map<string, string[]>();
    for (const visit of inside.data?.visits ?? []) {
      if (!visit.seat_id) continue;
      const name = [visit.first_name, visit.last_name].filter(Boolean).join(' ');
      bySeat.set(visit.seat_id, [...(bySeat.get(visit.seat_id) ?? []), name]);
    }
    return bySeat;
  }, [inside.data]);
  // The open seat follows the list, so an edit shows its new values at once.
  const viewedSeat = seats.find((seat) => seat.id === viewing.seatId) ?? lastViewed;
  const room = selectedArea ? Math.max(0, selectedArea.total_seats - seats.length) : 0;
  const newNames = selectedArea
    ? nextSeatNames(
        selectedArea.name,
        seats.map((seat) => seat.name),
        room,
      )
    : [];

  const openSeat = (seat: Seat) => {
    setLastViewed(seat);
    setViewing({ open: true, seatId: seat.id });
  };
  const closeSeat = () => setViewing((state) => ({ ...state, open: false }));
  const openForm = (seat?: Seat) => setForm((state) => ({ open: true, seat, opening: state.opening + 1 }));
  const closeForm = useCallback(() => setForm((state) => ({ ...state, open: false })), []);

  const confirmDelete = async () => {
    if (deleting && (await actions.deleteSeat(deleting.id))) closeSeat();
    setDeleting(null);
  };
  const confirmGenerate = async () => {
    if (selectedArea) await actions.generateSeats(selectedArea.id);
    setGenerating(false);
  };

  let content: ReactNode;
  if (seatsQuery.isError) {
    content = <ErrorScreen onRefresh={() => void seatsQuery.refetch()} />;
  } else if (seatsQuery.isLoading || areasQuery.isLoading) {
    content = (
      <Centered>
        <CircularProgress aria-label={coreMessages.common.loading} />
      </Centered>
    );
  } else if (areasQuery.isSuccess && areas.length === 0) {
    content = (
      <Centered>
        <Typography color="text.secondary">{m.noAreas}</Typography>
        <Button component={RouterLink} to="/app/area" variant="outlined">
          {m.goToAreas}
        </Button>
      </Centered>
    );
  } else if (seats.length === 0) {
    content = (
      <Centered>
        <Typography color="text.secondary">{selectedArea ? m.noSeatsInArea : m.noSeats}</Typography>
      </Centered>
    );
  } else {
    content = <SeatGrid seats={seats} grouped={!selectedArea} insideBySeat={insideBySeat} onOpen={openSeat} />;
  }

  return (
    <Stack spacing={3}>
      <PageHeading title={m.heading} spacing={1.5}>
        {selectedArea && mayManage ? (
          <Button
            variant="outlined"
            startIcon={<AutoAwesomeRounded />}
            disabled={room === 0 || seatsQuery.isFetching}
            onClick={() => setGenerating(true)}
          >
            {a.generateSeats}
          </Button>
        ) : null}
        {mayManage ? (
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            disabled={areas.length === 0}
            onClick={() => openForm()}
          >
            {m.addSeat}
          </Button>
        ) : null}
      </PageHeading>

      <Paper sx={{ p: 2 }}>
        <SeatsToolbar
          areas={areas}
          areaId={screen.areaId}
          disabled={!areasQuery.isSuccess}
          onAreaChange={screen.selectArea}
          insideCount={inside.data?.count}
        />
      </Paper>

      <Paper sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{seatsQuery.isFetching && !seatsQuery.isLoading ? <LinearProgress /> : null}</Box>
        <Box sx={{ p: { xs: 2, sm: 3 }, pt: { xs: 1.5, sm: 2.5 } }}>{content}</Box>
      </Paper>

      <SeatDetailDialog
        open={viewing.open}
        seat={viewedSeat}
        onClose={closeSeat}
        onEdit={
          mayManage
            ? (seat) => {
                closeSeat();
                openForm(seat);
              }
            : undefined
        }
        onDelete={mayDelete ? setDeleting : undefined}
      />
      {/* Loaded with the grid, not lazily: lazily, the form once failed to appear after Edit in the
          seat detail in a fresh-clone CI run (its chunk had loaded); see docs/decisions.md. */}
      <SeatFormDialog
        key={form.opening}
        open={form.open}
        seat={form.seat}
        defaultAreaId={screen.areaId || undefined}
        areas={areas}
        onClose={closeForm}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={m.confirmTitle}
        text={m.confirmDelete}
        confirmLabel={m.delete}
        busyLabel={m.deleting}
        busy={actions.isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={generating && newNames.length > 0}
        title={a.generateTitle}
        text={
          selectedArea
            ? a.generateText(newNames.length, selectedArea.name, newNames[0] ?? '', newNames.at(-1) ?? '')
            : ''
        }
        confirmLabel={a.generateConfirm}
        busyLabel={a.generating}
        busy={actions.isGenerating}
        destructive={false}
        onConfirm={() => void confirmGenerate()}
        onClose={() => setGenerating(false)}
      />
    </Stack>
  );
}
