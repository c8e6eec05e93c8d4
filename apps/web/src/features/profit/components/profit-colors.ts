import { useTheme } from '@mui/material/styles';

/** The colours of the chart's three series, shared with the legend above it. */
export function useProfitColors() {
  const theme = useTheme();
  return {
    collected: theme.palette.success.main,
    expenses: theme.palette.warning.main,
    profit: theme.palette.primary.main,
  };
}
