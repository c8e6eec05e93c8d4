import type { FetchArgs } from '@reduxjs/toolkit/query';
import { toast } from '@/lib/toast';
import { errorMessage } from './api-errors';

/** A file ready to save: an object URL the caller revokes once the download has started. */
export interface FileExport {
  url: string;
  fileName: string;
}

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

// Failures still answer the JSON envelope; anything else is kept as text for the error path.
async function readFailure(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A list's CSV export as an API call (`GET url?params`). It goes through the API client, so
 * it carries the bearer token and meets the one 401 handler; the file itself is turned into
 * an object URL here, so no Blob ever reaches the store. `fallbackName` names the file when
 * the server does not.
 */
export function fileExportQuery(url: string, params: Record<string, unknown>, fallbackName: string): FetchArgs {
  return {
    url,
    method: 'GET',
    params,
    responseHandler: async (response) => {
      if (!response.ok) return readFailure(response);
      const blob = await response.blob();
      return { url: URL.createObjectURL(blob), fileName: fileNameOf(response, fallbackName) } satisfies FileExport;
    },
  };
}

// The browser has started reading the file well before this; the URL is only a handle.
const REVOKE_AFTER_MS = 10_000;

/** Saves an object URL as a file, the way a download link would. */
export function saveFile({ url, fileName }: FileExport) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Runs an export call and saves its file; a failure toasts the server's message, else
 * `failure`. `trigger` is an RTK Query mutation trigger answering a FileExport.
 */
export async function downloadExport<Arg>(
  trigger: (arg: Arg) => { unwrap: () => Promise<FileExport> },
  arg: Arg,
  failure: string,
) {
  try {
    saveFile(await trigger(arg).unwrap());
  } catch (error) {
    toast.error(errorMessage(error, failure));
  }
}
