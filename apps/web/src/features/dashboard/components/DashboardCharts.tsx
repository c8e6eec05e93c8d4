import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatRupees, formatRupeesCompact, type DashboardData, dashboardMessages } from '@app/shared';
import { formatBucket } from './dashboard-format';
import { DashboardSection } from './DashboardSection';
import { EmptyNote } from './EmptyNote';
import { paymentModeName } from '@/components/payment-mode';

const m = dashboardMessages;
const CHART_HEIGHT = 280;

const rupees = (value: number | null) => formatRupees(value ?? 0);

/** Revenue per hour, day or month across the period (`financialStats`). */
function RevenueChart({ data }: { data: DashboardData }) {
  const theme = useTheme();
  const labels = data.financialStats.map((point) => point.date);
  return (
    <DashboardSection title={m.revenueOverTime}>
      <BarChart
        height={CHART_HEIGHT}
        hideLegend
        grid={{ horizontal: true }}
        borderRadius={4}
        margin={{ left: 8, right: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            data: labels,
            valueFormatter: (label: string, context) => formatBucket(label, data.bucket, context.location !== 'tick'),
            tickLabelStyle: { fontSize: 11 },
          },
        ]}
        yAxis={[{ valueFormatter: (value: number) => formatRupeesCompact(value), width: 56 }]}
        series={[
          {
            data: data.financialStats.map((point) => point.revenue),
            label: m.revenue,
            color: theme.palette.primary.main,
            valueFormatter: rupees,
          },
        ]}
      />
    </DashboardSection>
  );
}

/** Revenue by payment mode in the period (`contentStats`). */
function PaymentModeChart({ data }: { data: DashboardData }) {
  const theme = useTheme();
  const palette = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.warning.main,
    theme.palette.info.main,
    theme.palette.error.light,
  ];
  const slices = data.contentStats
    .map((mode, index) => ({
      id: mode.mode,
      label: paymentModeName(mode.mode),
      value: mode.amount,
      color: palette[index % palette.length],
    }))
    .filter((slice) => slice.value > 0);
  return (
    <DashboardSection title={m.byPaymentMode}>
      {slices.length === 0 ? (
        <Box sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center' }}>
          <EmptyNote text={m.noData} />
        </Box>
      ) : (
        <PieChart
          height={CHART_HEIGHT}
          series={[
            {
              data: slices,
              innerRadius: 56,
              outerRadius: 100,
              paddingAngle: 2,
              cornerRadius: 4,
              valueFormatter: (item) => formatRupees(item.value),
            },
          ]}
          slotProps={{ legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
        />
      )}
    </DashboardSection>
  );
}

/** The period's two charts; a lazy chunk of its own, so the figures show before the charting code arrives. */
export default function DashboardCharts({ data }: { data: DashboardData }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      <RevenueChart data={data} />
      <PaymentModeChart data={data} />
    </Box>
  );
}
