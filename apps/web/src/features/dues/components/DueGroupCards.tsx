import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DUE_GROUPS, type DueGroup, type DuesSummary, duesMessages } from '@app/shared';

const m = duesMessages;

function groupHelp(group: DueGroup, summary: DuesSummary): string {
  if (group === 'expiring') return m.groupHelp.expiring(summary.expiring_days);
  if (group === 'expired') return m.groupHelp.expired(summary.grace_days);
  return m.groupHelp.unpaid;
}

interface DueGroupCardsProps {
  /** Unknown until the first page has loaded (or when it failed). */
  summary: DuesSummary | undefined;
  loading: boolean;
  selected: DueGroup;
  onSelect: (group: DueGroup) => void;
}

/**
 * The three groups as cards: what each holds (its window from the settings), how many dues
 * and how much; the pressed card is the group the list shows.
 */
export function DueGroupCards({ summary, loading, selected, onSelect }: DueGroupCardsProps) {
  return (
    <Box
      role="group"
      aria-label={m.title}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: { xs: 1.5, sm: 2 } }}
    >
      {DUE_GROUPS.map((group) => {
        const pressed = group === selected;
        return (
          <Card
            key={group}
            variant="outlined"
            sx={{
              borderWidth: 2,
              borderColor: pressed ? 'primary.main' : 'divider',
              bgcolor: pressed ? 'action.selected' : 'background.paper',
            }}
          >
            <CardActionArea
              aria-pressed={pressed}
              onClick={() => onSelect(group)}
              sx={{
                p: { xs: 1.5, sm: 2 },
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'stretch',
                justifyContent: 'flex-start',
              }}
            >
              <Typography variant="subtitle1" component="span" sx={{ display: 'block', fontWeight: 700 }}>
                {m.groups[group]}
              </Typography>
              <Typography
                variant="h6"
                component="span"
                sx={{
                  display: 'block',
                  fontVariantNumeric: 'tabular-nums',
                  color: pressed ? 'primary.main' : 'text.primary',
                }}
              >
                {summary ? (
                  m.groupTotal(summary[group].count, summary[group].amount)
                ) : loading ? (
                  <Skeleton width="60%" />
                ) : (
                  '—'
                )}
              </Typography>
              <Typography variant="body2" component="span" color="text.secondary" sx={{ display: 'block' }}>
                {summary ? groupHelp(group, summary) : loading ? <Skeleton width="85%" /> : null}
              </Typography>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
