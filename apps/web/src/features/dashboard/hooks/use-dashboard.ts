import { useState } from 'react';
import { DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod, dashboardMessages } from '@app/shared';
import { envelopeMessage, errorMessage } from '@/lib/api-errors';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useGetDashboardQuery } from '../api/dashboard-api';

const m = dashboardMessages;

/**
 * The text for a failed dashboard call (SPEC.md §8): the server's message; else
 * "Error fetching dashboard data" when the server answered without one, or
 * "Failed to fetch dashboard data" when no answer came at all.
 */
function dashboardFailure(error: unknown): string {
  const answered =
    typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
  if (answered) return envelopeMessage((error as { data?: unknown }).data) ?? m.fetchError;
  return errorMessage(error, m.fetchFailed);
}

/**
 * The dashboard's figures for the chosen period (last 24 hours at first). Every
 * change of period asks the server again: the figures move all day.
 */
export function useDashboard() {
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const query = useGetDashboardQuery(period, { refetchOnMountOrArgChange: true });
  const failure = query.isError ? dashboardFailure(query.error) : undefined;

  useFailureToast(failure, query.error);

  return {
    period,
    setPeriod,
    failure,
    refetch: query.refetch,
    /** The latest figures, possibly of the previous period while the new one loads. */
    data: query.data,
    /** The figures of the period shown, undefined while they load. */
    periodData: query.currentData,
  };
}
