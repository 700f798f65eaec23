/** The sign-in dialog's two tabs. */
export type AuthTab = 'signin' | 'signup';
