/** The notes the server leaves in the address after a redirect (read by redirect-notices.tsx). */
export const NOTE_PARAMS = ['verified', 'emailChanged', 'error', 'authError', 'twoFactor'] as const;
