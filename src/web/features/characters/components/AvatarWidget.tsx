import { ImagePlus, Loader2, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Character } from '../../../../shared/characters/contract';
import { Button, buttonClass } from '../../../components/ui/button';
import { HiddenFileInput } from '../../../components/ui/hidden-file-input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useGenerateAvatar, useUploadAvatar } from '../mutations';
import { AvatarColourPicker } from './AvatarColourPicker';
import { avatarFileProblem } from './avatar-file';
import { AvatarPrompt } from './AvatarPrompt';
import { CharacterAvatar } from './CharacterAvatar';
import { focusIsLost, useFocusAfterRender } from '../../../components/ui/use-focus-back';

/** The picture part of a character, as the form holds it until it is saved. */
export type AvatarValue = Pick<Character, 'avatarImage' | 'avatarUrl' | 'avatarColor'>;

/**
 * Upload, generate or remove the character's picture; without one, choose a gradient. The
 * server re-checks everything; the checks here only save a pointless upload.
 */
export function AvatarWidget({
  name,
  value,
  onChange,
}: {
  name: string;
  value: AvatarValue;
  onChange: (value: AvatarValue) => void;
}) {
  const [busy, setBusy] = useState<'upload' | 'generate' | null>(null);
  const [promptOpen, setPromptOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const promptToggle = useRef<HTMLButtonElement>(null);
  const promptBox = useRef<HTMLTextAreaElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const uploadImage = useUploadAvatar();
  const generateImage = useGenerateAvatar();
  // Uploads and generation finish later; they must build on the value as it is then (the user
  // may have picked a colour meanwhile), not as it was when they started.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const hasImage = value.avatarImage !== null;

  const upload = async (file: File) => {
    const problem = avatarFileProblem(file);
    if (problem) {
      toast({ title: 'Upload failed', description: problem, variant: 'destructive' });
      return;
    }
    setBusy('upload');
    try {
      const stored = await uploadImage.mutateAsync(file);
      onChange({ ...latest.current, avatarImage: stored.fileName, avatarUrl: stored.url });
      toast({
        title: 'Avatar uploaded',
        description: 'Your avatar has been uploaded successfully!',
      });
    } catch (error) {
      toast({
        title: 'Upload failed',
        // Server answers carry their message; anything else (network down…) is unexpected.
        description: error instanceof ApiError ? error.message : 'An unexpected error occurred',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
      // Disabled while it worked, the Upload button lost the focus: it has it back.
      if (focusIsLost()) focusAfterRender(() => uploadButton.current);
    }
  };

  const generate = async () => {
    if (!prompt.trim()) return;
    setBusy('generate');
    try {
      const stored = await generateImage.mutateAsync(prompt.trim());
      onChange({ ...latest.current, avatarImage: stored.fileName, avatarUrl: stored.url });
      if (focusIsLost()) focusAfterRender(() => promptToggle.current);
      setPromptOpen(false);
      setPrompt('');
      toast({ title: 'Avatar generated' });
    } catch (error) {
      toast({
        title: 'Generation failed',
        description: error instanceof ApiError ? error.message : 'An error occurred',
        variant: 'destructive',
      });
      // The description stays, to be changed and tried again.
      if (focusIsLost()) focusAfterRender(() => promptBox.current);
    } finally {
      setBusy(null);
    }
  };

  const togglePrompt = () => {
    if (!promptOpen) focusAfterRender(() => promptBox.current);
    setPromptOpen(!promptOpen);
  };

  const closePrompt = () => {
    setPromptOpen(false);
    focusAfterRender(() => promptToggle.current);
  };

  const remove = () => {
    onChange({ ...value, avatarImage: null, avatarUrl: null });
    // The Remove button goes with the image.
    focusAfterRender(() => uploadButton.current);
    toast({ title: 'Avatar removed' });
  };

  return (
    <section aria-label="Avatar" className="space-y-4">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <div className="relative">
          <CharacterAvatar
            name={name || '?'}
            avatarUrl={value.avatarUrl}
            avatarColor={value.avatarColor}
            size="lg"
          />
          {busy && (
            <span className="absolute inset-0 flex items-center justify-center rounded-full bg-overlay">
              <Loader2 className="size-8 animate-spin text-on-accent" aria-hidden />
              <span className="sr-only">Working on the avatar…</span>
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-2">
          <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
            <HiddenFileInput
              ref={fileInput}
              accept="image/jpeg,image/png,image/webp"
              label="Avatar file"
              testId="avatar-file-input"
              onFile={(file) => void upload(file)}
            />
            <button
              ref={uploadButton}
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={busy !== null}
              onClick={() => fileInput.current?.click()}
            >
              <ImagePlus className="size-4" aria-hidden />
              {busy === 'upload' ? 'Uploading...' : 'Upload'}
            </button>
            <button
              ref={promptToggle}
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={busy !== null}
              aria-expanded={promptOpen}
              onClick={togglePrompt}
            >
              <Sparkles className="size-4" aria-hidden />
              {busy === 'generate' ? 'Generating...' : 'Generate'}
            </button>
            {hasImage && (
              <Button variant="ghost" size="sm" disabled={busy !== null} onClick={remove}>
                <Trash2 className="size-4" aria-hidden />
                Remove
              </Button>
            )}
          </div>
          <p className="text-center text-xs text-muted sm:text-left">
            JPEG, PNG or WebP, up to 5 MB.
          </p>
          {promptOpen && (
            <AvatarPrompt
              boxRef={promptBox}
              value={prompt}
              onChange={setPrompt}
              busy={busy === 'generate'}
              disabled={busy !== null}
              onCancel={closePrompt}
              onGenerate={() => void generate()}
            />
          )}
        </div>
      </div>
      <AvatarColourPicker
        value={value.avatarColor}
        disabled={hasImage}
        onChange={(avatarColor) => onChange({ ...value, avatarColor })}
      />
    </section>
  );
}
