import type {
  InvitationAcceptInput,
  InvitationCreateInput,
  InvitationPreview,
  PasswordChangeInput,
  PersonCreated,
  PersonCreateInput,
  Role,
  Team,
  TeamActivity,
  TeamInvitation,
  TeamPerson,
} from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

const TEAM = 'Team';
const api = baseApi.enhanceEndpoints({ addTagTypes: [TEAM] });
const person = (id: string) => `/team/people/${encodeURIComponent(id)}`;
const invitation = (id: string) => `/team/invitations/${encodeURIComponent(id)}`;
const token = (value: string) => `/invitations/${encodeURIComponent(value)}`;
const data = <T>(response: ApiEnvelope<T>) => response.data as T;

/** The team calls (API modules/team): the owner's Team screen, the invitation page, one's own password. */
const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeam: build.query<Team, void>({
      query: () => ({ url: '/team' }),
      transformResponse: data<Team>,
      providesTags: [TEAM],
    }),
    getTeamActivity: build.query<TeamActivity, { person?: string; limit?: number }>({
      query: (params) => ({ url: '/team/activity', params }),
      transformResponse: data<TeamActivity>,
      providesTags: [TEAM],
    }),
    invitePerson: build.mutation<TeamInvitation, InvitationCreateInput>({
      query: (body) => ({ url: '/team/invitations', method: 'POST', body }),
      transformResponse: data<TeamInvitation>,
      invalidatesTags: [TEAM],
    }),
    resendInvitation: build.mutation<TeamInvitation, string>({
      query: (id) => ({ url: `${invitation(id)}/resend`, method: 'POST' }),
      invalidatesTags: [TEAM],
    }),
    revokeInvitation: build.mutation<void, string>({
      query: (id) => ({ url: invitation(id), method: 'DELETE' }),
      invalidatesTags: [TEAM],
    }),
    addPerson: build.mutation<PersonCreated, PersonCreateInput>({
      query: (body) => ({ url: '/team/people', method: 'POST', body }),
      transformResponse: data<PersonCreated>,
      invalidatesTags: [TEAM],
    }),
    changeRole: build.mutation<TeamPerson, { id: string; role: Role }>({
      query: ({ id, role }) => ({ url: person(id), method: 'PATCH', body: { role } }),
      invalidatesTags: [TEAM],
    }),
    deactivatePerson: build.mutation<TeamPerson, string>({
      query: (id) => ({ url: `${person(id)}/deactivate`, method: 'POST' }),
      invalidatesTags: [TEAM],
    }),
    reactivatePerson: build.mutation<TeamPerson, string>({
      query: (id) => ({ url: `${person(id)}/reactivate`, method: 'POST' }),
      invalidatesTags: [TEAM],
    }),
    // The invitation page is used signed out: its 401s and 410s are answers, not a session ending.
    previewInvitation: build.query<InvitationPreview, string>({
      query: (value) => ({ url: token(value) }),
      transformResponse: data<InvitationPreview>,
      extraOptions: { public: true },
    }),
    acceptInvitation: build.mutation<ApiEnvelope, { token: string; body: InvitationAcceptInput }>({
      query: ({ token: value, body }) => ({ url: `${token(value)}/accept`, method: 'POST', body }),
      extraOptions: { public: true },
    }),
    changeOwnPassword: build.mutation<ApiEnvelope, PasswordChangeInput>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetTeamQuery,
  useGetTeamActivityQuery,
  useInvitePersonMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useAddPersonMutation,
  useChangeRoleMutation,
  useDeactivatePersonMutation,
  useReactivatePersonMutation,
  usePreviewInvitationQuery,
  useAcceptInvitationMutation,
  useChangeOwnPasswordMutation,
} = teamApi;
