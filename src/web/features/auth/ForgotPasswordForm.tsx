import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { passwordResetRequest, type PasswordResetRequest } from '../../../shared/account/contract';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { useRequestPasswordReset } from './auth-api';

/**
 * 'Forgot password?' in the sign-in tab: asks for a reset link by e-mail. The answer is the same
 * whether or not the address has an account, and the form says exactly that.
 */
export function ForgotPasswordForm({ email, onBack }: { email: string; onBack: () => void }) {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { email },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      setSent((await request.mutateAsync(values)).message);
    } catch (error) {
      toast({
        title: 'Could not send the link',
        description: error instanceof Error ? error.message : 'Please try again later.',
        variant: 'destructive',
      });
    }
  });

  return (
    <div className="space-y-4">
      <h3 className="text-base font-semibold">Reset your password</h3>
      {sent ? (
        <p role="status" className="rounded-lg border border-border bg-main p-3 text-sm">
          {sent}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-muted">
            Enter the email address of your account and we will send you a link to choose a new
            password.
          </p>
          <TextField
            id="reset-email"
            label="Email"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            required
            autoFocus
            placeholder="you@example.com"
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
