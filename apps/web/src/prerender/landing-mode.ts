/**
 * The attribute the landing page's theme script puts on <html> when the page is to be painted
 * dark; the prerendered CSS keys its dark rules on it (see merge-renders).
 */
export const DARK_MODE_ATTRIBUTE = 'data-dark';
