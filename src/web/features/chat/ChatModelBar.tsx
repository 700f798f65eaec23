import { lazy, Suspense } from 'react';
import type { Character } from '../../../shared/characters/contract';
import { LLM_SETUP_EXAMPLE, type ChatMode } from '../../../shared/chat/rules';
import { ModeChooser, NoModelNotice } from './lazy-parts';
import type { useModelSelection } from './use-model-selection';

/** The model picker's select; its stand-in while the picker loads keeps the bar's height. */
const MODEL_SELECT_CLASS =
  'max-w-64 truncate rounded-md border border-border bg-surface px-2 py-1 text-fg max-sm:min-h-11';

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
        // The bar is drawn at once and the picker fills it when its chunk has come: a bar that
        // appeared late pushed the conversation down (bench section 7: CLS 0.02–0.06).
        <div className="flex items-center justify-end gap-2 border-b border-border px-4 py-1.5 text-xs text-muted">
          <Suspense
            fallback={
              <select className={`invisible ${MODEL_SELECT_CLASS}`} aria-hidden tabIndex={-1} />
            }
          >
            <ModelPicker
              offers={model.offers}
              value={model.value}
              conversationId={model.activeId}
              onPick={model.pick}
              selectClass={MODEL_SELECT_CLASS}
            />
          </Suspense>
        </div>
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
