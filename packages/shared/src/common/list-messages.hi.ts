import { forms, translation } from '../i18n/catalogue';
import { PAGE_SIZES } from './constants';
import type { listMessages } from './list-messages';

export default translation<typeof listMessages>('list', {
  pageInvalid: 'पेज 1 या उससे बड़ी पूर्ण संख्या होनी चाहिए',
  limitInvalid: `लिमिट ${PAGE_SIZES.slice(0, -1).join(', ')} या ${String(PAGE_SIZES.at(-1))} होनी चाहिए`,
  sortByInvalid: forms({
    '': 'क्रम {{rest}} या {{last}} के अनुसार होना चाहिए',
    single: 'क्रम {{last}} के अनुसार होना चाहिए',
  }),
  sortOrderInvalid: 'क्रम की दिशा ASC या DESC होनी चाहिए',
  searchTooLong: 'खोज ज़्यादा से ज़्यादा 100 अक्षरों की हो',
});
