import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { ChatSettingsValues } from '../edit-character-values';
import { CHAT_SETTINGS_ANCHOR } from '../edit-path';
import { ChatStyleFields } from './ChatStyleFields';
import { SettingSwitch } from '../../../components/ui/setting-switch';

/**
 * How the character chats, on the edit page: what the settings screen held. Opened at its
 * anchor (the 'Character Settings' menu item, the old /settings address), its heading takes the
 * focus, so the reader starts where they asked to be.
 */
export function ChatSettingsSection({
  name,
  value,
  onChange,
  children,
}: {
  name: string;
  value: ChatSettingsValues;
  onChange: (patch: Partial<ChatSettingsValues>) => void;
  /** Fields the edit form keeps in its own values (the voice), shown at the section's end. */
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const emojisId = useId();
  const actionsId = useId();
  useEffect(() => {
    if (window.location.hash === `#${CHAT_SETTINGS_ANCHOR}`) heading.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby={CHAT_SETTINGS_ANCHOR}
      className="space-y-6 border-t border-border pt-6"
    >
      <div>
        <h2
          ref={heading}
          id={CHAT_SETTINGS_ANCHOR}
          tabIndex={-1}
          className="scroll-mt-6 text-lg font-bold break-words"
        >
          How {name} chats
        </h2>
        <p className="mt-1 text-sm text-muted">What they do in every conversation with you.</p>
      </div>
      <SettingSwitch
        id={emojisId}
        label="Enable Emojis"
        checked={value.emojis}
        onCheckedChange={(emojis) => onChange({ emojis })}
      />
      <SettingSwitch
        id={actionsId}
        label="Enable Action Messages"
        hint="The character describes actions in italics above messages."
        checked={value.actionMessages}
        onCheckedChange={(actionMessages) => onChange({ actionMessages })}
      />
      <ChatStyleFields value={value} onChange={onChange} />
      {children}
    </section>
  );
}
