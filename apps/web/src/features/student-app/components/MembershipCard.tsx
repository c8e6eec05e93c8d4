import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDateDMY, formatWindow, studentAppMessages as text, type StudentMembership } from '@app/shared';

const STATUS_COLOURS = { active: 'success', upcoming: 'info', expired: 'error' } as const;

function place(plan: StudentMembership): string {
  if (plan.seat_name) return plan.area_name ? text.home.seatInArea(plan.seat_name, plan.area_name) : plan.seat_name;
  return plan.area_name ? text.home.anySeatInArea(plan.area_name) : text.home.anySeat;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** One plan: seat or "any free seat" and its area, the daily window, the dates, days left, status. */
export function MembershipCard({ plan, title }: { plan: StudentMembership; title: string }) {
  const headline =
    plan.status === 'expired'
      ? text.home.expiredOn(formatDateDMY(plan.plan_expires_at))
      : plan.status === 'upcoming'
        ? text.home.startsOnDate(formatDateDMY(plan.joining_date))
        : text.home.daysLeft(plan.days_left);
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography variant="overline" component="h2" color="text.secondary">
            {title}
          </Typography>
          <Chip size="small" color={STATUS_COLOURS[plan.status]} label={text.home.status[plan.status]} />
        </Box>
        <Typography variant="h5" component="p" sx={{ mb: 0.5, fontSize: '1.6rem' }}>
          {place(plan)}
        </Typography>
        <Typography variant="h6" component="p" color={plan.status === 'expired' ? 'error' : 'primary'} sx={{ mb: 1 }}>
          {headline}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={text.home.window} value={formatWindow(plan.start_time, plan.end_time)} />
          <Row label={text.home.plan} value={text.home.planMonths(plan.duration)} />
          <Row label={text.home.joined} value={formatDateDMY(plan.joining_date)} />
          <Row label={text.home.expires} value={formatDateDMY(plan.plan_expires_at)} />
        </Box>
        {plan.balance > 0 && (
          <Link
            component={RouterLink}
            to="/student/payments"
            sx={{ display: 'inline-block', mt: 1, fontWeight: 700, color: 'warning.main' }}
          >
            {text.home.balanceDue(plan.balance)}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
