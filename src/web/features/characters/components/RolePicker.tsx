import { X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { MAX_ROLES, searchRoles } from '../../../../shared/characters/catalog';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast';

const SEARCH_FOCUS_DELAY_MS = 50;

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function showLimitToast() {
  toast({
    title: 'Role limit reached',
    description: `You can only choose up to ${MAX_ROLES} roles.`,
  });
}

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

  return (
    <div className="space-y-3">
      <Button variant="secondary" onClick={() => setOpenState(true)}>
        {`Select roles (${value.length}/${MAX_ROLES})`}
      </Button>
      <ChosenRoles roles={value} onRemove={(role) => toggle(role, false)} />
      <Dialog
        open={open}
        onOpenChange={setOpenState}
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

function ChosenRoles({ roles, onRemove }: { roles: string[]; onRemove: (role: string) => void }) {
  if (roles.length === 0) return <p className="text-sm text-muted">No roles selected.</p>;
  return (
    <ul aria-label="Selected roles" className="flex flex-wrap gap-2">
      {roles.map((role) => (
        <li
          key={role}
          className="inline-flex items-center gap-1 rounded-full border border-accent bg-accent-strong/25 py-0.5 pr-1 pl-3 text-xs font-medium text-fg"
        >
          {role}
          <button
            type="button"
            onClick={() => onRemove(role)}
            aria-label={`Remove ${role}`}
            className="inline-flex size-6 items-center justify-center rounded-full hover:bg-hover-strong"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}

function RoleList({
  query,
  chosen,
  onToggle,
}: {
  query: string;
  chosen: string[];
  onToggle: (role: string, checked: boolean) => void;
}) {
  const baseId = useId();
  const categories = searchRoles(query);
  const selected = new Set(chosen);
  const atLimit = chosen.length >= MAX_ROLES;

  if (categories.length === 0) {
    return <p className="mt-4 text-sm text-muted">No roles match “{query.trim()}”.</p>;
  }
  return (
    <div className="mt-3 max-h-[50vh] space-y-4 overflow-y-auto pr-1">
      {categories.map((category) => (
        <fieldset key={category.id}>
          <legend className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
            {category.label}
          </legend>
          <ul>
            {category.roles.map((role) => {
              const checked = selected.has(role);
              const blocked = atLimit && !checked;
              const id = `${baseId}-${category.id}-${slug(role)}`;
              return (
                <li key={role}>
                  {/* A disabled box swallows clicks, so the row itself explains why (the box
                      ignores the pointer while blocked, letting the click reach the label). */}
                  <label
                    htmlFor={id}
                    onClick={blocked ? showLimitToast : undefined}
                    className={`flex items-center gap-3 rounded-md px-2 py-1.5 text-sm ${blocked ? 'cursor-not-allowed text-muted' : 'cursor-pointer text-fg hover:bg-hover'}`}
                  >
                    <input
                      id={id}
                      type="checkbox"
                      checked={checked}
                      disabled={blocked}
                      onChange={(e) => onToggle(role, e.target.checked)}
                      className="size-4 shrink-0 accent-accent-strong disabled:pointer-events-none"
                    />
                    {role}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
