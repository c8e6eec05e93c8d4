import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatRupees, type DashboardData, dashboardMessages, feeMessages } from '@app/shared';
import { formatShortDate } from './dashboard-format';
import { DashboardSection } from './DashboardSection';
import { EmptyNote } from './EmptyNote';

const m = dashboardMessages;

type Transaction = DashboardData['recentTransactions'][number];

function TypeChip({ type }: { type: Transaction['type'] }) {
  const kinds = feeMessages.kinds;
  const label = { New: kinds.new, Renewal: kinds.renewal, Balance: kinds.balance, Adjustment: kinds.adjustment }[type];
  return <Chip size="small" variant="outlined" color={type === 'New' ? 'primary' : 'secondary'} label={label} />;
}

/** On a phone each fee is two lines: who, then when, how much and which kind. */
function TransactionList({ transactions, timeZone }: RecentTransactionsProps) {
  return (
    <List disablePadding aria-label={m.recentTransactions}>
      {transactions.map((transaction, index) => (
        <ListItem key={`${transaction.date}-${index}`} disableGutters divider sx={{ display: 'block', py: 1 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
            {transaction.userEmail}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {formatShortDate(transaction.date, timeZone)}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatRupees(transaction.amount)}
            </Typography>
            <TypeChip type={transaction.type} />
          </Box>
        </ListItem>
      ))}
    </List>
  );
}

interface RecentTransactionsProps {
  transactions: DashboardData['recentTransactions'];
  timeZone: string;
}

/** Recent Transactions (SPEC.md §2): the latest fees, whatever the period, with a way to all of them. */
export function RecentTransactions({ transactions, timeZone }: RecentTransactionsProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const viewAll = (
    <Button component={RouterLink} to="/app/transactions" size="small">
      {m.viewAll}
    </Button>
  );
  return (
    <DashboardSection title={m.recentTransactions} action={viewAll}>
      {transactions.length === 0 ? (
        <EmptyNote text={m.noTransactions} />
      ) : narrow ? (
        <TransactionList transactions={transactions} timeZone={timeZone} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={m.recentTransactions} sx={{ minWidth: 480 }}>
            <TableHead>
              <TableRow>
                <TableCell>{m.columns.user}</TableCell>
                <TableCell>{m.columns.date}</TableCell>
                <TableCell align="right">{m.columns.amount}</TableCell>
                <TableCell>{m.columns.type}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {transactions.map((transaction, index) => (
                <TableRow key={`${transaction.date}-${index}`}>
                  <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{transaction.userEmail}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(transaction.date, timeZone)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatRupees(transaction.amount)}
                  </TableCell>
                  <TableCell>
                    <TypeChip type={transaction.type} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </DashboardSection>
  );
}
