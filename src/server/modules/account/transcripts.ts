import type { AppContext } from '../../context';
import {
  messagesByIds,
  messageTreeOf,
  TRANSCRIPT_PAGE,
  transcriptConversations,
  type TranscriptConversation,
  type TranscriptMessage,
} from '../chat';
import { findProfile } from '../profile';
import {
  planItemText,
  transcriptFileName,
  transcriptHeading,
  transcriptStart,
  type Speakers,
} from './conversation-markdown';
import type { ZipDocument } from './export-writer';
import { planTranscript, type PlanItem } from './transcript-plan';

/**
 * The export's readable copy (issue 45): one Markdown file per conversation, beside the JSON in
 * the zip. Conversations are read a page at a time and each file is written as it is read: its
 * tree's shape first (ids and parents), then its messages' text a page at a time in the order
 * the file lists them (transcript-plan.ts). A conversation that cannot be read ends its file
 * with a note and is named in conversations/NOT-COMPLETE.txt; the others are written all the
 * same.
 */
export async function* transcriptDocuments(
  ctx: AppContext,
  userId: string,
  conversationCount: number,
): AsyncGenerator<ZipDocument> {
  const you = (await findProfile(ctx.db, userId))?.name.trim() || 'You';
  const width = Math.max(3, String(conversationCount).length);
  const incomplete: string[] = [];
  let index = 0;
  try {
    for await (const conversation of transcriptConversations(ctx.db, userId)) {
      const name = transcriptFileName(
        ++index,
        width,
        conversation.characterName,
        conversation.title,
      );
      const speakers = { user: you, character: conversation.characterName ?? 'Character' };
      yield {
        name,
        text: transcriptOf(ctx, userId, conversation, speakers, () => incomplete.push(name)),
      };
    }
  } catch (error) {
    ctx.log.warn({ err: error }, 'export: the list of conversations could not be read');
    incomplete.push('(the list of conversations: some may be missing here)');
  }
  if (incomplete.length > 0) {
    yield {
      name: 'conversations/NOT-COMPLETE.txt',
      text: [
        'These conversations could not be read completely when the export was made; ' +
          `their messages are in reverie-export.json:\n${incomplete.join('\n')}\n`,
      ],
    };
  }
}

const NOT_COMPLETE_NOTE =
  '---\n\n**This conversation could not be read completely when the export was made.** ' +
  'What is above is as it was; its messages are in reverie-export.json.\n';

async function* transcriptOf(
  ctx: AppContext,
  userId: string,
  conversation: TranscriptConversation,
  speakers: Speakers,
  failed: () => void,
): AsyncGenerator<string> {
  yield transcriptHeading(conversation);
  try {
    const plan = planTranscript(
      await messageTreeOf(ctx.db, userId, conversation.id),
      conversation.activeLeafId,
    );
    yield transcriptStart(plan);
    for (const page of pagesOf(plan.items)) {
      const ids = page.flatMap((item) => (item.kind === 'message' ? [item.id] : []));
      const messages = new Map<number, TranscriptMessage>();
      if (ids.length > 0) {
        for (const m of await messagesByIds(ctx.db, userId, conversation.id, ids)) {
          messages.set(m.id, m);
        }
      }
      let text = '';
      for (const item of page) {
        const message = item.kind === 'message' ? messages.get(item.id) : undefined;
        text += planItemText(item, message, speakers, conversation.scenario);
      }
      yield text;
    }
  } catch (error) {
    // Logged without the statement's values (the logger's error serializer), never the text.
    ctx.log.warn(
      { err: error, conversationId: conversation.id },
      'export: a conversation could not be read',
    );
    failed();
    yield NOT_COMPLETE_NOTE;
  }
}

/** The plan's items, in pieces of at most TRANSCRIPT_PAGE messages (one read each). */
function* pagesOf(items: Iterable<PlanItem>): Generator<PlanItem[]> {
  let page: PlanItem[] = [];
  let messages = 0;
  for (const item of items) {
    page.push(item);
    if (item.kind === 'message' && ++messages === TRANSCRIPT_PAGE) {
      yield page;
      page = [];
      messages = 0;
    }
  }
  if (page.length > 0) yield page;
}
