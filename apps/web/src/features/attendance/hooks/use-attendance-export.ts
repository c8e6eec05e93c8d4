import { deskMessages } from '@app/shared';
import { downloadExport } from '@/lib/file-export';
import {
  useExportAttendanceDayMutation,
  useExportMonthlyAttendanceMutation,
  useExportNotSeenMutation,
} from '../api/attendance-api';

const failed = deskMessages.attendance.exportFailed;

/** The attendance lists' CSV files, as the API makes them, downloaded. */
export function useAttendanceExport() {
  const [exportDay, day] = useExportAttendanceDayMutation();
  const [exportNotSeen, notSeen] = useExportNotSeenMutation();
  const [exportMonthly, monthly] = useExportMonthlyAttendanceMutation();
  return {
    today: () => downloadExport(exportDay, undefined, failed),
    notSeen: (days: number) => downloadExport(exportNotSeen, days, failed),
    monthly: (month: string) => downloadExport(exportMonthly, month, failed),
    isExporting: day.isLoading || notSeen.isLoading || monthly.isLoading,
  };
}
