import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatRupees, type ExpenseMonth, expenseMessages } from '@app/shared';
import { categoryLabel } from './expense-format';

const m = expenseMessages;

function SummaryPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Each category's amount and count, largest first, with a bar for its share of the month. */
function CategoryShares({ month }: { month: ExpenseMonth }) {
  if (month.by_category.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {m.empty}
      </Typography>
    );
  }
  const shares = [...month.by_category].sort((a, b) => b.amount - a.amount);
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        columnGap: 4,
        rowGap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {shares.map((share) => (
        <Box component="li" key={share.category} sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {categoryLabel(share.category)}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {m.count(share.count)}
              </Typography>
            </Typography>
            <Typography
              variant="body2"
              sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 }}
            >
              {formatRupees(share.amount)}
            </Typography>
          </Box>
          <LinearProgress
            aria-hidden
            variant="determinate"
            value={month.total > 0 ? (share.amount / month.total) * 100 : 0}
            sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
          />
        </Box>
      ))}
    </Box>
  );
}

/** The month's total spent and how it splits by category. */
export function ExpenseSummary({ month }: { month: ExpenseMonth | undefined }) {
  return (
    <Box
      aria-busy={!month}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr)' } }}
    >
      <SummaryPanel id="expenses-total" title={m.total}>
        {month ? (
          <>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
            >
              {formatRupees(month.total)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {m.count(month.expenses.length)}
            </Typography>
          </>
        ) : (
          <>
            <Skeleton width="60%" height={42} />
            <Skeleton width="35%" />
          </>
        )}
      </SummaryPanel>
      <SummaryPanel id="expenses-by-category" title={m.byCategory}>
        {month ? (
          <CategoryShares month={month} />
        ) : (
          <>
            <Skeleton width="80%" />
            <Skeleton width="65%" />
          </>
        )}
      </SummaryPanel>
    </Box>
  );
}
