import type { ReactNode } from 'react';
import CardMembershipRounded from '@mui/icons-material/CardMembershipRounded';
import DashboardRounded from '@mui/icons-material/DashboardRounded';
import EventSeatRounded from '@mui/icons-material/EventSeatRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import MapRounded from '@mui/icons-material/MapRounded';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import PeopleAltRounded from '@mui/icons-material/PeopleAltRounded';
import PendingActionsRounded from '@mui/icons-material/PendingActionsRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import { messages } from '@app/shared';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

/** The sidebar links (SPEC.md §2 Shell); screens not built yet show the 404 until their issue lands. */
export const NAV_ITEMS: NavItem[] = [
  { label: messages.shell.dashboard, to: '/app/dashboard', icon: <DashboardRounded /> },
  { label: messages.shell.students, to: '/app/student', icon: <PeopleAltRounded /> },
  { label: messages.shell.area, to: '/app/area', icon: <MapRounded /> },
  { label: messages.shell.seats, to: '/app/seats', icon: <EventSeatRounded /> },
  { label: messages.shell.subscriptions, to: '/app/subscription', icon: <CardMembershipRounded /> },
  { label: messages.shell.feeReport, to: '/app/fee-report', icon: <ReceiptLongRounded /> },
  { label: messages.shell.dues, to: '/app/dues', icon: <PendingActionsRounded /> },
  { label: messages.shell.dayBook, to: '/app/day-book', icon: <MenuBookRounded /> },
  { label: messages.shell.notifications, to: '/app/notifications', icon: <NotificationsRounded /> },
  { label: messages.shell.activity, to: '/app/activity', icon: <HistoryRounded /> },
  { label: messages.shell.settings, to: '/app/settings', icon: <SettingsRounded /> },
];
