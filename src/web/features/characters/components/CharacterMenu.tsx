import { DropdownMenu } from 'radix-ui';
import { MoreVertical, Pencil, Settings2, Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-hover-strong';

/** Character Settings, Edit Character, Delete Character — in the sidebar and the chat header. */
export function CharacterMenu({
  characterId,
  name,
  onDelete,
}: {
  characterId: number;
  name: string;
  onDelete: () => void;
}) {
  const [, navigate] = useLocation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="rounded-md p-1.5 text-muted hover:bg-hover-strong hover:text-fg"
        aria-label={`Options for ${name}`}
      >
        <MoreVertical className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-56 rounded-lg border border-border bg-surface p-1 text-fg shadow-xl"
        >
          <DropdownMenu.Item className={ITEM} onSelect={() => navigate(`/settings/${characterId}`)}>
            <Settings2 className="size-4" aria-hidden /> Character Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => navigate(`/edit/${characterId}`)}>
            <Pencil className="size-4" aria-hidden /> Edit Character
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={`${ITEM} text-error`} onSelect={onDelete}>
            <Trash2 className="size-4" aria-hidden /> Delete Character
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
