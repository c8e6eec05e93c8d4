import { librarySettingsRecordSchema, type LibrarySettings, type LibrarySettingsRecord } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS } from '@/lib/api-tags';

const api = baseApi.enhanceEndpoints({ addTagTypes: [API_TAGS.settings, API_TAGS.dues] });

/** Whether an answer carries the settings: status not false and data of their shape. */
const isSettings = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status !== false &&
  librarySettingsRecordSchema.safeParse((body as { data?: unknown }).data).success;

/** The library's settings (API modules/settings): UPI, the dues windows, reminders and the price list. */
const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<LibrarySettingsRecord, void>({
      // An answer that is not the settings' shape is a failure: the form must not start from it.
      query: () => ({ url: '/settings', validateStatus: (response, body) => response.ok && isSettings(body) }),
      transformResponse: (response: ApiEnvelope<LibrarySettingsRecord>) => response.data as LibrarySettingsRecord,
      providesTags: [API_TAGS.settings],
    }),
    // The dues' UPI links and reminder texts are made from the settings: they change with them.
    saveSettings: build.mutation<LibrarySettingsRecord, LibrarySettings>({
      query: (body) => ({ url: '/settings', method: 'PUT', body }),
      transformResponse: (response: ApiEnvelope<LibrarySettingsRecord>) => response.data as LibrarySettingsRecord,
      invalidatesTags: [API_TAGS.settings, API_TAGS.dues],
    }),
  }),
});

export const { useGetSettingsQuery, useSaveSettingsMutation } = settingsApi;
