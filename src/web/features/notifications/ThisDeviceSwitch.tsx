import { useId, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { readBrand } from '../../lib/brand';
import { useTurnOffPush, useTurnOnPush, usePushState } from './notifications-api';
import { permission, PushRefused, pushSupported, requestPermission } from './push';
import { SettingSwitch } from '../../components/ui/setting-switch';

/**
 * 'Notifications on this device': the one place that asks the browser's permission (issue 52
 * part 2), only when the user turns it on. Its state is whether this browser has a subscription.
 */
export function ThisDeviceSwitch() {
  const id = useId();
  const supported = pushSupported();
  const state = usePushState();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const busy = turnOn.isPending || turnOff.isPending;
  const checked = turnOn.isPending || (!turnOff.isPending && state.data === true);
  const change = (next: boolean) => {
    turnOn.reset();
    turnOff.reset();
    // Asked here, in the press's own handler: some browsers ask only then.
    if (next) turnOn.mutate(requestPermission());
    else turnOff.mutate();
  };
  const refused = turnOn.error instanceof PushRefused ? turnOn.error.problem : null;
  const blocked = refused === 'denied' || (supported && !checked && permission() === 'denied');
  return (
    <div className="space-y-3">
      <SettingSwitch
        id={id}
        label="Notifications on this device"
        hint="When a reply is ready while you are away, and when a character writes first. Your browser asks for permission when you turn this on."
        checked={checked}
        disabled={!supported || state.isPending}
        busy={busy}
        onCheckedChange={change}
      />
      {!supported || refused === 'unsupported' ? (
        <Problem>
          This browser cannot show notifications from {readBrand().name}. On an iPhone or iPad, add{' '}
          {readBrand().name} to your Home Screen (Share, then Add to Home Screen) and turn them on
          in the app opened from there.
        </Problem>
      ) : blocked ? (
        <Problem>
          Your browser blocks notifications from this site. To allow them again, open the
          site&apos;s settings (the icon to the left of the address, or your browser&apos;s
          Settings, Privacy and security, Site settings, Notifications), allow notifications for{' '}
          {window.location.host}, then turn this on again.
        </Problem>
      ) : refused === 'dismissed' ? (
        <Problem>
          Notifications were not allowed: the browser&apos;s question was closed. Turn this on again
          to be asked again.
        </Problem>
      ) : turnOn.isError ? (
        <Problem>
          Could not turn notifications on: {problemOf(turnOn.error)} Please try again.
        </Problem>
      ) : turnOff.isError ? (
        <Problem>
          Could not turn notifications off: {problemOf(turnOff.error)} Please try again.
        </Problem>
      ) : (
        turnOn.isSuccess && (
          <p role="status" className="text-sm text-muted">
            Notifications are on for this device.
          </p>
        )
      )}
    </div>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-warning/60 bg-main p-3 text-sm">
      {children}
    </p>
  );
}

/** A message ended with a full stop, so the next sentence reads as one. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The server's own words; the browser's (its push service's, a failed fetch's) are technical and
 * say nothing a user can act on.
 */
const problemOf = (error: Error) =>
  error instanceof ApiError
    ? sentence(error.message)
    : 'the browser or the connection did not answer.';
