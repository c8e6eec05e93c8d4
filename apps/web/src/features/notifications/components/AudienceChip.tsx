import Chip from '@mui/material/Chip';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import { notificationMessages } from '@app/shared';

const h = notificationMessages.history;

/** Who a notification was for: every student, or the premium ones. */
export function AudienceChip({ premiumOnly }: { premiumOnly: boolean }) {
  return premiumOnly ? (
    <Chip size="small" color="secondary" icon={<WorkspacePremiumRounded />} label={h.audiencePremium} />
  ) : (
    <Chip size="small" variant="outlined" icon={<GroupsRounded />} label={h.audienceAll} />
  );
}
