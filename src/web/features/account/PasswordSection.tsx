import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { newPasswordForm } from '../../../shared/account/contract';
import { Button } from '../../components/ui/button';
import { Checkbox, TextField } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { SUBMIT_CHECK_WAIT_MS, usePasswordChecker } from '../auth/password-checker';
import { useChangePassword } from './account-api';
import { NewPasswordFields } from './NewPasswordFields';
import { Section } from './Section';

const changePasswordForm = z.intersection(
  newPasswordForm,
  z.object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    signOutOthers: z.boolean(),
  }),
);
type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** A new password, given the current one; other devices are signed out unless kept. */
export function PasswordSection({
  hasPassword,
  email,
  name,
}: {
  hasPassword: boolean;
  email: string;
  name: string;
}) {
  const change = useChangePassword();
  // zxcvbn's dictionaries (about 800 KB) load when the user starts on the form, not with the page.
  const checker = usePasswordChecker({ onDemand: true });
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm) as never,
    defaultValues: { currentPassword: '', newPassword: '', confirm: '', signOutOthers: true },
  });
  const { errors, isSubmitting } = form.formState;

  if (!hasPassword) {
    return (
      <Section id="account-password" title="Password">
        <p className="text-sm text-muted">
          You sign in with Google. To sign in with a password as well, sign out and choose ‘Forgot
          password?’ in the sign-in window with this address.
        </p>
      </Section>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    const verdict = await checker.check(values.newPassword, { email, name }, SUBMIT_CHECK_WAIT_MS);
    if (verdict?.problem) {
      form.setError('newPassword', { message: verdict.problem }, { shouldFocus: true });
      return;
    }
    try {
      await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: values.signOutOthers,
      });
      form.reset();
      toast({
        title: 'Password changed',
        description: values.signOutOthers
          ? 'Your other devices were signed out.'
          : 'Your other devices stay signed in.',
      });
    } catch (error) {
      const issue = error instanceof ApiError ? error.issues?.[0] : undefined;
      if (issue?.path === 'newPassword') {
        form.setError('newPassword', { message: issue.message }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 400) {
        form.setError('currentPassword', { message: 'Your current password is not correct.' });
      } else {
        toast({
          title: 'Could not change the password',
          description: error instanceof Error ? error.message : 'Please try again.',
          variant: 'destructive',
        });
      }
    }
  });

  return (
    <Section id="account-password" title="Password">
      <form onSubmit={submit} onFocus={() => checker.start()} noValidate className="space-y-3">
        <TextField
          id="account-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields
          idPrefix="account"
          register={form.register as never}
          control={form.control as never}
          errors={errors}
          checker={checker}
          personal={{ email, name }}
        />
        <Checkbox label="Sign out my other devices" {...form.register('signOutOthers')} />
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Section>
  );
}
