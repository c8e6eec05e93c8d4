import { describe, expect, it } from 'vitest';
import { expenseCategorySchema } from './expenses.schema';
import { expenseMessages as m } from './expenses.messages';

describe('expenseCategorySchema', () => {
  it('reads a built-in category in any case as its key, so it is totalled with it', () => {
    for (const typed of ['rent', 'Rent', ' RENT ', 'Electricity']) {
      expect(expenseCategorySchema.parse(typed)).toBe(typed.trim().toLowerCase());
    }
  });

  it("keeps the owner's own category as typed, trimmed and with single spaces", () => {
    expect(expenseCategorySchema.parse('  Water   cans ')).toBe('Water cans');
    expect(expenseCategorySchema.parse('पानी')).toBe('पानी');
  });

  it('refuses a blank or malformed category with the catalogue message', () => {
    expect(expenseCategorySchema.safeParse('  ').error?.issues[0]?.message).toBe(m.categoryRequired);
    expect(expenseCategorySchema.safeParse('x').error?.issues[0]?.message).toBe(m.categoryInvalid);
    expect(expenseCategorySchema.safeParse('<script>').error?.issues[0]?.message).toBe(m.categoryInvalid);
  });
});
