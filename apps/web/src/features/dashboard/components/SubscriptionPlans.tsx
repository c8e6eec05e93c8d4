import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CardMembershipRounded from '@mui/icons-material/CardMembershipRounded';
import { type DashboardData, dashboardMessages } from '@app/shared';
import { formatCount } from './dashboard-format';
import { DashboardSection } from './DashboardSection';
import { EmptyNote } from './EmptyNote';

const m = dashboardMessages;

/** Subscription Plans (SPEC.md §2): each plan length with the students on it today. */
export function SubscriptionPlans({ plans }: { plans: DashboardData['subscriptionStats'] }) {
  return (
    <DashboardSection title={m.subscriptionPlans}>
      {plans.length === 0 ? (
        <EmptyNote text={m.noActivePlans} />
      ) : (
        <List disablePadding>
          {plans.map((plan) => (
            <ListItem key={plan.planName} disableGutters divider sx={{ gap: 2, py: 1.25 }}>
              <Avatar
                variant="rounded"
                sx={(theme) => ({
                  color: theme.palette.secondary.main,
                  bgcolor: alpha(theme.palette.secondary.main, theme.palette.mode === 'dark' ? 0.18 : 0.1),
                })}
              >
                <CardMembershipRounded fontSize="small" />
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="p">
                  {plan.planName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {plan.description}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography variant="h6" component="p" sx={{ lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(plan.totalSubscribers)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {m.subscribersUnit(plan.totalSubscribers)}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </DashboardSection>
  );
}
