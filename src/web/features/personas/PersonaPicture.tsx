import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button, buttonClass } from '../../components/ui/button';
import { HiddenFileInput } from '../../components/ui/hidden-file-input';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useUploadAvatar } from '../characters/mutations';
import { PersonaAvatar } from './chat-parts';
import { focusIsLost, useFocusAfterRender } from '../../components/ui/use-focus-back';

/** Phones get 44 px targets (DESIGN.md); elsewhere the buttons stay compact. */
export const TARGET = 'max-sm:h-11';

/**
 * A persona's optional picture in its editor: uploaded as a character's is (POST /api/avatars),
 * changed or removed; `onChange` gets the stored file's name and address (null: none).
 */
export function PersonaPicture({
  name,
  avatarUrl,
  onChange,
  onUploading,
}: {
  name: string;
  avatarUrl: string | null;
  onChange: (avatarImage: string | null, avatarUrl: string | null) => void;
  /** While a picture uploads the persona is not saved (it would be saved without it). */
  onUploading: (uploading: boolean) => void;
}) {
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const take = async (file: File) => {
    // The server checks the file's type and size (and says what is wrong); the picker offers
    // only the types it takes.
    onUploading(true);
    try {
      const stored = await upload.mutateAsync(file);
      onChange(stored.fileName, stored.url);
    } catch (error) {
      toast({
        title: 'Upload failed',
        description: error instanceof ApiError ? error.message : 'An unexpected error occurred',
        variant: 'destructive',
      });
    } finally {
      onUploading(false);
      // Disabled while it worked, the button lost the focus (to the page's body or the dialog):
      // it has it back, unless the user has moved on meanwhile.
      if (focusIsLost()) focusAfterRender(() => uploadButton.current);
    }
  };

  return (
    <div className="flex items-center gap-3">
      <PersonaAvatar name={name || '?'} avatarUrl={avatarUrl} size="lg" />
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <HiddenFileInput
          ref={fileInput}
          accept="image/jpeg,image/png,image/webp"
          label="Persona picture"
          onFile={(file) => void take(file)}
        />
        <button
          ref={uploadButton}
          type="button"
          className={buttonClass('secondary', 'sm', TARGET)}
          disabled={upload.isPending}
          onClick={() => fileInput.current?.click()}
        >
          <ImagePlus className="size-4" aria-hidden />
          {upload.isPending ? 'Uploading...' : avatarUrl ? 'Change picture' : 'Add picture'}
        </button>
        {avatarUrl && (
          <Button
            size="sm"
            variant="ghost"
            className={TARGET}
            disabled={upload.isPending}
            onClick={() => {
              onChange(null, null);
              // This button goes with the picture.
              focusAfterRender(() => uploadButton.current);
            }}
          >
            <Trash2 className="size-4" aria-hidden /> Remove picture
          </Button>
        )}
        <p className="w-full text-xs text-muted">Optional. JPEG, PNG or WebP, up to 5 MB.</p>
      </div>
    </div>
  );
}
