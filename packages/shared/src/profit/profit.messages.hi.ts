import { translation } from '../i18n/catalogue';
import type { profitMessages } from './profit.messages';

export default translation<typeof profitMessages>('profit', {
  title: 'मुनाफ़ा',
  subtitle: 'हर महीने वसूली गई फ़ीस में से ख़र्च घटाकर',
  months: 'पिछले 12 महीने',
  columns: { month: 'महीना', collected: 'वसूली गई फ़ीस', expenses: 'ख़र्च', profit: 'मुनाफ़ा' },
  total: 'कुल',
  chartLabel: 'हर महीने की वसूली गई फ़ीस, ख़र्च और मुनाफ़ा',
  export: 'CSV एक्सपोर्ट करें',
  exporting: 'एक्सपोर्ट कर रहे हैं...',
  exportFailed: 'मुनाफ़ा एक्सपोर्ट नहीं हो सका',
  fetchFailed: 'मुनाफ़ा नहीं मिल सका',
  monthsInvalid: 'months 1 से 24 तक की पूर्ण संख्या होनी चाहिए',
  loss: 'घाटा {{amount}}',
  dashboardCard: 'इस महीने का मुनाफ़ा',
  viewProfit: 'मुनाफ़ा देखें',
  empty: 'इन महीनों में न कुछ वसूला गया, न ख़र्च हुआ',
  dashboardDetail: '{{collected}} वसूली − {{expenses}} ख़र्च',
  howCounted: 'फ़ीस उसी दिन गिनी जाती है जिस दिन मिली, रिफ़ंड और निरस्त भुगतान घटाकर; ख़र्च अपनी तारीख पर।',
});
