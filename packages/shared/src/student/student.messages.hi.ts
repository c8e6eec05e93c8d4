import { translation } from '../i18n/catalogue';
import type { studentSessionMessages } from './student.messages';

export default translation<typeof studentSessionMessages>('student', {
  signedIn: 'साइन इन हो गया',
  signedOut: 'साइन आउट हो गया',
  codeRequired: 'पेयरिंग कोड ज़रूरी है',
  codeInvalid: 'यह पेयरिंग कोड सही नहीं है। लाइब्रेरी से नया कोड माँगें।',
  me: 'आपकी सदस्यता',
  payments: 'आपके भुगतान',
  notifications: 'आपकी सूचनाएँ',
  notificationRead: 'सूचना पढ़ी हुई मार्क हो गई',
  notificationsRead: 'सभी सूचनाएँ पढ़ी हुई मार्क हो गईं',
  notificationNotFound: 'सूचना नहीं मिली',
  passKey: 'पास की कुंजी',
  sessionNotFound: 'यह फ़ोन अब साइन इन नहीं है',
  unpaired: 'फ़ोन विद्यार्थी ऐप से साइन आउट हो गया',
  deviceBrowser: 'ब्राउज़र',
  deviceLabel: '{{platform}} पर {{browser}}',
});
