/**
 * React 19 has useSyncExternalStore itself; the `use-sync-external-store/shim` package that
 * wouter imports is a copy for React 17 and older, which the chat's first load need not carry
 * (vite.config.ts points the shim here).
 */
export { useSyncExternalStore } from 'react';
