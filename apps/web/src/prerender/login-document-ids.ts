/** The id of the <template> holding the password toggle's "hide" icon (rendered by login-document, used by login-enhance). */
export const HIDE_ICON_TEMPLATE_ID = 'password-hide-icon';
