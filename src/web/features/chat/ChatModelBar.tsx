import { lazy, Suspense } from 'react';
import type { Character } from '../../../shared/characters/contract';
import { LLM_SETUP_EXAMPLE, type ChatMode } from '../../../shared/chat/rules';
import { ModeChooser, NoModelNotice } from './lazy-parts';
import type { useModelSelection } from './use-model-selection';

// Only when the operator offers more than one model: most never need it.
const ModelPicker = lazy(() => import('./ModelPicker').then((m) => ({ default: m.ModelPicker })));

/**
 * Above the conversation: the notice that no language model is set up (when none is), and the
 * model picker (`picker`, once a mode is chosen) when more than one is offered.
 */
export function ChatModelBar({
  model,
  picker,
}: {
  model: ReturnType<typeof useModelSelection>;
  picker: boolean;
}) {
  return (
    <>
      {!model.available && (
        <Suspense fallback={null}>
          <NoModelNotice staff={model.staff} example={LLM_SETUP_EXAMPLE} />
        </Suspense>
      )}
      {picker && model.canChoose && (
        <Suspense fallback={null}>
          <ModelPicker
            offers={model.offers}
            value={model.value}
            conversationId={model.activeId}
            onPick={model.pick}
          />
        </Suspense>
      )}
    </>
  );
}

/** Before a mode is chosen: the model notice (no picker yet) and the mode chooser. */
export function ChatStart({
  character,
  model,
  onChoose,
  cameBackFrom,
}: {
  character: Character;
  model: ReturnType<typeof useModelSelection>;
  onChoose: (mode: ChatMode) => void;
  cameBackFrom?: ChatMode | null;
}) {
  return (
    <div className="flex h-full flex-col">
      <ChatModelBar model={model} picker={false} />
      <div className="min-h-0 flex-1">
        <Suspense fallback={null}>
          <ModeChooser character={character} onChoose={onChoose} cameBackFrom={cameBackFrom} />
        </Suspense>
      </div>
    </div>
  );
}
