import { useId } from 'react';
import { CHARACTER_PREFERENCES } from '../../../../shared/characters/catalog';
import { ToggleChips } from '../../../components/ui/toggle-chips';
import { DirectnessSlider } from './DirectnessSlider';
import { RolePicker } from './RolePicker';

/** How a character chats: the part of it the create and edit forms share beyond the basics. */
export interface ChatStyle {
  sexualPreferences: string[];
  directnessLevel: number;
  includeRoles: boolean;
  roles: string[];
}

/** Preferences, directness and roles, as the create and edit forms show them. */
export function ChatStyleFields({
  value,
  onChange,
}: {
  value: ChatStyle;
  onChange: (patch: Partial<ChatStyle>) => void;
}) {
  const includeRolesId = useId();
  const directnessId = useId();
  return (
    <>
      <ToggleChips
        label="Sexual preferences"
        options={CHARACTER_PREFERENCES}
        value={value.sexualPreferences}
        onChange={(sexualPreferences) => onChange({ sexualPreferences })}
      />
      <DirectnessSlider
        id={directnessId}
        value={value.directnessLevel}
        onChange={(directnessLevel) => onChange({ directnessLevel })}
      />
      <div className="space-y-3">
        <label
          htmlFor={includeRolesId}
          className="flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm font-medium"
        >
          <input
            id={includeRolesId}
            type="checkbox"
            className="size-4 shrink-0 accent-accent-strong"
            checked={value.includeRoles}
            onChange={(e) => onChange({ includeRoles: e.target.checked })}
          />
          Include character roles/professions
        </label>
        {value.includeRoles && (
          <RolePicker value={value.roles} onChange={(roles) => onChange({ roles })} />
        )}
      </div>
    </>
  );
}
