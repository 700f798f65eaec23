import { useEffect } from 'react';
import {
  readLastCharacterId,
  rememberCharacter,
  useCharacter,
  useCharacters,
} from '../characters/api';
import { useConversation, useMessages } from '../chat-data/api';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * The character /chat shows: the address's (`characterId`), or, with nothing in the address, the
 * character last chatted with (remembered locally), brought into the address once the list says
 * it still exists; a remembered character that is gone is forgotten.
 */
export function useOpenCharacter(
  characterId: number | null,
  conversationInAddress: boolean,
  navigate: Navigate,
) {
  const characters = useCharacters();
  // /chat with nothing in the URL goes to the character last chatted with (remembered locally).
  const remembered = !conversationInAddress && characterId === null ? readLastCharacterId() : null;
  // Until the list says whether that character still exists, the page waits in the chat's shape
  // (header placeholder, loader) instead of flashing the welcome screen and then moving.
  const deciding = remembered !== null && characters.isPending;
  // Whether the list has it: undefined until the list is here (or nothing is remembered).
  const listed =
    remembered === null ? undefined : characters.data?.some((c) => c.id === remembered);
  const redirectTo = listed ? remembered : null;
  // The character on show: the address's, or the remembered one, which loads beside the list
  // (one round trip, not two) and opens at once, while the address is brought in line.
  const openId = characterId ?? (deciding ? remembered : redirectTo);
  const selected = useCharacter(openId);
  useEffect(() => {
    if (redirectTo) navigate(`/chat?character=${redirectTo}`, { replace: true });
  }, [redirectTo, navigate]);
  useEffect(() => {
    if (selected.data) rememberCharacter(selected.data.id);
  }, [selected.data]);
  // A remembered character that is gone (deleted on another device) is forgotten: later loads
  // neither ask for it nor have the server name it in the page.
  const gone = listed === false && !characters.isFetching;
  useEffect(() => {
    if (gone) rememberCharacter(null);
  }, [gone]);
  return { characters, selected, openId, deciding };
}

/**
 * A conversation's address: its messages load beside it and the character, and an address
 * without (or with the wrong) ?character= opens it with its own. True when its character was
 * deleted (the conversation is then shown read-only).
 */
export function useAddressedConversation(
  conversationId: number | null,
  characterId: number | null,
  navigate: Navigate,
) {
  const routeConversation = useConversation(conversationId);
  // Its messages load beside it and the character, not after the thread has mounted.
  useMessages(conversationId);
  const owner = routeConversation.data?.characterId ?? null;
  useEffect(() => {
    if (conversationId !== null && owner !== null && owner !== characterId) {
      navigate(`/chat/${conversationId}?character=${owner}`, { replace: true });
    }
  }, [conversationId, owner, characterId, navigate]);
  return routeConversation.data !== undefined && owner === null;
}
