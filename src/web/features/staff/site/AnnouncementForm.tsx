import { useState, type FormEvent } from 'react';
import { ANNOUNCEMENT_MAX, type Announcement } from '../../../../shared/site/contract';
import { Button } from '../../../components/ui/button';
import { Field, TextField, Textarea } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { messageOf } from '../console/access';
import { isoToLocalInput, localInputToIso } from './local-time';
import { useSetAnnouncement } from './site-api';

/** The banner every signed-in user sees between its start and its end; taken down at will. */
export function AnnouncementForm({
  current,
  readOnly,
}: {
  current: Announcement | null;
  readOnly: boolean;
}) {
  const [text, setText] = useState(current?.text ?? '');
  const [start, setStart] = useState(isoToLocalInput(current?.startsAt));
  const [end, setEnd] = useState(isoToLocalInput(current?.endsAt));
  const save = useSetAnnouncement();
  const issues = save.error instanceof ApiError ? (save.error.issues ?? []) : [];
  const issueOf = (path: string) => issues.find((i) => i.path.endsWith(path))?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const announcement = { text, startsAt: localInputToIso(start), endsAt: localInputToIso(end) };
    save.mutate(announcement, { onSuccess: () => toast({ title: 'Announcement saved' }) });
  };
  const takeDown = () =>
    save.mutate(null, {
      onSuccess: () => {
        setText('');
        setStart('');
        setEnd('');
        toast({ title: 'Announcement taken down' });
      },
    });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="site-announcement" className="space-y-4">
      <h3 id="site-announcement" className="text-lg font-bold">
        Announcement
      </h3>
      <p className="text-sm text-muted">
        {current ? 'A banner is set.' : 'No banner is set.'} Times are in your time zone.
      </p>
      <fieldset disabled={readOnly} className="space-y-4">
        <Field id="site-announcement-text" label="Text" error={issueOf('text')}>
          <Textarea
            id="site-announcement-text"
            value={text}
            maxLength={ANNOUNCEMENT_MAX}
            onChange={(e) => setText(e.target.value)}
            className="min-h-20"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="site-announcement-start"
            label="Starts"
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            error={issueOf('startsAt')}
          />
          <TextField
            id="site-announcement-end"
            label="Ends"
            type="datetime-local"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={issueOf('endsAt')}
          />
        </div>
      </fieldset>
      {save.isError && !issueOf('text') && !issueOf('startsAt') && !issueOf('endsAt') && (
        <p role="alert" className="text-sm text-error">
          {messageOf(save.error)}
        </p>
      )}
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="h-11" pending={save.isPending}>
            Save announcement
          </Button>
          {current && (
            <Button
              variant="secondary"
              className="h-11"
              onClick={takeDown}
              pending={save.isPending}
            >
              Take it down
            </Button>
          )}
        </div>
      )}
    </form>
  );
}
