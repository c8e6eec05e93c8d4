import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatRupees, type DashboardData, dashboardMessages } from '@app/shared';
import { DashboardSection } from './DashboardSection';
import { EmptyNote } from './EmptyNote';

const m = dashboardMessages;
type TopContent = DashboardData['topContent'][number];

function Thumbnail({ item }: { item: TopContent }) {
  if (item.thumbnailUrl) {
    return <Avatar variant="rounded" src={item.thumbnailUrl} alt={item.title} sx={{ width: 56, height: 56 }} />;
  }
  return (
    <Box
      sx={{
        width: 56,
        height: 56,
        flexShrink: 0,
        borderRadius: 1.5,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
        color: 'text.secondary',
        fontSize: 11,
        textAlign: 'center',
        lineHeight: 1.2,
      }}
    >
      {m.noImage}
    </Box>
  );
}

/** Top Content (SPEC.md §2): the best-earning plans of the period. */
export function TopContentList({ items }: { items: TopContent[] | undefined }) {
  return (
    <DashboardSection title={m.topContent}>
      {!items ? (
        <Stack spacing={2} aria-hidden>
          {[0, 1, 2].map((row) => (
            <Stack key={row} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Skeleton variant="rounded" width={56} height={56} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="30%" />
                <Skeleton width="60%" />
              </Box>
            </Stack>
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <EmptyNote text={m.noData} />
      ) : (
        <List disablePadding>
          {items.map((item) => (
            <ListItem key={item.title} disableGutters divider sx={{ gap: 2, alignItems: 'center', py: 1.25 }}>
              <Thumbnail item={item} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
                  {item.contentType}
                </Typography>
                <Typography variant="subtitle2" component="p">
                  {item.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {item.description}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <Typography variant="subtitle2" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatRupees(item.revenue)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {m.sales(item.totalSales)}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </DashboardSection>
  );
}
