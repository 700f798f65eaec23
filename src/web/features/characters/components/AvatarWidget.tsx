import { Check, ImagePlus, Loader2, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { AVATAR_GRADIENTS } from '../../../../shared/characters/avatar-gradients';
import type { Character } from '../../../../shared/characters/contract';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useGenerateAvatar, useUploadAvatar } from '../mutations';
import { CharacterAvatar } from './CharacterAvatar';

/** The picture part of a character, as the form holds it until it is saved. */
export type AvatarValue = Pick<Character, 'avatarImage' | 'avatarUrl' | 'avatarColor'>;

const MAX_BYTES = 5 * 1024 * 1024;
const ALLOWED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];

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
  const uploadImage = useUploadAvatar();
  const generateImage = useGenerateAvatar();
  // Uploads and generation finish later; they must build on the value as it is then (the user
  // may have picked a colour meanwhile), not as it was when they started.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const promptId = useId();
  const hasImage = value.avatarImage !== null;

  const upload = async (file: File) => {
    if (file.size > MAX_BYTES) {
      toast({
        title: 'Upload failed',
        description: 'File size must be less than 5MB',
        variant: 'destructive',
      });
      return;
    }
    if (!ALLOWED_TYPES.includes(file.type)) {
      toast({
        title: 'Upload failed',
        description: 'Only JPEG, PNG, and WebP images are allowed',
        variant: 'destructive',
      });
      return;
    }
    setBusy('upload');
    try {
      const stored = await uploadImage.mutateAsync(file);
      onChange({ ...value, avatarImage: stored.fileName, avatarUrl: stored.url });
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
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const generate = async () => {
    if (!prompt.trim()) return;
    setBusy('generate');
    try {
      const stored = await generateImage.mutateAsync(prompt.trim());
      onChange({ ...latest.current, avatarImage: stored.fileName, avatarUrl: stored.url });
      setPromptOpen(false);
      setPrompt('');
      toast({ title: 'Avatar generated' });
    } catch (error) {
      toast({
        title: 'Generation failed',
        description: error instanceof ApiError ? error.message : 'An error occurred',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const remove = () => {
    onChange({ ...value, avatarImage: null, avatarUrl: null });
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
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              data-testid="avatar-file-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <Button
              variant="secondary"
              size="sm"
              disabled={busy !== null}
              onClick={() => fileInput.current?.click()}
            >
              <ImagePlus className="size-4" aria-hidden />
              {busy === 'upload' ? 'Uploading...' : 'Upload'}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy !== null}
              aria-expanded={promptOpen}
              onClick={() => setPromptOpen((open) => !open)}
            >
              <Sparkles className="size-4" aria-hidden />
              {busy === 'generate' ? 'Generating...' : 'Generate'}
            </Button>
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
            <div className="space-y-2 rounded-lg border border-border bg-main p-3">
              <label htmlFor={promptId} className="text-sm font-medium">
                Describe the avatar
              </label>
              <Textarea
                id={promptId}
                rows={2}
                className="min-h-16"
                value={prompt}
                placeholder="e.g. silver hair, green eyes, leather jacket, neon city at night"
                onChange={(e) => setPrompt(e.target.value)}
              />
              <div className="flex justify-end gap-2">
                <Button variant="ghost" size="sm" onClick={() => setPromptOpen(false)}>
                  Cancel
                </Button>
                <Button
                  size="sm"
                  disabled={busy !== null || !prompt.trim()}
                  onClick={() => void generate()}
                >
                  {busy === 'generate' ? 'Generating...' : 'Generate'}
                </Button>
              </div>
            </div>
          )}
        </div>
      </div>
      <fieldset disabled={hasImage} className="disabled:opacity-50">
        <legend className="text-sm font-medium">
          Background colour
          {hasImage && <span className="text-muted"> (remove the image to use one)</span>}
        </legend>
        <div className="mt-2 grid grid-cols-4 gap-2" role="radiogroup" aria-label="Avatar colour">
          {AVATAR_GRADIENTS.map((g) => {
            const selected = value.avatarColor === g.key;
            return (
              <button
                key={g.key}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={g.label}
                title={g.label}
                onClick={() => onChange({ ...value, avatarColor: g.key })}
                className={`flex h-10 items-center justify-center rounded-lg border-2 ${selected ? 'border-fg' : 'border-transparent'} disabled:cursor-not-allowed`}
                style={{ background: g.css }}
              >
                {selected && <Check className="size-4 text-on-accent" aria-hidden />}
              </button>
            );
          })}
        </div>
      </fieldset>
    </section>
  );
}
