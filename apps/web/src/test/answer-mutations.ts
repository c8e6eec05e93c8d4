const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  'x',
  0,
  -1,
  1.5,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  {},
  ['x'],
];

/**
 * `value` changed in one place each time: the whole, every key and every array item replaced by each
 * odd value (and by `extraValues`, such as another enum's members), and every key removed. For tests
 * of hand-written answer checks against the shared schemas (lib/answer-checks.ts).
 */
export function* answerMutations(value: unknown, extraValues: unknown[] = []): Generator<unknown> {
  yield* ODD_VALUES;
  yield* extraValues;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      for (const changed of answerMutations(value[index], extraValues)) {
        yield value.map((item, at) => (at === index ? changed : item));
      }
    }
  } else if (typeof value === 'object' && value !== null) {
    const fields = value as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      const { [key]: _removed, ...rest } = fields;
      yield rest;
      for (const changed of answerMutations(fields[key], extraValues)) yield { ...fields, [key]: changed };
    }
  }
}
