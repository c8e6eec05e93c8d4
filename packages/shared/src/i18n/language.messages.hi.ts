import { translation } from './catalogue';
import type { languageMessages } from './language.messages';

export default translation<typeof languageMessages>('language', {
  label: 'भाषा',
  saved: 'भाषा सहेज ली गई',
  invalid: 'भाषा अंग्रेज़ी (en) या हिंदी (hi) होनी चाहिए',
  saveFailed: 'भाषा सहेजी नहीं जा सकी। कृपया फिर से प्रयास करें।',
});
