import { useState } from 'react';
import type { Character } from '../../../shared/characters/contract';
import { toast, toastError } from '../../components/ui/toast';
import { useCredits } from '../chat-data/api';
import { useReplyCost } from './reply-cost';
import type { DisplayMessage } from './display-message';
import type { TreeActions } from './MessageToolbar';
import { useDeleteMessage, useEditMessage, useSwitchBranch } from './mutations';
import type { useSendMessage } from './use-send-message';

/** A stored message, as a regenerate names it. */
interface Stored {
  id: number;
  parentId: number | null;
  content: string;
}

const storedOf = (m: DisplayMessage & { id: number }): Stored => ({
  id: m.id,
  parentId: m.parentId ?? null,
  content: m.content,
});

/** The reply's Regenerate button, given the focus back when its confirmation is cancelled. */
function focusRegenerate(messageId: number) {
  document
    .querySelector<HTMLElement>(`[data-message-id="${messageId}"] [data-action="regenerate"]`)
    ?.focus();
}

/**
 * What the thread's messages can do, and the questions asked first: delete (always confirmed),
 * regenerate (confirmed when later messages would move to another branch; the newest reply's
 * is one press), after an edit of the user's message the offer of a new reply to it (a reply's
 * edit offers nothing: the user wrote what they wanted), and 'Remember this', which opens the
 * fact to keep for the user to edit first.
 */
export function useThreadActions({
  character,
  activeId,
  paused,
  sending,
  messages,
  onBranchFrom,
  onBranchChanged,
}: {
  character: Character;
  activeId: number | null;
  paused: boolean;
  sending: ReturnType<typeof useSendMessage>;
  /** Every message of the thread (not only those shown while branching from a reply). */
  messages: DisplayMessage[];
  onBranchFrom: (messageId: number | null) => void;
  onBranchChanged: () => void;
}) {
  const { busy, send, rework } = sending;
  const editMessage = useEditMessage();
  const switchBranch = useSwitchBranch();
  const deleteMessage = useDeleteMessage();
  const replyCost = useReplyCost();
  const left = useCredits().data;
  const [deleting, setDeleting] = useState<number | null>(null);
  // An earlier reply whose new version waits for the user's yes.
  const [confirming, setConfirming] = useState<Stored | null>(null);
  // After an edit: the reply to the edited message, offered for a new version.
  const [offer, setOffer] = useState<Stored | null>(null);
  // 'Remember this' pressed: the message whose fact is being written.
  const [remembering, setRemembering] = useState<Stored | null>(null);
  const treeBusy = busy || switchBranch.isPending || deleteMessage.isPending;
  /** Whether stored messages follow this one (a new version of it moves them away). */
  const laterMessages = (id: number) =>
    messages
      .slice(messages.findIndex((m) => m.id === id) + 1)
      .some((m) => typeof m.id === 'number');

  /** Resolves true when saved; the inline editor stays open (with the draft) otherwise. */
  const edit = async (messageId: number, text: string) => {
    if (activeId === null) return false;
    try {
      await editMessage.mutateAsync({ messageId, text, conversationId: activeId });
      toast({ title: 'Message edited', description: 'Updated successfully' });
      // The user's message: the reply to it is offered again. A reply's edit has none (what
      // follows a reply is the user's).
      const reply = messages.find(
        (m): m is DisplayMessage & { id: number } =>
          m.sender === 'ai' && m.parentId === messageId && typeof m.id === 'number',
      );
      if (reply && !paused) setOffer(storedOf(reply));
      return true;
    } catch (error) {
      toastError(error);
      return false;
    }
  };

  const regenerate = (target: Stored) => {
    setOffer(null);
    void rework('regenerate', target);
  };

  /** The tree actions a stored message offers (the newest reply can also be continued). */
  const treeActions = (m: DisplayMessage, newest: boolean): TreeActions | undefined => {
    if (typeof m.id !== 'number' || activeId === null) return undefined;
    const id = m.id;
    const stored = storedOf({ ...m, id });
    const ai = m.sender === 'ai';
    const asks = !paused; // a paused account's reply requests are refused
    // A reply the model can write again or go on with: not a picture, asked for anew (issue 50).
    const reworkable = asks && ai && !m.attachments?.length;
    return {
      busy: treeBusy,
      onSwitch: (messageId: number) =>
        switchBranch
          .mutateAsync({ conversationId: activeId, messageId })
          .then(onBranchChanged, toastError),
      onRegenerate:
        reworkable && stored.parentId !== null
          ? () => (laterMessages(id) ? setConfirming(stored) : regenerate(stored))
          : undefined,
      onContinue: reworkable && newest ? () => void rework('continue', stored) : undefined,
      onDelete: () => setDeleting(id),
      onEditAsBranch:
        asks && !ai
          ? (text: string) => send(text, undefined, { parentId: stored.parentId })
          : undefined,
      onRemember: () => setRemembering(stored),
      onBranchFrom: asks && ai && !newest ? () => onBranchFrom(id) : undefined,
    };
  };

  return {
    edit,
    treeActions,
    switchBranch,
    /** What a new reply costs, for the questions asked before one. */
    cost: { each: replyCost, left },
    /** Delete pressed: the dialog deletes the message (ThreadPrompts.tsx). */
    deleting: deleting !== null &&
      activeId !== null && {
        remove: deleteMessage,
        conversationId: activeId,
        messageId: deleting,
        onDeleted: onBranchChanged,
        onClose: () => setDeleting(null),
      },
    confirming: confirming !== null && {
      onConfirm: () => {
        setConfirming(null);
        regenerate(confirming);
      },
      onCancel: () => {
        setConfirming(null);
        // Once the dialog is gone (it takes the focus with it).
        setTimeout(() => focusRegenerate(confirming.id));
      },
    },
    /** 'Remember this' pressed: the dialog saves the fact (RememberDialog.tsx). */
    remembering: remembering !== null && {
      character,
      messageId: remembering.id,
      message: remembering.content,
      onClose: () => setRemembering(null),
    },
    /** The offer after an edit, shown after the edited message (the reply's parent). */
    offer: offer && {
      after: offer.parentId,
      replyId: offer.id,
      laterMessages: laterMessages(offer.id),
      busy: treeBusy,
      onAccept: () => regenerate(offer),
      onDismiss: () => setOffer(null),
    },
  };
}
