import type { z } from 'zod';
import type {
  ExpenseMonth,
  ExpenseRecord,
  expenseInputSchema,
  RecurringExpenseRecord,
  recurringExpenseInputSchema,
} from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS, EXPENSE_TAGS } from '@/lib/api-tags';

export type ExpenseBody = z.output<typeof expenseInputSchema>;
export type RecurringExpenseBody = z.output<typeof recurringExpenseInputSchema>;

const api = baseApi.enhanceEndpoints({ addTagTypes: [...EXPENSE_TAGS] });
const path = (id: string) => `/expenses/${encodeURIComponent(id)}`;
const recurringPath = (id: string) => `/expenses/recurring/${encodeURIComponent(id)}`;

/** The expenses calls (API modules/expenses): a month's expenses, and adding, changing and removing them. */
const expensesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExpenseMonth: build.query<ExpenseMonth, string>({
      query: (month) => ({ url: '/expenses', params: { month } }),
      transformResponse: (response: ApiEnvelope<ExpenseMonth>) => response.data as ExpenseMonth,
      providesTags: [API_TAGS.expenses],
    }),
    createExpense: build.mutation<ExpenseRecord, ExpenseBody>({
      query: (body) => ({ url: '/expenses', method: 'POST', body }),
      invalidatesTags: [...EXPENSE_TAGS],
    }),
    updateExpense: build.mutation<ExpenseRecord, { id: string; body: ExpenseBody }>({
      query: ({ id, body }) => ({ url: path(id), method: 'PUT', body }),
      invalidatesTags: [...EXPENSE_TAGS],
    }),
    deleteExpense: build.mutation<void, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      invalidatesTags: [...EXPENSE_TAGS],
    }),
    createRecurringExpense: build.mutation<RecurringExpenseRecord, RecurringExpenseBody>({
      query: (body) => ({ url: '/expenses/recurring', method: 'POST', body }),
      invalidatesTags: [...EXPENSE_TAGS],
    }),
    updateRecurringExpense: build.mutation<RecurringExpenseRecord, { id: string; body: RecurringExpenseBody }>({
      query: ({ id, body }) => ({ url: recurringPath(id), method: 'PUT', body }),
      invalidatesTags: [...EXPENSE_TAGS],
    }),
    stopRecurringExpense: build.mutation<void, string>({
      query: (id) => ({ url: recurringPath(id), method: 'DELETE' }),
      invalidatesTags: [...EXPENSE_TAGS],
    }),
  }),
});

export const {
  useGetExpenseMonthQuery,
  useCreateExpenseMutation,
  useUpdateExpenseMutation,
  useDeleteExpenseMutation,
  useCreateRecurringExpenseMutation,
  useUpdateRecurringExpenseMutation,
  useStopRecurringExpenseMutation,
} = expensesApi;
