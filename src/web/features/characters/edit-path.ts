/**
 * Where the edit page's chat settings begin: the 'Character Settings' menu item and the old
 * /settings/{id} address lead there. (A module of its own: the chat page's menu links here
 * without loading the form's code.)
 */
export const CHAT_SETTINGS_ANCHOR = 'chat-settings';

/** The one page that edits a character, at its chat settings when asked. */
export const editPath = (id: number | string, section?: typeof CHAT_SETTINGS_ANCHOR) =>
  `/edit/${id}${section ? `#${section}` : ''}`;
