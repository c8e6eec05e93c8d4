import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import { formatRupees, type Profit, coreMessages, profitMessages } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { RefetchBar } from '@/components/ListTable';
import { PageHeading } from '@/components/PageHeading';
import { useProfit } from '../hooks/use-profit';
import { useProfitColors } from './profit-colors';
import { profitColor, profitText } from './profit-format';
import { ProfitTable } from './ProfitTable';
import { useCan } from '@/lib/use-can';

const ProfitChart = lazy(() => import('./ProfitChart'));

const m = profitMessages;
const CHART_HEIGHT = 300;

/** The months' totals, each beside its series' colour: the chart's legend. */
function Totals({ profit }: { profit: Profit }) {
  const colors = useProfitColors();
  const items = [
    { key: 'collected', label: m.columns.collected, value: formatRupees(profit.total.collected), color: undefined },
    { key: 'expenses', label: m.columns.expenses, value: formatRupees(profit.total.expenses), color: undefined },
    {
      key: 'profit',
      label: m.columns.profit,
      value: profitText(profit.total.profit),
      color: profitColor(profit.total.profit),
    },
  ] as const;
  return (
    <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1.5 }}>
      {items.map((item) => (
        <Box key={item.key} sx={{ minWidth: 0 }}>
          <Typography
            component="dt"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: 0.75, bgcolor: colors[item.key], flexShrink: 0 }}
            />
            {item.label}
          </Typography>
          <Typography
            component="dd"
            variant="h6"
            sx={{ m: 0, fontVariantNumeric: 'tabular-nums', color: item.color, overflowWrap: 'anywhere' }}
          >
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ChartPlaceholder() {
  return <Skeleton variant="rounded" height={CHART_HEIGHT} aria-hidden />;
}

/** The chart, or a line saying so when nothing came in or went out in any month shown. */
function MonthsChart({ profit }: { profit: Profit }) {
  const quiet = profit.months.every((month) => month.collected === 0 && month.expenses === 0);
  if (quiet) {
    return (
      <Box sx={{ height: 160, display: 'grid', placeItems: 'center' }}>
        <Typography color="text.secondary">{m.empty}</Typography>
      </Box>
    );
  }
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <ProfitChart months={profit.months} />
    </Suspense>
  );
}

/**
 * Profit: fees collected minus expenses for each of the last 12 months, as a chart (with
 * the months' totals as its legend) and as a table, and its CSV.
 */
export function ProfitPage() {
  const mayExport = useCan('exports');
  const view = useProfit();
  const { isFetching, refetch } = view.query;
  const { profit } = view;

  return (
    <Stack spacing={3}>
      <PageHeading title={m.title} subtitle={m.subtitle}>
        {/* Issue 16: every CSV export is the owner's and the manager's. */}
        {mayExport ? (
          <Button
            variant="contained"
            startIcon={view.isExporting ? <CircularProgress size={18} color="inherit" /> : <FileDownloadRounded />}
            disabled={view.isExporting || !profit}
            onClick={() => void view.download()}
          >
            {view.isExporting ? m.exporting : m.export}
          </Button>
        ) : null}
      </PageHeading>

      {view.failure ? (
        <Paper>
          <ErrorScreen detail={view.failure} onRefresh={() => void refetch()} />
        </Paper>
      ) : (
        <>
          <Paper
            component="section"
            aria-labelledby="profit-months-title"
            aria-busy={!profit}
            sx={{ p: { xs: 2, sm: 2.5 } }}
          >
            <Typography id="profit-months-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {m.months}
            </Typography>
            {profit ? (
              <Stack spacing={2}>
                <Totals profit={profit} />
                <MonthsChart profit={profit} />
              </Stack>
            ) : (
              <Stack spacing={2}>
                <Skeleton width="50%" height={48} />
                <ChartPlaceholder />
              </Stack>
            )}
          </Paper>
          <Paper sx={{ overflow: 'hidden' }}>
            <RefetchBar active={isFetching && Boolean(profit)} label={coreMessages.common.loading} />
            <ProfitTable profit={profit} />
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
              {m.howCounted}
            </Typography>
          </Paper>
        </>
      )}
    </Stack>
  );
}
