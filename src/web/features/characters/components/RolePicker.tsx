import { X } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { MAX_ROLES } from '../../../../shared/characters/catalog';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/form';
import { useFocusAfterRender } from '../../../components/ui/use-focus-back';
import { RoleList, showLimitToast } from './RoleList';

const SEARCH_FOCUS_DELAY_MS = 50;

/**
 * Chosen roles as removable badges, plus a dialog to pick up to MAX_ROLES of them. A role is one
 * value even when its name appears in several categories, so ticking it ticks every copy.
 */
export function RolePicker({
  value,
  onChange,
}: {
  value: string[];
  onChange: (roles: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const chosenList = useRef<HTMLUListElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const setOpenState = (next: boolean) => {
    setOpen(next);
    if (next) window.setTimeout(() => searchRef.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    else setQuery('');
  };

  const toggle = (role: string, checked: boolean) => {
    if (!checked) {
      onChange(value.filter((r) => r !== role));
      return;
    }
    if (value.includes(role)) return;
    if (value.length >= MAX_ROLES) {
      showLimitToast();
      return;
    }
    onChange([...value, role]);
  };

  // A removed role's button goes with it: the next one's takes the focus, else the picker's.
  const removeChosen = (role: string, index: number) => {
    toggle(role, false);
    focusAfterRender(() => {
      const buttons = chosenList.current?.querySelectorAll('button');
      return buttons?.[Math.min(index, buttons.length - 1)] ?? opener.current;
    });
  };

  return (
    <div className="space-y-3">
      <button
        ref={opener}
        type="button"
        className={buttonClass('secondary')}
        onClick={() => setOpenState(true)}
      >
        {`Select roles (${value.length}/${MAX_ROLES})`}
      </button>
      <ChosenRoles listRef={chosenList} roles={value} onRemove={removeChosen} />
      <Dialog
        open={open}
        onOpenChange={setOpenState}
        // However it closes (Escape, Done, the corner's ×, a click outside), back to its button.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
        title={`Pick up to ${MAX_ROLES} roles`}
        description={`${value.length} of ${MAX_ROLES} selected.`}
      >
        <Input
          ref={searchRef}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search roles..."
          aria-label="Search roles"
          autoComplete="off"
        />
        <RoleList query={query} chosen={value} onToggle={toggle} />
        <div className="mt-4 flex justify-end">
          <Button onClick={() => setOpenState(false)}>Done</Button>
        </div>
      </Dialog>
    </div>
  );
}

function ChosenRoles({
  listRef,
  roles,
  onRemove,
}: {
  listRef: RefObject<HTMLUListElement | null>;
  roles: string[];
  onRemove: (role: string, index: number) => void;
}) {
  if (roles.length === 0) return <p className="text-sm text-muted">No roles selected.</p>;
  return (
    <ul ref={listRef} aria-label="Selected roles" className="flex flex-wrap gap-2">
      {roles.map((role, index) => (
        <li
          key={role}
          className="inline-flex items-center gap-1 rounded-full border border-accent bg-accent-strong/25 py-0.5 pr-1 pl-3 text-xs font-medium text-fg"
        >
          {role}
          <button
            type="button"
            onClick={() => onRemove(role, index)}
            aria-label={`Remove ${role}`}
            className="-my-2.5 inline-flex size-11 items-center justify-center rounded-full hover:bg-hover-strong sm:my-0 sm:size-6"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
