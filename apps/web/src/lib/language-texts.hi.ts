import { translation } from '@app/shared';
import type { languageTexts } from './language-texts';

export default translation<typeof languageTexts>('webLanguage', {
  saveFailed: 'भाषा सहेजी नहीं जा सकी। कृपया फिर से प्रयास करें।',
});
