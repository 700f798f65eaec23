import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { signInSchema, type SignInInput } from '../../../shared/auth/contract';
import { isAppRoute } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useSignIn } from './auth-api';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { GoogleSection } from './GoogleSection';
import { ResendVerification } from './ResendVerification';
import { readNewSession } from './read-new-session';
import { TwoFactorStep } from './TwoFactorStep';

/**
 * The Sign In tab: email and password, then the two-factor code where the account has one; the
 * forgotten-password form and a new verification mail from here.
 */
export function SignInForm({
  email = '',
  codeStep,
  onDone,
}: {
  email?: string;
  codeStep: boolean;
  onDone: () => void;
}) {
  const [location, navigate] = useLocation();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);
  const [step, setStep] = useState<'password' | 'code'>(codeStep ? 'code' : 'password');
  /** Why the form is back at the password: a timed-out code step, a suspended account. */
  const [notice, setNotice] = useState<string>();
  const [backFromCode, setBackFromCode] = useState(false);
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const signedIn = async () => {
    // Stuck reading the session, a reload opens the page signed in (the app for a public page).
    await readNewSession(() =>
      isAppRoute(location) ? window.location.reload() : window.location.assign('/chat'),
    );
    toast({ title: 'Welcome back!', description: 'Successfully signed in to your account.' });
    onDone();
    // Signed in from the landing page or another public page: on to the app. A page that asked
    // for the sign-in (membership, account, a conversation's link) stays.
    if (!isAppRoute(location)) navigate('/chat');
  };

  const submit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    setNotice(undefined);
    try {
      if ((await signIn.mutateAsync(values)) === 'code-needed') setStep('code');
      else await signedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ACCOUNT_SUSPENDED') {
        setNotice(error.message);
        return;
      }
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverifiedEmail(values.email);
      }
      toast({
        title: 'Sign in failed',
        description: error instanceof Error ? error.message : 'An error occurred during sign in.',
        variant: 'destructive',
      });
    }
  });

  if (step === 'code') {
    return (
      <TwoFactorStep
        onSignedIn={signedIn}
        onRestart={(message) => {
          setNotice(message);
          setStep('password');
          setBackFromCode(true);
          form.setValue('password', '');
        }}
      />
    );
  }
  if (forgot) {
    return <ForgotPasswordForm email={form.getValues('email')} onBack={() => setForgot(false)} />;
  }
  return (
    <div className="space-y-4">
      {notice && (
        <p role="alert" className="rounded-lg border border-error/60 bg-error/10 p-3 text-sm">
          {notice}
        </p>
      )}
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          id="signin-email"
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          {...form.register('email')}
        />
        <TextField
          id="signin-password"
          label="Password"
          error={errors.password?.message}
          type="password"
          autoComplete="current-password"
          required
          autoFocus={email !== '' || backFromCode}
          placeholder="Your password"
          {...form.register('password')}
        />
        <div className="-mt-2 flex justify-end">
          <button
            type="button"
            className="text-sm font-semibold text-accent underline-offset-2 hover:underline"
            onClick={() => setForgot(true)}
          >
            Forgot password?
          </button>
        </div>
        <Button type="submit" className="w-full" pending={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      {unverifiedEmail && <ResendVerification email={unverifiedEmail} />}
      <GoogleSection label="Sign in with Google" busy={isSubmitting} onStarted={onDone} />
    </div>
  );
}
