import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatDateDMY,
  formatDateTimeDMY,
  studentAppMessages as text,
  type StudentDue,
  type StudentPayments,
} from '@app/shared';
import { studentApi } from '../api/calls';
import { libraryTimeZone } from '../api/library-time-zone';
import { useStudentData } from '../hooks/use-student-data';
import { DataState } from './DataState';
import { QrDrawing } from './QrDrawing';

function Due({ due }: { due: StudentDue }) {
  const [qrFailed, setQrFailed] = useState(false);
  const onFail = useCallback(() => setQrFailed(true), []);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h5" component="p" color="warning.main">
          {text.payments.amountDue(due.amount)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {text.payments.dueFor(formatDateDMY(due.plan_expires_at))}
        </Typography>
        {due.upi_link ? (
          <Stack spacing={2}>
            <Button variant="contained" size="large" href={due.upi_link}>
              {text.payments.payUpi}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {text.payments.payHint}
            </Typography>
            {!qrFailed && (
              <QrDrawing value={due.upi_link} label={text.payments.upiQrLabel(due.amount)} size={220} onFail={onFail} />
            )}
          </Stack>
        ) : (
          <Alert severity="info">{text.payments.askDesk}</Alert>
        )}
      </CardContent>
    </Card>
  );
}

function Payments({ data }: { data: StudentPayments }) {
  const timeZone = libraryTimeZone();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {text.payments.title}
      </Typography>
      <Typography variant="h6" component="h2">
        {text.payments.dues}
      </Typography>
      {data.dues.length === 0 ? (
        <Alert severity="success">{text.payments.noDues}</Alert>
      ) : (
        data.dues.map((due) => <Due key={due.subscription_id} due={due} />)
      )}
      <Typography variant="h6" component="h2">
        {text.payments.history}
      </Typography>
      {data.payments.length === 0 ? (
        <Typography color="text.secondary">{text.payments.noPayments}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {data.payments.map((payment, index) => (
              <ListItem key={payment.id} divider={index < data.payments.length - 1}>
                <ListItemText
                  primary={text.payments.paidOn(
                    payment.amount,
                    text.payments.modes[payment.mode] ?? payment.mode,
                    formatDateTimeDMY(payment.paid_at, timeZone),
                  )}
                  secondary={payment.receipt_no ? text.payments.receiptNo(payment.receipt_no) : undefined}
                  sx={payment.voided ? { textDecoration: 'line-through', opacity: 0.7 } : undefined}
                />
                {payment.voided && <Chip size="small" color="error" variant="outlined" label={text.payments.void} />}
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}

/** Payments and dues: what is owed with the UPI pay link and QR (when the library has a UPI ID), then every payment. */
export function PaymentsPage() {
  const payments = useStudentData('payments', studentApi.payments);
  return <DataState state={payments}>{(data) => <Payments data={data} />}</DataState>;
}
