import { forms, translation } from '../i18n/catalogue';
import type { feeMessages } from './fees.messages';

export default translation<typeof feeMessages>('fees', {
  title: 'फ़ीस रिपोर्ट',
  searchPlaceholder: 'विद्यार्थी खोजें...',
  search: 'खोजें',
  clear: 'साफ़ करें',
  export: 'CSV डाउनलोड करें',
  exporting: 'डाउनलोड हो रहा है...',
  exportFailed: 'फ़ीस रिपोर्ट डाउनलोड नहीं हो सकी',
  clearSearch: 'खोज हटाएँ',
  rowsPerPage: 'हर पेज पर पंक्तियाँ:',
  columns: {
    no: 'क्र.',
    studentName: 'विद्यार्थी का नाम',
    mobile: 'मोबाइल',
    amount: 'रकम',
    duration: 'अवधि',
    status: 'स्थिति',
    createdAt: 'कब बनी',
    updatedAt: 'कब बदली',
    actions: 'कार्रवाई',
  },
  durationValue: forms({
    one: '{{count}} {{unit}}',
    other: '{{count}} {{unit}}',
    months_one: '{{count}} महीना',
    months_other: '{{count}} महीने',
  }),
  empty: 'कोई रिकॉर्ड नहीं मिला',
  fetchFailed: 'फ़ीस की जानकारी नहीं मिल सकी',
  invalidRange: 'शुरू की तारीख आखिरी तारीख से पहले या उसी दिन की होनी चाहिए',
  invalidDate: 'तारीख YYYY-MM-DD में डालें',
  statusInvalid: 'status paid या void होना चाहिए',
  modeInvalid: 'भुगतान का तरीका पहचाना नहीं गया',
});
