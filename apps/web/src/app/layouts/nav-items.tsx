import type { ReactNode } from 'react';
import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import CardMembershipRounded from '@mui/icons-material/CardMembershipRounded';
import DashboardRounded from '@mui/icons-material/DashboardRounded';
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import EventSeatRounded from '@mui/icons-material/EventSeatRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import MapRounded from '@mui/icons-material/MapRounded';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import PeopleAltRounded from '@mui/icons-material/PeopleAltRounded';
import PendingActionsRounded from '@mui/icons-material/PendingActionsRounded';
import QrCodeScannerRounded from '@mui/icons-material/QrCodeScannerRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import { type Ability, teamScreenMessages, coreMessages, deskMessages } from '@app/shared';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Shown only to a role that may do this (issue 16); every signed-in person otherwise. */
  ability?: Ability;
}

/** The sidebar links (SPEC.md §2 Shell); screens not built yet show the 404 until their issue lands. */
export const NAV_ITEMS: NavItem[] = [
  { label: coreMessages.shell.dashboard, to: '/app/dashboard', icon: <DashboardRounded /> },
  { label: deskMessages.nav.checkIn, to: '/app/check-in', icon: <QrCodeScannerRounded /> },
  { label: deskMessages.nav.attendance, to: '/app/attendance', icon: <EventAvailableRounded /> },
  { label: coreMessages.shell.students, to: '/app/student', icon: <PeopleAltRounded /> },
  { label: coreMessages.shell.area, to: '/app/area', icon: <MapRounded /> },
  { label: coreMessages.shell.seats, to: '/app/seats', icon: <EventSeatRounded /> },
  { label: coreMessages.shell.subscriptions, to: '/app/subscription', icon: <CardMembershipRounded /> },
  { label: coreMessages.shell.feeReport, to: '/app/fee-report', icon: <ReceiptLongRounded /> },
  { label: coreMessages.shell.dues, to: '/app/dues', icon: <PendingActionsRounded /> },
  { label: coreMessages.shell.dayBook, to: '/app/day-book', icon: <MenuBookRounded /> },
  { label: coreMessages.shell.expenses, to: '/app/expenses', icon: <AccountBalanceWalletRounded />, ability: 'manage' },
  { label: coreMessages.shell.profit, to: '/app/profit', icon: <InsightsRounded />, ability: 'manage' },
  { label: coreMessages.shell.notifications, to: '/app/notifications', icon: <NotificationsRounded /> },
  { label: coreMessages.shell.activity, to: '/app/activity', icon: <HistoryRounded />, ability: 'manage' },
  { label: coreMessages.shell.settings, to: '/app/settings', icon: <SettingsRounded />, ability: 'settings' },
  { label: teamScreenMessages.nav, to: '/app/team', icon: <GroupsRounded />, ability: 'team' },
];
