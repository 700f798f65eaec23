import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  ACCOUNT_MESSAGES,
  newPasswordForm,
  type NewPasswordForm,
} from '../../../shared/account/contract';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { SUBMIT_CHECK_WAIT_MS, usePasswordChecker } from '../auth/password-checker';
import { forgetSession } from '../auth/session';
import { useResetPassword } from './account-api';
import { NewPasswordFields } from './NewPasswordFields';

/**
 * The page the mailed link opens: a new password for the account whose token it carries. A used
 * or expired link says so and offers a new one.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [, navigate] = useLocation();
  const authDialog = useAuthDialog();
  const reset = useResetPassword();
  const checker = usePasswordChecker();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { newPassword: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (!token) return <InvalidLink onAsk={() => authDialog.open('signin')} />;

  const submit = form.handleSubmit(async ({ newPassword }) => {
    const verdict = await checker.check(newPassword, { email: '', name: '' }, SUBMIT_CHECK_WAIT_MS);
    if (verdict?.problem) {
      form.setError('newPassword', { message: verdict.problem }, { shouldFocus: true });
      return;
    }
    try {
      const { email } = await reset.mutateAsync({ newPassword, token });
      // Every session of the account has ended, this browser's too: nothing to read again.
      forgetSession();
      toast({
        title: 'Password changed',
        description: 'Sign in with your new password. Every device was signed out.',
      });
      navigate('/');
      // The account's address is filled in; the new password is all there is to type.
      authDialog.open('signin', { email });
    } catch (error) {
      const issue =
        error instanceof ApiError ? error.issues?.find((i) => i.path === 'newPassword') : undefined;
      if (issue) {
        form.setError('newPassword', { message: issue.message }, { shouldFocus: true });
        return;
      }
      toast({
        title: 'Could not change the password',
        description:
          error instanceof ApiError && error.status === 400
            ? ACCOUNT_MESSAGES.resetLinkInvalid
            : error instanceof Error
              ? error.message
              : 'Please try again.',
        variant: 'destructive',
      });
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 space-y-4 rounded-2xl border border-border bg-surface p-6"
    >
      <NewPasswordFields
        idPrefix="reset"
        register={form.register}
        control={form.control}
        errors={errors}
        checker={checker}
        personal={{ email: '', name: '' }}
      />
      <p className="text-sm text-muted">
        Every device signed in to your account will be signed out.
      </p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}

function InvalidLink({ onAsk }: { onAsk: () => void }) {
  return (
    <div className="mt-6 space-y-4 rounded-2xl border border-border bg-surface p-6" role="status">
      <p>{ACCOUNT_MESSAGES.resetLinkInvalid}</p>
      <Button onClick={onAsk}>Sign in or ask for a new link</Button>
    </div>
  );
}
