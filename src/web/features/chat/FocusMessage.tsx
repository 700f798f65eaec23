import { useEffect } from 'react';
import { useFocusMessage } from './use-focus-message';

/**
 * useFocusMessage as a part of its own, loaded only when a memory's link names a message (few
 * chat visits do; see lazy-parts.ts). Says which message to mark once it is found.
 */
export function FocusMessage({
  onFound,
  ...find
}: Parameters<typeof useFocusMessage>[0] & { onFound: (messageId: number | null) => void }) {
  const found = useFocusMessage(find);
  useEffect(() => onFound(found), [found, onFound]);
  return null;
}
