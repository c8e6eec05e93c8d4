import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { toast } from './toast';
import { useActionWithToast, useSaveWithToast } from './entity-actions';

const options = { autoClose: 1234 };
const texts = { added: 'Added', updated: 'Updated', addFailed: 'Add failed', updateFailed: 'Update failed' };

/** A stand-in for an RTK Query trigger: resolves with `answer`, or rejects with `failure`. */
function trigger<Arg, Answer = unknown>(outcome: { answer?: Answer; failure?: unknown }) {
  return vi.fn((_arg: Arg) => ({
    unwrap: (): Promise<Answer> =>
      'failure' in outcome ? Promise.reject(outcome.failure) : Promise.resolve(outcome.answer as Answer),
  }));
}
const refusal = {
  status: 409,
  data: { status: false, message: 'Name taken', errors: [{ field: 'name', message: 'Name taken' }] },
};

afterEach(() => vi.restoreAllMocks());

describe('useSaveWithToast', () => {
  it('creates without an id and updates with one, toasting each success', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const create = trigger<{ name: string }>({ answer: {} });
    const update = trigger<{ id: string; body: { name: string } }>({ answer: {} });
    const { result } = renderHook(() => useSaveWithToast(create, update, texts, options));
    await act(async () =>
      expect(await result.current(undefined, { name: 'A' })).toEqual({ saved: true, fieldErrors: [] }),
    );
    expect(create).toHaveBeenCalledWith({ name: 'A' });
    expect(success).toHaveBeenLastCalledWith('Added', options);
    await act(async () => expect(await result.current('7', { name: 'B' })).toEqual({ saved: true, fieldErrors: [] }));
    expect(update).toHaveBeenCalledWith({ id: '7', body: { name: 'B' } });
    expect(success).toHaveBeenLastCalledWith('Updated', options);
  });

  it("toasts the server's reason and hands back its per-field reasons", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const { result } = renderHook(() =>
      useSaveWithToast(
        trigger({ failure: refusal }),
        trigger({ failure: { status: 500, data: null } }),
        texts,
        options,
      ),
    );
    await act(async () =>
      expect(await result.current(undefined, {})).toEqual({
        saved: false,
        fieldErrors: [{ field: 'name', message: 'Name taken' }],
      }),
    );
    expect(error).toHaveBeenLastCalledWith('Name taken', options);
    await act(async () => expect(await result.current('7', {})).toEqual({ saved: false, fieldErrors: [] }));
    expect(error).toHaveBeenLastCalledWith('Update failed', options);
  });
});

describe('useActionWithToast', () => {
  it('answers true and toasts the success text, or one made from the answer', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const fixed = renderHook(() => useActionWithToast(trigger<string>({ answer: null }), 'Deleted', 'No', options));
    await act(async () => expect(await fixed.result.current('1')).toBe(true));
    expect(success).toHaveBeenLastCalledWith('Deleted', options);
    const made = (answer: { created: number }) => `${answer.created} made`;
    const counted = renderHook(() =>
      useActionWithToast(trigger<string, { created: number }>({ answer: { created: 4 } }), made, 'No', options),
    );
    await act(async () => expect(await counted.result.current('1')).toBe(true));
    expect(success).toHaveBeenLastCalledWith('4 made', options);
  });

  it("answers false and toasts the server's reason, else the fallback", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const refused = renderHook(() =>
      useActionWithToast(trigger<string>({ failure: refusal }), 'Yes', 'Fallback', options),
    );
    await act(async () => expect(await refused.result.current('1')).toBe(false));
    expect(error).toHaveBeenLastCalledWith('Name taken', options);
    const silent = renderHook(() =>
      useActionWithToast(trigger<string>({ failure: { status: 500, data: null } }), 'Yes', 'Fallback', options),
    );
    await act(async () => expect(await silent.result.current('1')).toBe(false));
    expect(error).toHaveBeenLastCalledWith('Fallback', options);
  });
});
