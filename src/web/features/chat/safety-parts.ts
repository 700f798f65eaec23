/**
 * The safety notices' chunk (decision 0042): one dynamic import for all of it, as each import
 * site costs the chat's first load its list of files (see lazy-parts.ts).
 */
export { NoticeCard } from './NoticeCard';
export { PausedBanner } from './PausedBanner';
export { ADULTS_ONLY_PAUSED_MESSAGE } from '../../../shared/safety/rules';
