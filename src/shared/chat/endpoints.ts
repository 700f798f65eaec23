import { endpointsOf } from '../http/endpoint';

/**
 * The chat's endpoints: conversations, their messages and message tree, the replies (JSON, or
 * Server-Sent Events with `Accept: text/event-stream`: ./contract.ts's replyStreamEvents) and
 * Story Mode's helpers. Schemas in ./contract.ts (decision 0014).
 */
const endpoint = /* @__PURE__ */ endpointsOf('Chat', () => import('./contract'));

export const listModels = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/models',
  needs: { auth: 'user' },
  summary: 'The models the user may choose (staff only; empty for everyone else)',
  schemas: (c) => ({ response: { 200: c.modelChoiceResponse } }),
});

export const listConversations = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/conversations',
  needs: { auth: 'user' },
  summary:
    'The user’s conversations, newest first: a page with `limit`/`before`, else all; with `query`, a page of those whose title or messages hold it',
  schemas: (c) => ({
    query: c.listConversationsQuery,
    response: { 200: c.listConversationsResponse },
  }),
});

export const createConversation = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/conversations',
  needs: { auth: 'user', rate: 'conversationStartsPerUser' },
  summary: 'Starts a conversation with a character (its greetings as the first message)',
  schemas: (c) => ({
    body: c.createConversationRequest,
    response: { 201: c.createConversationResponse },
  }),
});

export const getConversation = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/conversations/:id',
  needs: { auth: 'user' },
  summary: 'One conversation',
  schemas: (c) => ({ params: c.conversationParams, response: { 200: c.conversationDetailSchema } }),
});

export const updateConversation = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/conversations/:id',
  needs: { auth: 'user', rate: 'conversationEditsPerUser' },
  summary: 'Renames the conversation (`title`), or sets its model (`model`, staff)',
  schemas: (c) => ({
    params: c.conversationParams,
    body: c.updateConversationRequest,
    response: { 200: c.conversationDetailSchema },
  }),
});

/** A group scene's 'Here now' (issue 51): exactly these characters are present. */
export const setScenePresence = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/conversations/:id/present',
  needs: { auth: 'user', rate: 'conversationEditsPerUser' },
  summary: 'Says which of a group scene’s characters are here now',
  schemas: (c) => ({
    params: c.conversationParams,
    body: c.presentRequest,
    response: { 200: c.presentResponse },
  }),
});

/** The user has seen the conversation up to this message (issue 52 part 4: unread marks). */
export const markConversationRead = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/conversations/:id/read',
  needs: { auth: 'user', rate: 'readMarksPerUser' },
  summary: 'Marks the conversation read up to a message (`upTo`); never moves the mark back',
  schemas: (c) => ({
    params: c.conversationParams,
    body: c.markReadRequest,
    response: { 200: c.markReadResponse },
  }),
});

export const deleteConversation = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/conversations/:id',
  needs: { auth: 'user' },
  summary: 'Deletes a conversation, and what was learned in it unless `forget=false`',
  schemas: (c) => ({
    params: c.conversationParams,
    query: c.deleteConversationQuery,
    response: { 200: c.deleteConversationResponse },
  }),
});

export const setActiveLeaf = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/conversations/:id/active-leaf',
  needs: { auth: 'user' },
  summary: 'Reads the branch through a message from now on',
  schemas: (c) => ({
    params: c.conversationParams,
    body: c.activeLeafRequest,
    response: { 200: c.activeLeafResponse },
  }),
});

export const listMessages = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/conversations/:id/messages',
  needs: { auth: 'user' },
  summary: 'A page of the active branch’s messages, newest page first',
  schemas: (c) => ({
    params: c.conversationParams,
    query: c.messagesQuery,
    response: { 200: c.messagesResponse },
  }),
});

export const chatReply = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/chat',
  needs: { auth: 'user', credits: true, rate: 'messagesPerUser' },
  kind: 'stream',
  summary: 'Sends a message and answers the reply (JSON or SSE)',
  schemas: (c) => ({ body: c.sendMessageRequest, response: { 200: c.replyJsonResponse } }),
});

export const assistantReply = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/assistant',
  needs: { auth: 'user', credits: true, rate: 'messagesPerUser' },
  kind: 'stream',
  summary: 'As /api/chat, for Assistant Mode',
  schemas: (c) => ({ body: c.sendMessageRequest, response: { 200: c.replyJsonResponse } }),
});

export const immersiveReply = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/immersive-chat',
  needs: { auth: 'user', credits: true, rate: 'messagesPerUser' },
  kind: 'stream',
  summary: 'As /api/chat, for Story Mode',
  schemas: (c) => ({ body: c.sendMessageRequest, response: { 200: c.replyJsonResponse } }),
});

export const regenerateReply = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/messages/:messageId/regenerate',
  needs: { auth: 'user', credits: true, rate: 'messagesPerUser' },
  kind: 'stream',
  summary:
    'A new alternative of a reply (JSON or SSE); a scene’s keeps its speaker unless `speakerId`',
  schemas: (c) => ({
    params: c.messageParams,
    body: c.regenerateRequest.nullish(),
    response: { 200: c.replyJsonResponse },
  }),
});

/** A group scene's character speaks without a message from the user (issue 51). */
export const sceneTurn = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/conversations/:id/turn',
  needs: { auth: 'user', credits: true, rate: 'messagesPerUser' },
  kind: 'stream',
  summary: 'A group scene’s character speaks next, unprompted (JSON or SSE; one credit)',
  schemas: (c) => ({
    params: c.conversationParams,
    body: c.sceneTurnRequest.nullish(),
    response: { 200: c.replyJsonResponse },
  }),
});

export const continueReply = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/messages/:messageId/continue',
  needs: { auth: 'user', credits: true, rate: 'messagesPerUser' },
  kind: 'stream',
  summary: 'More of a reply (JSON or SSE)',
  schemas: (c) => ({ params: c.messageParams, response: { 200: c.replyJsonResponse } }),
});

export const replyEvents = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/replies/:replyId/events',
  needs: { auth: 'user', rate: 'replyEventsPerUser' },
  kind: 'stream',
  summary:
    'A reply run: its events after `Last-Event-ID` or `after` (SSE, to its end), or as it stands (JSON)',
  schemas: (c) => ({
    params: c.replyRunParams,
    query: c.replyRunQuery,
    response: { 200: c.replyRunResponse },
  }),
});

export const deleteMessage = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/messages/:messageId',
  needs: { auth: 'user' },
  summary: 'Deletes a message with its descendants on every branch',
  schemas: (c) => ({ params: c.messageParams, response: { 200: c.deleteMessageResponse } }),
});

export const generateScenario = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/conversations/:id/generate-scenario',
  needs: { auth: 'user', model: true, rate: 'storyCallsPerUser' },
  summary: 'Story Mode’s opening scene (no credit taken; none left refuses)',
  schemas: (c) => ({
    params: c.conversationParams,
    body: c.generateScenarioRequest.optional(),
    response: { 200: c.generateScenarioResponse },
  }),
});

export const generateOptions = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/generate-options',
  needs: { auth: 'user', model: true, rate: 'storyCallsPerUser' },
  summary: 'Story Mode’s four options after a reply',
  schemas: (c) => ({
    body: c.generateOptionsRequest,
    response: { 200: c.generateOptionsResponse },
  }),
});

export const summarizeConversation = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/conversations/:id/summarize',
  needs: { auth: 'user', model: true, rate: 'storyCallsPerUser' },
  summary: 'Summarises a conversation into its character’s memories',
  schemas: (c) => ({ params: c.conversationParams, response: { 200: c.summarizeResponse } }),
});

export const editMessage = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/messages/:messageId/edit',
  needs: { auth: 'user', rate: 'messageEditsPerUser' },
  summary: 'Edits a message in place',
  schemas: (c) => ({
    params: c.messageParams,
    body: c.editMessageRequest,
    response: { 200: c.chatMessageSchema },
  }),
});
