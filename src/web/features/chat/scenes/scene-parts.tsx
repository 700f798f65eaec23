import { lazy, Suspense, type ComponentProps } from 'react';
import { GroupAvatars } from './GroupAvatars';
import { HereNowBar } from './HereNowBar';
import { SpeakerLabel } from './SpeakerLabel';

export { takeNextSpeaker } from './next-speaker';

// With Radix Dialog: fetched from here on the first 'New group scene', not with the scenes.
const NewSceneDialog = lazy(() => import('./NewSceneDialog'));

/** Which of a scene's parts to draw, with its props. */
export type ScenePartProps =
  | ({ part: 'bar' } & ComponentProps<typeof HereNowBar>)
  | ({ part: 'speaker' } & ComponentProps<typeof SpeakerLabel>)
  | ({ part: 'avatars' } & ComponentProps<typeof GroupAvatars>)
  | ({ part: 'new' } & ComponentProps<typeof NewSceneDialog>);

/**
 * A group scene's parts on the chat page (issue 51) as one lazy component (the chat's
 * lazy-parts.ts), one chunk fetched only where a scene shows, as the message extras are one for
 * the lore marker, the unanswered note and the picture: the Here-now bar (`bar`), who said a
 * character's message (`speaker`), a scene's avatars in Recent Chats (`avatars`), and 'New group
 * scene' (`new`, its dialog a chunk of its own, fetched from here). One component, not one per
 * part: each lazy part costs the chat's first load its loader and its files' names, and that
 * load has no room to spare (tests/build/chat-budget.test.ts). The next speaker the bar chose is
 * here too, for the send protocol to take (next-speaker.ts).
 */
export function ScenePart(props: ScenePartProps) {
  if (props.part === 'bar') return <HereNowBar {...props} />;
  if (props.part === 'speaker') return <SpeakerLabel {...props} />;
  if (props.part === 'avatars') return <GroupAvatars {...props} />;
  return (
    <Suspense fallback={null}>
      <NewSceneDialog {...props} />
    </Suspense>
  );
}
