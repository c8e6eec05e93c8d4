import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatMonth, formatRupees, formatRupeesCompact, type ProfitMonth, profitMessages } from '@app/shared';
import { useProfitColors } from './profit-colors';

const m = profitMessages;
const CHART_HEIGHT = 300;

const rupees = (value: number | null) => formatRupees(value ?? 0);

/** Under the axis "Nov '26"; in the tooltip "November 2026". */
function monthLabel(month: string, full: boolean): string {
  if (full) return formatMonth(month, 'long');
  const [name = '', year = ''] = formatMonth(month).split(' ');
  return `${name} '${year.slice(2)}`;
}

/**
 * Fees collected, expenses and profit by month, as bars (a loss goes below zero). A lazy
 * chunk of its own, sharing MUI X Charts with the dashboard's charts; the table beside it
 * is the accessible form of the same figures, so the picture is one image with a name.
 */
export default function ProfitChart({ months }: { months: ProfitMonth[] }) {
  const colors = useProfitColors();
  return (
    <Box role="img" aria-label={m.chartLabel}>
      <BarChart
        height={CHART_HEIGHT}
        hideLegend
        grid={{ horizontal: true }}
        borderRadius={3}
        margin={{ left: 8, right: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            data: months.map((month) => month.month),
            valueFormatter: (month: string, context) => monthLabel(month, context.location !== 'tick'),
            tickLabelStyle: { fontSize: 11 },
          },
        ]}
        yAxis={[{ valueFormatter: (value: number) => formatRupeesCompact(value), width: 56 }]}
        series={[
          {
            data: months.map((month) => month.collected),
            label: m.columns.collected,
            color: colors.collected,
            valueFormatter: rupees,
          },
          {
            data: months.map((month) => month.expenses),
            label: m.columns.expenses,
            color: colors.expenses,
            valueFormatter: rupees,
          },
          {
            data: months.map((month) => month.profit),
            label: m.columns.profit,
            color: colors.profit,
            valueFormatter: rupees,
          },
        ]}
      />
    </Box>
  );
}
