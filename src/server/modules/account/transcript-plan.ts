import type { TreeNode } from '../chat';

/**
 * The order a conversation's Markdown copy lists its messages in (issue 45), from the shape of
 * its message tree alone (ids and parents; the text is read afterwards, a page at a time, in this
 * order):
 *
 * - the active branch, from the first message to the active leaf, numbered 1, 2, 3…;
 * - then every other message, grouped by the message of the active branch it branches from (the
 *   other first messages, then after message 1, after message 2…); each branch is listed depth
 *   first, and each of its messages, labelled B1, B2…, names the one it follows, so the whole
 *   tree can be read back and nothing is left out.
 */

export type PlanItem =
  | {
      kind: 'message';
      id: number;
      /** '3' on the active branch, 'B7' off it. */
      label: string;
      /**
       * Off the active branch, the label of the message it follows, or null for a first message;
       * undefined on the active branch, where it follows the one above.
       */
      follows?: string | null;
    }
  /** The messages after this one branch from it: message `from`'s label, or null for the start. */
  | { kind: 'group'; from: string | null }
  /** Messages the tree does not reach (a broken parent link): listed last, all the same. */
  | { kind: 'unplaced' }
  /** The start of the messages off the active branch (only when there are any). */
  | { kind: 'other-branches' };

export interface TranscriptPlan {
  /** Every message of the conversation. */
  total: number;
  /** How many are on the active branch. */
  onActiveBranch: number;
  items: Iterable<PlanItem>;
}

/** Stands for the start of the conversation as a parent (message ids are positive). */
const START = 0;

export function planTranscript(
  nodes: readonly TreeNode[],
  activeLeafId: number | null,
): TranscriptPlan {
  const parentOf = new Map<number, number>();
  for (const node of nodes) parentOf.set(node.id, node.parentId ?? START);
  // Each message's children in id order (nodes come oldest first); a parent not in this
  // conversation counts as the start.
  const children = new Map<number, number[]>();
  for (const node of nodes) {
    let parent = parentOf.get(node.id)!;
    if (parent !== START && !parentOf.has(parent)) parentOf.set(node.id, (parent = START));
    const list = children.get(parent);
    if (list) list.push(node.id);
    else children.set(parent, [node.id]);
  }

  const path: number[] = [];
  const position = new Map<number, number>();
  for (
    let id = activeLeafId ?? START;
    id !== START && parentOf.has(id) && !position.has(id);
    id = parentOf.get(id)!
  ) {
    position.set(id, -1);
    path.push(id);
  }
  path.reverse();
  path.forEach((id, i) => position.set(id, i + 1));

  function* items(): Generator<PlanItem> {
    for (const id of path) yield { kind: 'message', id, label: String(position.get(id)) };
    if (path.length === nodes.length) return;
    yield { kind: 'other-branches' };
    const offLabel = new Map<number, string>();
    // A parent is always listed (so labelled) before its children.
    const labelOf = (id: number) =>
      id === START ? null : (offLabel.get(id) ?? String(position.get(id)));
    for (const point of [START, ...path]) {
      const branches = (children.get(point) ?? []).filter((id) => !position.has(id));
      if (branches.length === 0) continue;
      yield { kind: 'group', from: labelOf(point) };
      // Depth first, each message's children in id order; a stack, not recursion, as a branch
      // may be thousands of messages long.
      const stack = branches.reverse();
      while (stack.length > 0) {
        const id = stack.pop()!;
        const label = `B${offLabel.size + 1}`;
        offLabel.set(id, label);
        yield { kind: 'message', id, label, follows: labelOf(parentOf.get(id)!) };
        const below = children.get(id);
        if (below) for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]!);
      }
    }
    if (path.length + offLabel.size < nodes.length) {
      // Labelled before they are listed: one may follow another listed after it.
      const unplaced = nodes.filter(({ id }) => !position.has(id) && !offLabel.has(id));
      for (const { id } of unplaced) offLabel.set(id, `B${offLabel.size + 1}`);
      yield { kind: 'unplaced' };
      for (const { id } of unplaced) {
        yield {
          kind: 'message',
          id,
          label: offLabel.get(id)!,
          follows: labelOf(parentOf.get(id)!),
        };
      }
    }
  }

  return { total: nodes.length, onActiveBranch: path.length, items: items() };
}
