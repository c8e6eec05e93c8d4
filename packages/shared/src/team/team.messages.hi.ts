import { translation } from '../i18n/catalogue';
import type { teamRoleMessages } from './team.messages';

export default translation<typeof teamRoleMessages>('team', {
  forbidden: 'आपकी भूमिका में यह करने की अनुमति नहीं है। लाइब्रेरी के मालिक से कहें।',
  forbiddenTeam: 'टीम को सिर्फ़ लाइब्रेरी का मालिक संभाल सकता है।',
  forbiddenSettings: 'सेटिंग्स सिर्फ़ लाइब्रेरी का मालिक बदल सकता है।',
  forbiddenDelete: 'डेस्क स्टाफ़ कुछ भी हटा या निरस्त नहीं कर सकता। मैनेजर या मालिक से कहें।',
  forbiddenIdentity: 'डेस्क स्टाफ़ आधार नंबर या पहचान की फ़ोटो नहीं देख सकता। मैनेजर या मालिक से कहें।',
  forbiddenExport: 'डेस्क स्टाफ़ डेटा एक्सपोर्ट नहीं कर सकता। मैनेजर या मालिक से कहें।',
  forbiddenBroadcast: 'डेस्क स्टाफ़ सभी विद्यार्थियों को नोटिफ़िकेशन नहीं भेज सकता। मैनेजर या मालिक से कहें।',
  forbiddenManage: 'डेस्क स्टाफ़ यह नहीं कर सकता। मैनेजर या मालिक से कहें।',
  discountOverLimit: 'डेस्क स्टाफ़ प्राइस लिस्ट से ज़्यादा से ज़्यादा {{limit}} की छूट दे सकता है। मैनेजर या मालिक से कहें।',
  deskMaxDiscount: 'डेस्क ज़्यादा से ज़्यादा कितनी छूट दे सकता है',
  deskMaxDiscountInvalid: 'डेस्क की सबसे ज़्यादा छूट रुपये में लिखें (0: डेस्क कोई छूट नहीं देता)',
  roleOwner: 'मालिक',
  roleManager: 'मैनेजर',
  roleDesk: 'डेस्क',
});
