// No zod here: the message catalogue imports this file, and the sign-in page's first load
// must not pull the schema library in with it (docs/performance.md).
import { defineMessages, msg } from '../i18n/catalogue';
import { PAGE_SIZES } from './constants';

/** "a, b or c" */
const orList = (items: readonly (string | number)[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${String(items.at(-1))}`;

/** The messages of every list's query (gathered into the catalogue as `messages.list`). */
export const listMessages = defineMessages('list', {
  pageInvalid: 'Page must be a whole number from 1',
  limitInvalid: `Limit must be ${orList(PAGE_SIZES)}`,
  /**
   * Names the list's own sort keys, "a, b or c": the "or" is the template's, so that another
   * language words it (`single`: one key, or none).
   */
  sortByInvalid: msg(
    { '': 'Sort by {{rest}} or {{last}}', single: 'Sort by {{last}}' },
    (sortKeys: readonly string[]) =>
      sortKeys.length < 2
        ? { context: 'single', last: sortKeys.join('') }
        : { rest: sortKeys.slice(0, -1).join(', '), last: String(sortKeys.at(-1)) },
  ),
  sortOrderInvalid: 'Sort order must be ASC or DESC',
  searchTooLong: 'Search at most 100 characters',
});
