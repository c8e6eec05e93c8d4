import type { DueGroup, DueList, DueListQuery, ReminderRecord } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS } from '@/lib/api-tags';
import { fileExportQuery, type FileExport } from '@/lib/file-export';
import { isDueList, isReminderRecord } from './answer-checks';

export type DueSortKey = NonNullable<DueListQuery['sortBy']>;

/** What the dues screen sends: the group, the page, the sort and the search. */
export interface DueListArgs {
  group: DueGroup;
  page: number;
  limit: number;
  sortBy: DueSortKey;
  sortOrder: 'ASC' | 'DESC';
  search?: string;
}

export type DueExportArgs = Omit<DueListArgs, 'page' | 'limit'>;

const api = baseApi.enhanceEndpoints({ addTagTypes: [API_TAGS.dues] });

/** Whether an answer carries a page of dues: status not false and data of the list's shape. */
const isDuePage = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status !== false &&
  isDueList((body as { data?: unknown }).data);

const queryParams = ({ search, ...params }: DueExportArgs & Partial<DueListArgs>) =>
  search ? { ...params, search } : params;

/** The dues calls (API modules/dues): a group's page with the summary, its CSV, and recording a reminder. */
const duesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDues: build.query<DueList, DueListArgs>({
      query: (args) => ({
        url: '/dues',
        params: queryParams(args),
        // A status false, or an answer that is not a page of dues, is a failure (SPEC.md §8).
        validateStatus: (response, body) => response.ok && isDuePage(body),
      }),
      transformResponse: (response: ApiEnvelope<DueList>) => response.data as DueList,
      providesTags: [API_TAGS.dues],
    }),
    exportDues: build.mutation<FileExport, DueExportArgs>({
      query: (args) => fileExportQuery('/dues/export', queryParams(args), `dues-${args.group}.csv`),
    }),
    // The row's last reminder and the summary's reminder figures change with it.
    recordReminder: build.mutation<
      ReminderRecord | undefined,
      { subscriptionId: string; group: DueGroup; channel: 'whatsapp' | 'sms' }
    >({
      query: ({ subscriptionId, group, channel }) => ({
        url: `/dues/${encodeURIComponent(subscriptionId)}/reminders`,
        method: 'POST',
        body: { group, channel },
      }),
      transformResponse: (response: ApiEnvelope<ReminderRecord>) =>
        isReminderRecord(response.data) ? (response.data as ReminderRecord) : undefined,
      invalidatesTags: [API_TAGS.dues],
    }),
  }),
});

export const { useListDuesQuery, useExportDuesMutation, useRecordReminderMutation } = duesApi;
