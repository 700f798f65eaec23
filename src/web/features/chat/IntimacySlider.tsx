import { useRef } from 'react';
import { toast, toastError } from '../../components/ui/toast';
import { DirectnessSlider } from '../characters/components/DirectnessSlider';
import { useUpdateCharacter } from '../characters/mutations';

/**
 * The message box's intimacy panel: the character's directness, saved when the slider is
 * released. Loaded when the panel opens, with the slider (Radix), not with the chat (decision
 * 0018).
 */
export function IntimacySlider({
  characterId,
  level,
  onLevel,
}: {
  characterId: number;
  level: number;
  onLevel: (level: number) => void;
}) {
  const update = useUpdateCharacter();
  // The level the character has: the slider goes back to it when a new one could not be saved.
  const saved = useRef(level);
  const saveLevel = async (value: number) => {
    try {
      await update.mutateAsync({ id: characterId, input: { directnessLevel: value } });
      saved.current = value;
      toast({
        title: 'Directness updated',
        description: "Your character's pacing has been saved.",
      });
    } catch (error) {
      onLevel(saved.current);
      toastError(error, 'Failed to update directness level.');
    }
  };
  return (
    <DirectnessSlider
      id="chat-intimacy"
      label="Intimacy level"
      value={level}
      onChange={onLevel}
      onCommit={(value) => void saveLevel(value)}
    />
  );
}
