import { DropdownMenu } from 'radix-ui';
import { use } from 'react';
import type { LazyEntries, MenuEntry, MenuProps } from './menu-types';

// A finger's height (44 px) on a phone.
const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-hover-strong max-sm:min-h-11';

type MakeEntries = (props: unknown) => MenuEntry[];
/** Each LazyEntries module's maker, by its `load` (one promise each, as `use` needs). */
const makers = new Map<LazyEntries['load'], Promise<MakeEntries>>();

/** The rows, waiting (suspended) for their module when it has not arrived yet. */
function useEntries(entries: MenuProps['entries']): MenuEntry[] {
  if (Array.isArray(entries)) return entries;
  let maker = makers.get(entries.load);
  if (!maker) {
    maker = (entries.load() as Promise<MakeEntries>).catch((error: unknown) => {
      makers.delete(entries.load); // a failed download is tried again on the next press
      throw error;
    });
    makers.set(entries.load, maker);
  }
  return use(maker)(entries.props);
}

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
  const rows = useEntries(entries);
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
          {rows.map((entry, i) =>
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
