import { translation } from '../i18n/catalogue';
import type { formatMessages } from './format.messages';

export default translation<typeof formatMessages>('format', {
  am: 'पूर्वाह्न',
  pm: 'अपराह्न',
});
