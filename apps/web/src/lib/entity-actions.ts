import { useCallback } from 'react';
import { toast, type ToastOptions } from '@/lib/toast';
import type { FieldError } from '@app/shared';
import { errorMessage } from './api-errors';

/** What saving a form answers: whether it worked, and the server's per-field reasons if not. */
export interface SaveResult {
  saved: boolean;
  /** The server's per-field reasons, to show under the fields too. */
  fieldErrors: FieldError[];
}

/** The `errors[]` of a failure envelope, or none. */
export function fieldErrors(error: unknown): FieldError[] {
  const data = (error as { data?: { errors?: unknown } } | undefined)?.data;
  return Array.isArray(data?.errors) ? (data.errors as FieldError[]) : [];
}

/** An RTK Query mutation trigger: its result unwraps to the answer, or throws the failure. */
type Trigger<Arg, Result = unknown> = (arg: Arg) => { unwrap: () => Promise<Result> };

/** The toasts of an entity's add and update: the feature's own catalogue texts. */
export interface SaveTexts {
  added: string;
  updated: string;
  addFailed: string;
  updateFailed: string;
}

/**
 * Add (no id) or update (an id) with toasts (SPEC.md §8): `added`/`updated` when it works,
 * else the server's reason, or `addFailed`/`updateFailed` when it gives none. `texts` and
 * `options` should be constants, as they key the callback.
 */
export function useSaveWithToast<Body>(
  create: Trigger<Body>,
  update: Trigger<{ id: string; body: Body }>,
  texts: SaveTexts,
  options: ToastOptions,
) {
  return useCallback(
    async (id: string | undefined, body: Body): Promise<SaveResult> => {
      try {
        if (id) await update({ id, body }).unwrap();
        else await create(body).unwrap();
        toast.success(id ? texts.updated : texts.added, options);
        return { saved: true, fieldErrors: [] };
      } catch (error) {
        toast.error(errorMessage(error, id ? texts.updateFailed : texts.addFailed), options);
        return { saved: false, fieldErrors: fieldErrors(error) };
      }
    },
    [create, update, texts, options],
  );
}

/**
 * One call with toasts (SPEC.md §8): `success` (a text, or made from the answer) when it
 * works, else the server's reason or `failure`. Answers whether it worked. `success`,
 * `failure` and `options` should be constants, as they key the callback.
 */
export function useActionWithToast<Arg, Result>(
  trigger: Trigger<Arg, Result>,
  success: string | ((result: Result) => string),
  failure: string,
  options: ToastOptions,
) {
  return useCallback(
    async (arg: Arg): Promise<boolean> => {
      try {
        const result = await trigger(arg).unwrap();
        toast.success(typeof success === 'function' ? success(result) : success, options);
        return true;
      } catch (error) {
        toast.error(errorMessage(error, failure), options);
        return false;
      }
    },
    [trigger, success, failure, options],
  );
}
