import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';

type StatTone = 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

interface StatCardProps {
  title: string;
  value: string;
  icon: ReactNode;
  tone?: StatTone;
  /** Where the card leads (SPEC.md §2: a card has an optional link). */
  to?: string;
  /** A line under the value (a count, or why the value is missing), in `detailColor`. */
  detail?: string;
  detailColor?: string;
}

function CardBody({
  title,
  value,
  icon,
  tone = 'primary',
  detail,
  detailColor = 'text.secondary',
  linked,
}: Omit<StatCardProps, 'to'> & { linked: boolean }) {
  return (
    <Stack spacing={1.5} sx={{ p: 2.25 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Avatar
          variant="rounded"
          sx={(theme) => ({
            width: 44,
            height: 44,
            color: theme.palette[tone].main,
            bgcolor: alpha(theme.palette[tone].main, theme.palette.mode === 'dark' ? 0.18 : 0.1),
          })}
        >
          {icon}
        </Avatar>
        {linked ? <ChevronRightRounded sx={{ color: 'text.secondary' }} aria-hidden /> : null}
      </Stack>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
        {detail ? (
          <Typography variant="body2" sx={{ color: detailColor }}>
            {detail}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}

/** A figure on the dashboard: title, value, icon and, optionally, the screen it leads to. */
export function StatCard({ to, ...body }: StatCardProps) {
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          <CardBody {...body} linked />
        </CardActionArea>
      ) : (
        <CardBody {...body} linked={false} />
      )}
    </Card>
  );
}

/** The shape of a StatCard while its figure loads. */
export function StatCardSkeleton() {
  return (
    <Card sx={{ height: '100%' }} aria-hidden>
      <Stack spacing={1.5} sx={{ p: 2.25 }}>
        <Skeleton variant="rounded" width={44} height={44} />
        <Box>
          <Skeleton width="70%" />
          <Skeleton width="45%" height={32} />
        </Box>
      </Stack>
    </Card>
  );
}
