import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
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

/** 'Get in Touch': stored and e-mailed to the team, then 'Form submitted!' and a fresh form. */
export function ContactForm() {
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const send = useMutation({
    mutationFn: (body: ContactInput) => call(sendContactMessage, { body }),
  });

  const submit = form.handleSubmit(async (values, event) => {
    try {
      await send.mutateAsync({ ...values, reason: values.reason || undefined });
      window.alert('Form submitted!');
      form.reset(EMPTY);
      // The reason select holds `undefined` in the form state, which react-hook-form leaves as
      // it is on screen: the native reset puts it back to 'Select a reason'.
      (event?.target as HTMLFormElement | undefined)?.reset();
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
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="contact-title">
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
  );
}
