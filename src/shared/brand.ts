/** Product-wide names and facts shown in copy. */
export const APP_NAME = 'Reverie';
export const COPYRIGHT_YEAR = 2025;
export const MINIMUM_AGE = 18;
