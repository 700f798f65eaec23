import { endpointsOf } from '../http/endpoint';

/** Pictures in chat (issue 50 part 3). */
const endpoint = /* @__PURE__ */ endpointsOf('Pictures', async () => {
  const [contract, chat] = await Promise.all([import('./contract'), import('../chat/contract')]);
  return {
    ...contract,
    conversationParams: chat.conversationParams,
    chatMessage: chat.chatMessageSchema,
  };
});

/**
 * 'Send me a picture': the character's picture of the current scene, added to the thread as its
 * message with an image attachment. Costs PICTURE_CREDITS (default 5), given back if no image
 * comes; a prompt the adults-only rule refuses is a 400 and costs nothing.
 */
export const requestPicture = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/conversations/:id/pictures',
  needs: { auth: 'user', credits: true, rate: 'picturesPerUser' },
  summary: 'Asks the character for a picture of the current scene (a new message with the image)',
  schemas: (c) => ({
    params: c.conversationParams,
    body: c.pictureRequest.optional(),
    response: { 200: c.chatMessage },
  }),
});

/** A message's stored picture, for its owner only (never a public address). */
export const messageAttachment = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/messages/:messageId/attachments/:index',
  needs: { auth: 'user' },
  kind: 'download',
  summary: 'A picture a message carries (image/webp)',
  schemas: (c) => ({ params: c.attachmentParams, response: {} }),
});
