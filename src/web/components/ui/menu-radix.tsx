import { DropdownMenu } from 'radix-ui';
import type { MenuProps } from './menu-types';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-hover-strong';

/** The Radix side of `Menu` (menu.tsx): mounted on the trigger's first press, already open. */
export default function RadixMenu({
  trigger,
  entries,
  side,
  align,
  sideOffset,
  contentClassName,
  onCloseAutoFocus,
}: MenuProps) {
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={side}
          align={align}
          sideOffset={sideOffset}
          onCloseAutoFocus={onCloseAutoFocus}
          className={`z-50 rounded-lg border border-border bg-surface p-1 text-fg shadow-xl ${contentClassName}`}
        >
          {entries.map((entry, i) =>
            entry.kind === 'separator' ? (
              <DropdownMenu.Separator key={i} className="my-1 h-px bg-border" />
            ) : entry.kind === 'label' ? (
              <DropdownMenu.Label key={i} className="px-3 py-2 text-sm" data-testid={entry.testId}>
                {entry.content}
              </DropdownMenu.Label>
            ) : entry.href ? (
              <DropdownMenu.Item key={i} className={ITEM} asChild>
                <a href={entry.href} target="_blank" rel="noopener noreferrer">
                  {entry.content}
                </a>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item
                key={i}
                className={`${ITEM} ${entry.danger ? 'text-error' : ''}`}
                onSelect={entry.onSelect}
              >
                {entry.content}
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
