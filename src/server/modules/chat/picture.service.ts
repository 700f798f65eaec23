import { CONVERSATION_NOT_FOUND, type ChatMessageView } from '../../../shared/chat/contract';
import { findMinorReference } from '../../../shared/characters/adults-only';
import { normalizeChatMode } from '../../../shared/chat/rules';
import { PICTURE_MESSAGES } from '../../../shared/pictures/contract';
import type { AppContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../errors';
import { completeJson, IMAGE_TIMEOUT, LlmError } from '../../integrations/llm';
import { MODEL_SETTINGS } from '../../prompts/model-settings';
import {
  PICTURE_SCENE_JSON_SCHEMA,
  pictureMessageText,
  picturePrompt,
  pictureSceneRequest,
  pictureSceneSchema,
  type PictureScene,
} from '../../prompts/picture.prompt';
import { storeFileBeforeRow } from '../avatars';
import { refundCharge, settleChargeStatement, takeCredit } from '../credits';
import { isHarmfulReply, requireChatAllowed, reviewCharacterAge } from '../safety';
import { toMessageView } from './conversations.service';
import { findMessage } from './messages.repo';
import { modelOf } from './model-policy';
import { preparePicture } from './picture-image';
import { storeMessage } from './message-store.repo';
import { readStory, sheetAndStory, type StoryRead } from './story.service';

/** How many of the conversation's newest messages the scene is drawn from (then cut to budget). */
const SCENE_HISTORY = 12;

/**
 * POST /api/conversations/{id}/pictures ('Send me a picture', issue 50 part 3). The user's words
 * pass the adults-only rule first (a refusal costs nothing); then PICTURE_CREDITS are taken, the
 * character's model describes the picture from the end of the conversation, that description
 * passes the rule and the age review, the images API paints it with the character's look, and
 * the picture is kept (the avatars' storage, a private key) and added to the thread as the
 * character's message. Any failure after the credits were taken gives them back.
 */
export async function requestPicture(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  wish: string | undefined,
): Promise<ChatMessageView> {
  const credits = ctx.config.image?.pictureCredits ?? 0;
  if (!ctx.images.configured) throw new HttpError(503, PICTURE_MESSAGES.notConfigured);
  const refused = wish ? findMinorReference(wish) : null;
  if (refused) throw badRequest(refused);
  const read = await readStory(ctx, userId, conversationId, SCENE_HISTORY);
  if (read.conversation.groupScene) throw badRequest(PICTURE_MESSAGES.notInScenes);
  // A picture is the character's message like a reply: none while the account is paused as a
  // minor's (403, the adults-only message), before any credit is taken.
  await requireChatAllowed(ctx, userId);

  const chargeId = credits > 0 ? await takeCredit(ctx, userId, conversationId, credits) : null;
  try {
    const scene = await describeScene(ctx, userId, read, wish);
    await checkSceneIsAdult(ctx, userId, scene);
    // The caption is the character's words: the crisis protocol's reply guard reads it as it
    // reads a reply (a harmful one is left out; the picture still comes).
    const caption = isHarmfulReply(scene.caption, true) ? '' : scene.caption;
    const subject = {
      name: read.character.name,
      gender: read.character.gender || null,
      description: read.character.description,
    };
    const picture = await preparePicture(
      await ctx.images.generate(picturePrompt(subject, scene.scene)),
    );
    const attachment = {
      kind: 'image' as const,
      key: picture.key,
      width: picture.width,
      height: picture.height,
    };
    // Not stored (the conversation deleted meanwhile, or storing failed): the file is removed.
    const stored = await storeFileBeforeRow(
      ctx,
      { key: picture.key, data: picture.data, contentType: 'image/webp' },
      () =>
        storeMessage(
          ctx.db,
          userId,
          conversationId,
          {
            sender: 'ai',
            content: pictureMessageText(caption),
            attachments: JSON.stringify([attachment]),
          },
          // The charge is settled in the statement that stores what it paid for.
          chargeId === null ? undefined : settleChargeStatement(chargeId),
        ),
    );
    const row = await findMessage(ctx.db, userId, stored.id);
    if (!row) throw notFound(CONVERSATION_NOT_FOUND);
    return toMessageView(row);
  } catch (error) {
    if (chargeId !== null) await refundCharge(ctx, chargeId);
    throw pictureError(error);
  }
}

/**
 * What the picture shows and what the character says with it, written by the character's model
 * with its character sheet (the chat prompt builder's system prompt) and the end of the
 * conversation. Without a language model the user's words (or a portrait) are the scene.
 */
async function describeScene(
  ctx: AppContext,
  userId: string,
  read: StoryRead,
  wish: string | undefined,
): Promise<PictureScene> {
  if (!ctx.llm.configured) {
    return { scene: wish ?? 'A candid portrait in a place that suits them.', caption: '' };
  }
  const { conversation } = read;
  const { system, story } = sheetAndStory(ctx, read, normalizeChatMode(conversation.chatMode));
  return completeJson(
    ctx.llm,
    {
      model: modelOf(ctx, conversation),
      ...MODEL_SETTINGS.pictureScene,
      messages: [system, pictureSceneRequest(story, wish)],
      jsonSchema: PICTURE_SCENE_JSON_SCHEMA,
      usage: { userId, purpose: 'picture' },
    },
    pictureSceneSchema,
  );
}

/**
 * The adults-only rule on the image prompt before any image is asked for (DESIGN), then the same
 * second opinion a portrait gets. A refusal says why; its credits come back (the caller refunds).
 */
async function checkSceneIsAdult(ctx: AppContext, userId: string, scene: PictureScene) {
  if (findMinorReference(scene.scene) ?? findMinorReference(scene.caption)) {
    throw badRequest(PICTURE_MESSAGES.sceneRefused);
  }
  try {
    await reviewCharacterAge(ctx, userId, { request: scene.scene });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) {
      throw badRequest(PICTURE_MESSAGES.sceneRefused);
    }
    throw error;
  }
}

/** The images API speaks of avatars; a picture's failure says so in its own words. */
function pictureError(error: unknown): unknown {
  if (!(error instanceof LlmError) || error.failure !== 'upstream') return error;
  const timedOut = error.message === IMAGE_TIMEOUT;
  return new LlmError(
    'upstream',
    timedOut ? PICTURE_MESSAGES.timeout : PICTURE_MESSAGES.failed,
    typeof error.cause === 'string' ? error.cause : undefined,
  );
}
