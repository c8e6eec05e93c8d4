import { describe, expect, it } from 'vitest';
import { paginate } from './envelope';

describe('paginate', () => {
  it('describes a middle page', () => {
    expect(paginate(2, 10, 35)).toEqual({
      currentPage: 2,
      totalPages: 4,
      totalItems: 35,
      itemsPerPage: 10,
      hasNextPage: true,
      hasPrevPage: true,
      nextPage: 3,
      prevPage: 1,
    });
  });
  it('has one empty page for an empty list', () => {
    expect(paginate(1, 10, 0)).toMatchObject({
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
      nextPage: null,
      prevPage: null,
    });
  });
  it('ends on the last page', () => {
    expect(paginate(4, 10, 40)).toMatchObject({ totalPages: 4, hasNextPage: false, nextPage: null, prevPage: 3 });
  });
});
