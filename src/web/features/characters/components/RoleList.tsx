import { useId } from 'react';
import { MAX_ROLES, searchRoles } from '../../../../shared/characters/catalog';
import { toast } from '../../../components/ui/toast';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function showLimitToast() {
  toast({
    title: 'Role limit reached',
    description: `You can only choose up to ${MAX_ROLES} roles.`,
  });
}

/** The role picker's list: the catalogue's categories matching the search, each role a box. */
export function RoleList({
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
