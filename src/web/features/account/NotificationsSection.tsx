import { useEffect, useId } from 'react';
import type { NotificationSettings } from '../../../shared/notifications/contract';
import { DISCREET_NOTIFICATION } from '../../../shared/notifications/push-payload';
import { ApiError } from '../../lib/api';
import {
  useNotificationSettings,
  useSaveNotificationSettings,
} from '../notifications/notifications-api';
import { ThisDeviceSwitch } from '../notifications/ThisDeviceSwitch';
import { SettingSwitch } from '../../components/ui/setting-switch';
import { Section } from './Section';

/** The section's anchor: the check-ins on a character's page link to /account#notifications. */
export const NOTIFICATIONS_ANCHOR = 'notifications';

/**
 * Notifications (issue 52 part 2): this device's switch (the browser's permission and its push
 * subscription), then what the account is told on every device where they are on.
 */
export function NotificationsSection() {
  // The sections arrive after the page: the browser's own jump to the anchor came too early.
  useEffect(() => {
    if (window.location.hash === `#${NOTIFICATIONS_ANCHOR}`) {
      document.getElementById(NOTIFICATIONS_ANCHOR)?.scrollIntoView();
    }
  }, []);
  return (
    <Section
      id={NOTIFICATIONS_ANCHOR}
      title="Notifications"
      description="Be told when a reply is ready or a character writes first, even when this page is closed."
    >
      <ThisDeviceSwitch />
      <div className="space-y-4 border-t border-border pt-4">
        <p className="text-sm text-muted">On every device where notifications are on:</p>
        <NotificationSettingsFields />
      </div>
    </Section>
  );
}

function NotificationSettingsFields() {
  const repliesId = useId();
  const previewsId = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  if (settings.isError) {
    return <p className="text-sm text-muted">Could not load these settings. Reload the page.</p>;
  }
  // While a change is saved, the switches show it; the server's answer replaces it. Both off
  // (and disabled) while they load.
  const value: NotificationSettings = (save.isPending ? save.variables : settings.data) ?? {
    replies: false,
    previews: false,
  };
  const change = (patch: Partial<NotificationSettings>) => save.mutate({ ...value, ...patch });
  const disabled = settings.isPending;
  const busy = save.isPending;
  return (
    <>
      <SettingSwitch
        id={repliesId}
        label="Tell me when a reply is ready"
        hint="When a character answers while this page is in the background or closed."
        checked={value.replies}
        disabled={disabled}
        busy={busy}
        onCheckedChange={(replies) => change({ replies })}
      />
      <SettingSwitch
        id={previewsId}
        label="Show the character's name and the first words"
        hint={`While this is off, a notification says only '${DISCREET_NOTIFICATION.reply}': nothing of your conversations shows on a lock screen or to anyone nearby.`}
        checked={value.previews}
        disabled={disabled}
        busy={busy}
        onCheckedChange={(previews) => change({ previews })}
      />
      {save.isError && (
        <p role="alert" className="text-sm text-error">
          Could not save:{' '}
          {save.error instanceof ApiError
            ? save.error.message
            : 'check your connection, then try again.'}
        </p>
      )}
    </>
  );
}
