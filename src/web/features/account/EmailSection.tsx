import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ACCOUNT_MESSAGES,
  changeEmailRequest,
  type ChangeEmailRequest,
} from '../../../shared/account/contract';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useChangeEmail } from './account-api';
import { Notice, Section } from './Section';

/** The address the account uses; a new one is used once its owner confirms it by mail. */
export function EmailSection({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ChangeEmailRequest>({
    resolver: zodResolver(changeEmailRequest),
    defaultValues: { newEmail: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(hasPassword ? values : { newEmail: values.newEmail });
      setSentTo(values.newEmail);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        // The password's own messages go under it; anything else is about the address.
        const aboutPassword =
          error.message === ACCOUNT_MESSAGES.wrongPassword ||
          error.message === ACCOUNT_MESSAGES.passwordForEmailChange;
        form.setError(aboutPassword ? 'password' : 'newEmail', { message: error.message });
        return;
      }
      toast({
        title: 'Could not change the email',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  });
  return (
    <Section
      id="account-email"
      title="Email address"
      description={
        <>
          You sign in and get mail at <strong className="break-all text-fg">{email}</strong>.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <TextField
          id="account-new-email"
          label="New email address"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.newEmail?.message}
          {...form.register('newEmail')}
        />
        {hasPassword && (
          <TextField
            id="account-email-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
        )}
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send confirmation link'}
        </Button>
      </form>
      {sentTo && (
        <Notice>
          {ACCOUNT_MESSAGES.emailChangeSent} ({sentTo})
        </Notice>
      )}
    </Section>
  );
}
