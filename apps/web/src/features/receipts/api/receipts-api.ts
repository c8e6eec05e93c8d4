import type { ReceiptDocument, ReceiptLink } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS } from '@/lib/api-tags';
import { fileExportQuery, type FileExport } from '@/lib/file-export';

/** The two papers a receipt is laid out for: A5, and an 80 mm thermal roll. */
export type ReceiptPaper = 'a5' | '80mm';

interface PaperArgs {
  paymentId: string;
  paper: ReceiptPaper;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: [API_TAGS.receipts] });
const receiptUrl = (paymentId: string) => `/receipts/${encodeURIComponent(paymentId)}`;

// A failure still answers the JSON envelope: read it as such, so errorMessage finds the reason.
async function htmlOrFailure(response: Response): Promise<unknown> {
  const text = await response.text();
  if (response.ok) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The receipts calls (API modules/receipts): a receipt, its printable page and PDF, its share links. */
const receiptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReceipt: build.query<ReceiptDocument, string>({
      query: (paymentId) => receiptUrl(paymentId),
      transformResponse: (response: ApiEnvelope<ReceiptDocument>) => response.data as ReceiptDocument,
      providesTags: [API_TAGS.receipts],
    }),
    /**
     * The server's printable page as HTML text. It needs the bearer token, which a frame's own
     * request cannot carry, so the screen puts this text in its frame (`srcdoc`).
     */
    getReceiptView: build.query<string, PaperArgs>({
      query: ({ paymentId, paper }) => ({
        url: `${receiptUrl(paymentId)}/view`,
        params: { paper },
        responseHandler: htmlOrFailure,
      }),
      providesTags: [API_TAGS.receipts],
    }),
    downloadReceiptPdf: build.mutation<FileExport, PaperArgs>({
      query: ({ paymentId, paper }) => fileExportQuery(`${receiptUrl(paymentId)}/pdf`, { paper }, 'receipt.pdf'),
    }),
    createReceiptLink: build.mutation<ReceiptLink, string>({
      query: (paymentId) => ({ url: `${receiptUrl(paymentId)}/links`, method: 'POST' }),
      transformResponse: (response: ApiEnvelope<ReceiptLink>) => response.data as ReceiptLink,
    }),
    revokeReceiptLinks: build.mutation<unknown, string>({
      query: (paymentId) => ({ url: `${receiptUrl(paymentId)}/links`, method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetReceiptQuery,
  useGetReceiptViewQuery,
  useDownloadReceiptPdfMutation,
  useCreateReceiptLinkMutation,
  useRevokeReceiptLinksMutation,
} = receiptsApi;
