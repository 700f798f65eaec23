import { useState, type FormEvent } from 'react';
import {
  DEFAULT_MAINTENANCE_MESSAGE,
  MAINTENANCE_MESSAGE_MAX,
  type Maintenance,
} from '../../../../shared/site/contract';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/form';
import { SettingSwitch } from '../../../components/ui/setting-switch';
import { toast } from '../../../components/ui/toast';
import { messageOf } from '../console/access';
import { useSetMaintenance } from './site-api';

/** Pauses replies for everyone, with the message they see; the rest of the app keeps working. */
export function MaintenanceForm({
  current,
  readOnly,
}: {
  current: Maintenance;
  readOnly: boolean;
}) {
  const [enabled, setEnabled] = useState(current.enabled);
  const [message, setMessage] = useState(current.message);
  const save = useSetMaintenance();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { enabled, message },
      {
        onSuccess: (s) => toast({ title: s.maintenance.enabled ? 'Replies paused' : 'Replies on' }),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby="site-maintenance" className="space-y-4">
      <h3 id="site-maintenance" className="text-lg font-bold">
        Maintenance
      </h3>
      <fieldset disabled={readOnly} className="space-y-4">
        <SettingSwitch
          id="site-maintenance-on"
          label="Pause replies"
          hint="Conversations, sign-in and exports keep working."
          checked={enabled}
          onCheckedChange={setEnabled}
        />
        <Field id="site-maintenance-message" label="Message users see">
          <Textarea
            id="site-maintenance-message"
            value={message}
            maxLength={MAINTENANCE_MESSAGE_MAX}
            placeholder={DEFAULT_MAINTENANCE_MESSAGE}
            onChange={(e) => setMessage(e.target.value)}
            className="min-h-20"
          />
        </Field>
      </fieldset>
      {save.isError && (
        <p role="alert" className="text-sm text-error">
          {messageOf(save.error)}
        </p>
      )}
      {!readOnly && (
        <Button type="submit" className="h-11" pending={save.isPending}>
          Save maintenance
        </Button>
      )}
    </form>
  );
}
