import { defineMessages } from '../i18n/catalogue';

/** The words of formats (issue 20): the 12-hour clock's halves of the day. */
export const formatMessages = defineMessages('format', {
  am: 'AM',
  pm: 'PM',
});
