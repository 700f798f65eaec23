/**
 * The story option by which the model offers a picture in Story Mode (issue 50 part 3): where
 * images are configured, the options' prompt lets it make one of the four exactly this, and
 * choosing it asks for the picture (POST /api/conversations/{id}/pictures) instead of sending it
 * as the user's move. Zod-free: the story's chunk reads it.
 */
export const PICTURE_STORY_OPTION = 'Show me a picture of this moment';
