import { Loader2, PenLine, Sparkles } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import type { GeneratedCharacter } from '../../../shared/characters/contract';
import { useFocusAfterRender } from '../../components/ui/use-focus-back';
import { useGenerateCharacter } from './mutations';
import StarterGallery from './starters/StarterGallery';

export function GenerateCharacterIntro({
  onGenerated,
  onManual,
}: {
  onGenerated: (g: GeneratedCharacter) => void;
  onManual: () => void;
}) {
  const [prompt, setPrompt] = useState('');
  const [generating, setGenerating] = useState(false);
  const promptId = useId();
  const promptBox = useRef<HTMLTextAreaElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const generateCharacter = useGenerateCharacter();

  const generate = async () => {
    if (!prompt.trim()) return;
    setGenerating(true);
    try {
      onGenerated(await generateCharacter.mutateAsync(prompt.trim()));
    } catch (error) {
      toast({
        title: 'Generation failed',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
      // The page was inert while it worked, which took the focus away: back to the description,
      // to change it and try again.
      focusAfterRender(() => promptBox.current);
    } finally {
      setGenerating(false);
    }
  };

  return (
    <>
      {/* While generating, the overlay is the only thing to interact with. */}
      <div inert={generating}>
        <section
          className="mt-6 rounded-2xl border border-border bg-surface p-6"
          aria-labelledby="ai-title"
        >
          <h2 id="ai-title" className="flex items-center gap-2 text-xl font-bold">
            <Sparkles className="size-5 text-accent" aria-hidden /> Generate with AI
          </h2>
          <label htmlFor={promptId} className="mt-2 block text-sm text-muted">
            Describe your character and let the AI write the rest. You can change everything after.
          </label>
          <Textarea
            ref={promptBox}
            id={promptId}
            rows={4}
            className="mt-3"
            value={prompt}
            maxLength={1000}
            placeholder="e.g. A confident vampire countess who runs a jazz club in 1920s Paris"
            onChange={(e) => setPrompt(e.target.value)}
          />
          <Button
            className="mt-4 w-full sm:w-auto"
            disabled={!prompt.trim() || generating}
            onClick={generate}
          >
            <Sparkles className="size-4" aria-hidden /> Generate with AI
          </Button>
        </section>
        <Divider />
        <Button variant="secondary" className="w-full" onClick={onManual}>
          <PenLine className="size-4" aria-hidden /> Create manually
        </Button>
        <Divider />
        <StarterGallery title="Start from a ready-made character" />
      </div>
      {generating && (
        <div
          role="status"
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-main/95 backdrop-blur"
        >
          <Loader2 className="size-12 animate-spin text-accent" aria-hidden />
          <p className="text-xl font-bold">Generating your character</p>
          <p className="text-sm text-muted">Writing a personality just for you…</p>
        </div>
      )}
    </>
  );
}

function Divider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs text-muted uppercase" aria-hidden>
      <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
    </div>
  );
}
