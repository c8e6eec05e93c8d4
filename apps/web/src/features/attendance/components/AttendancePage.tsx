import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { DEFAULT_NOT_SEEN_DAYS, MONTH_QUERY_PATTERN, todayIn, deskMessages } from '@app/shared';
import { PageHeading } from '@/components/PageHeading';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useAttendanceExport } from '../hooks/use-attendance-export';
import { MonthlyList } from './MonthlyList';
import { NOT_SEEN_CHOICES, NotSeenList } from './NotSeenList';
import { StudentHistoryDialog } from './StudentHistoryDialog';
import { TodayList } from './TodayList';

const a = deskMessages.attendance;
const TABS = ['today', 'not-seen', 'monthly'] as const;
type AttendanceTab = (typeof TABS)[number];
const TAB_LABELS: Record<AttendanceTab, string> = {
  today: a.tabs.today,
  'not-seen': a.tabs.notSeen,
  monthly: a.tabs.monthly,
};

/**
 * Attendance (issue 15 item 5): today's visits with who is inside now, the students not seen
 * for N days, and a month's attendance, each with its CSV; any row opens the student's history.
 * The list, N and the month live in the URL, so a reload or a shared link shows the same.
 */
export function AttendancePage() {
  const timeZone = useLibraryTimeZone();
  const thisMonth = todayIn(timeZone).slice(0, 7);
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('list') ?? '')
    ? (params.get('list') as AttendanceTab)
    : 'today';
  const daysParam = Number(params.get('days'));
  const days = NOT_SEEN_CHOICES.includes(daysParam) ? daysParam : DEFAULT_NOT_SEEN_DAYS;
  const monthParam = params.get('month') ?? '';
  const month = MONTH_QUERY_PATTERN.test(monthParam) && monthParam <= thisMonth ? monthParam : thisMonth;
  const exports = useAttendanceExport();
  const [history, setHistory] = useState<{ id: string; name: string } | null>(null);

  const change = (next: Record<string, string>) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      Object.entries(next).forEach(([key, value]) => updated.set(key, value));
      return updated;
    });

  return (
    <Stack spacing={3}>
      <PageHeading title={a.title} subtitle={a.subtitle} />
      <Tabs
        value={tab}
        onChange={(_event, value: AttendanceTab) => change({ list: value })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={a.title}
      >
        {TABS.map((value) => (
          <Tab key={value} value={value} label={TAB_LABELS[value]} />
        ))}
      </Tabs>
      {tab === 'today' ? (
        <TodayList
          timeZone={timeZone}
          exporting={exports.isExporting}
          onExport={() => void exports.today()}
          onHistory={setHistory}
        />
      ) : null}
      {tab === 'not-seen' ? (
        <NotSeenList
          days={days}
          onDays={(value) => change({ days: String(value) })}
          exporting={exports.isExporting}
          onExport={() => void exports.notSeen(days)}
          onHistory={setHistory}
        />
      ) : null}
      {tab === 'monthly' ? (
        <MonthlyList
          month={month}
          thisMonth={thisMonth}
          onMonth={(value) => change({ month: value })}
          exporting={exports.isExporting}
          onExport={() => void exports.monthly(month)}
          onHistory={setHistory}
        />
      ) : null}
      {history ? (
        <StudentHistoryDialog studentId={history.id} studentName={history.name} onClose={() => setHistory(null)} />
      ) : null}
    </Stack>
  );
}
