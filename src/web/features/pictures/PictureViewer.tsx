import { Download } from 'lucide-react';
import type { Attachment } from '../../../shared/chat/contract';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/**
 * A picture full size, fitted to the screen (issue 50 part 3), with Close (which holds the focus
 * when it opens) and Download under it; Escape or a press beside it closes, and the focus goes
 * back to the thumbnail that opened it (`returnFocus`). The app's dialog, not one of its own:
 * one more way into Radix's dialog would split it into a chunk the chat page lists.
 */
export function PictureViewer({
  open,
  picture,
  alt,
  onClose,
  returnFocus,
}: {
  open: boolean;
  picture: Attachment;
  alt: string;
  onClose: () => void;
  returnFocus: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={alt}
      size="wide"
      onCloseAutoFocus={(event) => {
        // No Radix trigger: the thumbnail pressed takes the focus back itself.
        event.preventDefault();
        returnFocus();
      }}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" className="min-h-11" onClick={onClose}>
          Close
        </Button>
        <a href={picture.url} download className={buttonClass('primary', 'md', 'min-h-11')}>
          <Download className="size-4" aria-hidden />
          Download
        </a>
      </div>
      <img
        src={picture.url}
        width={picture.width}
        height={picture.height}
        alt={alt}
        className="mx-auto mt-3 block h-auto max-h-[70vh] w-auto max-w-full rounded-xl object-contain"
      />
    </Dialog>
  );
}
