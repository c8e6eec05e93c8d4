import { describe, expect, it } from 'vitest';
// Every catalogue the product has, through the package's one entry point.
import '../index';
import { definedCatalogues, flatten, namespaceOf, sourceOf } from './catalogue';
import { hindiFiles } from './hindi';

const PLURAL_FORMS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** `generated_one` -> `generated`: the message a resource key belongs to. */
function messageKey(key: string): string {
  const parts = key.split('_');
  while (parts.length > 1 && (PLURAL_FORMS.has(parts.at(-1)!) || /^[a-z][A-Za-z]*$/.test(parts.at(-1)!))) {
    parts.pop();
  }
  return parts.join('_');
}

function variables(text: string): Set<string> {
  return new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!));
}

const english = new Map([...definedCatalogues()].map(([ns, typed]) => [ns, flatten(sourceOf(typed))]));
const hindi = new Map(hindiFiles.map((file) => [file.ns, file.resources]));

describe('the Hindi catalogue', () => {
  it('has a file for every English catalogue and none for a catalogue that does not exist', () => {
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
    expect(hindiFiles.length).toBe(hindi.size);
  });

  for (const [ns, en] of english) {
    describe(ns, () => {
      const hi = hindi.get(ns) ?? {};

      it('has exactly the keys and variants of the English texts', () => {
        expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
      });

      it('uses only the values the English message passes', () => {
        const passed = new Map<string, Set<string>>();
        for (const [key, text] of Object.entries(en)) {
          const names = passed.get(messageKey(key)) ?? new Set(['count']);
          for (const name of variables(text)) names.add(name);
          passed.set(messageKey(key), names);
        }
        const unknown = Object.entries(hi).flatMap(([key, text]) =>
          [...variables(text)]
            .filter((name) => !passed.get(messageKey(key))?.has(name))
            .map((name) => `${key}: {{${name}}}`),
        );
        expect(unknown).toEqual([]);
      });

      it('drops none of the values the English text shows', () => {
        const dropped = Object.entries(en).flatMap(([key, text]) =>
          [...variables(text)]
            .filter((name) => name !== 'count' && hi[key] !== undefined && !variables(hi[key]).has(name))
            .map((name) => `${key}: {{${name}}}`),
        );
        expect(dropped).toEqual([]);
      });
    });
  }

  it('names each catalogue by the namespace it was defined under', () => {
    for (const [ns, typed] of definedCatalogues()) expect(namespaceOf(typed)).toBe(ns);
  });
});
