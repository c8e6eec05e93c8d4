import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatRupees, type DayBook, paymentMessages } from '@app/shared';
import { paymentModeName } from '@/components/payment-mode';

const m = paymentMessages;
const d = m.dayBook;

const headingId = (title: string) => `day-book-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={headingId(title)} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Typography id={headingId(title)} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

interface Line {
  key: string;
  label: string;
  count: number;
  amount: number;
}

/** Rows of "what · how many · how much", the amounts lined up on the right. */
function Breakdown({ lines }: { lines: Line[] }) {
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {d.empty}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', rowGap: 1 }}>
      {lines.map((line) => (
        <Box
          component="li"
          key={line.key}
          sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, justifyContent: 'space-between' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {line.label}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {d.count(line.count)}
            </Typography>
          </Box>
          <Typography
            variant="body2"
            sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 }}
          >
            {formatRupees(line.amount)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function PanelSkeleton() {
  return (
    <>
      <Skeleton width="60%" height={36} />
      <Skeleton width="40%" />
    </>
  );
}

/** The day's total, and the same money by mode and by who collected it: what the drawer and the accounts should hold. */
export function DayBookSummary({ dayBook }: { dayBook: DayBook | undefined }) {
  return (
    <Box
      aria-busy={!dayBook}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      <Panel title={d.total}>
        {dayBook ? (
          <>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
            >
              {formatRupees(dayBook.total.amount)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {d.count(dayBook.total.count)}
            </Typography>
          </>
        ) : (
          <PanelSkeleton />
        )}
      </Panel>
      <Panel title={d.byMode}>
        {dayBook ? (
          <Breakdown
            lines={dayBook.by_mode
              // The modes nothing came in by are left out: the owner counts what is there.
              .filter((line) => line.count > 0)
              .map((line) => ({ key: line.mode, label: paymentModeName(line.mode), ...line }))}
          />
        ) : (
          <PanelSkeleton />
        )}
      </Panel>
      <Panel title={d.byCollector}>
        {dayBook ? (
          <Breakdown
            lines={dayBook.by_collector.map((line) => ({
              key: line.admin_id ?? 'none',
              label: line.name ?? m.notRecorded,
              ...line,
            }))}
          />
        ) : (
          <PanelSkeleton />
        )}
      </Panel>
    </Box>
  );
}
