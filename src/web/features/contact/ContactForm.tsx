import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CONTACT_REASONS,
  contactSchema,
  type ContactInput,
} from '../../../shared/contact/contract';
import { Button } from '../../components/ui/button';
import { Field, Select, Textarea, TextField } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { sendContactMessage } from '../../../shared/contact/endpoints';
import { ApiError, call } from '../../lib/api';

const EMPTY: ContactInput = { name: '', email: '', reason: undefined, message: '' };

/**
 * 'Get in Touch': stored and e-mailed to the team, then 'Form submitted!' in the page (the spec's
 * browser alert blocked the page and said nothing more) and a fresh form. The confirmation is a
 * status message that takes the focus, so a screen reader reads it and the keyboard goes on from
 * it; it goes once the user writes again.
 */
export function ContactForm() {
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const send = useMutation({
    mutationFn: (body: ContactInput) => call(sendContactMessage, { body }),
  });
  const [sent, setSent] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  const submit = form.handleSubmit(async (values, event) => {
    setSent(false);
    try {
      await send.mutateAsync({ ...values, reason: values.reason || undefined });
      form.reset(EMPTY);
      // The reason select holds `undefined` in the form state, which react-hook-form leaves as
      // it is on screen: the native reset puts it back to 'Select a reason'.
      (event?.target as HTMLFormElement | undefined)?.reset();
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError && error.issues) {
        for (const issue of error.issues) {
          form.setError(issue.path as keyof ContactInput, { message: issue.message });
        }
      }
      toast({
        title: 'Message not sent',
        description: error instanceof Error ? error.message : 'Please try again later.',
        variant: 'destructive',
      });
    }
  });

  return (
    <>
      {/* Always in the page, so the status is announced when its text arrives. */}
      <div role="status" ref={confirmation} tabIndex={-1} className="focus:outline-none">
        {sent && (
          <p
            className="mb-5 flex items-start gap-2 rounded-lg border border-success/60 bg-success/10 p-3 text-sm text-fg"
            data-testid="contact-sent"
          >
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span>
              <strong className="font-semibold">Form submitted!</strong> Thank you for writing: we
              will get back to you by email.
            </span>
          </p>
        )}
      </div>
      <form
        onSubmit={submit}
        onInput={() => setSent(false)}
        noValidate
        className="space-y-5"
        aria-labelledby="contact-title"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="contact-name"
            label="Name"
            error={errors.name?.message}
            autoComplete="name"
            required
            {...form.register('name')}
          />
          <TextField
            id="contact-email"
            label="Email"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            required
            {...form.register('email')}
          />
        </div>
        <Field id="contact-reason" label="Reason" error={errors.reason?.message}>
          <Select
            id="contact-reason"
            {...form.register('reason', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
          >
            <option value="">Select a reason</option>
            {CONTACT_REASONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="contact-message" label="Message" error={errors.message?.message}>
          <Textarea
            id="contact-message"
            required
            rows={6}
            placeholder="How can we help?"
            aria-invalid={Boolean(errors.message)}
            {...form.register('message')}
          />
        </Field>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </>
  );
}
