import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  PASSWORD_HINT,
  signInSchema,
  signUpSchema,
  type SignInInput,
  type SignUpInput,
} from '../../../shared/auth/contract';
import { isAppRoute } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, TextField } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import {
  AUTH_CONFIG_KEY,
  fetchAuthConfig,
  resendVerification,
  signUpWithEmail,
  startGoogleSignIn,
  useSignIn,
} from './auth-api';
import type { AuthTab } from './auth-tabs';
import { SUBMIT_CHECK_WAIT_MS, usePasswordChecker, usePasswordStrength } from './password-checker';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { readBrand } from '../../lib/brand';
import { refreshSession } from './session';
import { TwoFactorStep } from './TwoFactorStep';

const TAB_CLASS =
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-muted data-[state=active]:bg-accent-strong data-[state=active]:text-on-accent';

export default function AuthDialog({
  initialTab,
  email,
  codeStep = false,
  onClose,
}: {
  initialTab: AuthTab;
  /** The sign-in form's address, filled in (the password field then has the focus). */
  email?: string;
  /** Starts at the two-factor code step: the password (or Google) was already accepted. */
  codeStep?: boolean;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Welcome to ${readBrand().name} AI`}
      description="Your companions are waiting. Sign in or create an account to continue."
    >
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as AuthTab)}>
        <Tabs.List className="flex gap-1 rounded-lg bg-main p-1" aria-label="Sign in or sign up">
          <Tabs.Trigger value="signin" className={TAB_CLASS}>
            Sign In
          </Tabs.Trigger>
          <Tabs.Trigger value="signup" className={TAB_CLASS}>
            Sign Up
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="signin" className="mt-4">
          <SignInForm email={email} codeStep={codeStep} onDone={onClose} />
        </Tabs.Content>
        <Tabs.Content value="signup" className="mt-4">
          <SignUpForm onDone={onClose} />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}

function SignInForm({
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
    await refreshSession();
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
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      {unverifiedEmail && <ResendVerification email={unverifiedEmail} />}
      <GoogleSection label="Sign in with Google" busy={isSubmitting} onStarted={onDone} />
    </div>
  );
}

function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const resend = async () => {
    setState('sending');
    try {
      await resendVerification(email);
      setState('sent');
      toast({ title: 'Verification email sent', description: `Check the inbox of ${email}.` });
    } catch (error) {
      setState('idle');
      toast({
        title: 'Could not send the email',
        description: error instanceof Error ? error.message : 'Please try again later.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm" role="status">
      <p>Your email address is not verified yet. Open the link we emailed you, or get a new one.</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        disabled={state !== 'idle'}
        onClick={resend}
      >
        {state === 'sending'
          ? 'Sending...'
          : state === 'sent'
            ? 'Email sent'
            : 'Resend verification email'}
      </Button>
    </div>
  );
}

function SignUpForm({ onDone }: { onDone: () => void }) {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '' } as Partial<SignUpInput>,
  });
  const { errors, isSubmitting } = form.formState;
  // The strength rule loads in a worker now that the sign-up form is open, not with the page.
  const checker = usePasswordChecker();
  const [password = '', email = '', name = ''] = useWatch({
    control: form.control,
    name: ['password', 'email', 'name'],
  });
  const strength = usePasswordStrength(checker, password, { email, name });

  const submit = form.handleSubmit(async (values) => {
    // Without an answer in time the server judges the password and its message is shown.
    const verdict = await checker.check(values.password, values, SUBMIT_CHECK_WAIT_MS);
    if (verdict?.problem) {
      form.setError('password', { message: verdict.problem }, { shouldFocus: true });
      return;
    }
    try {
      await signUpWithEmail(values);
      toast({ title: 'Account created!', description: 'Check your email to verify your account.' });
      onDone();
    } catch (error) {
      const fieldIssues = (error instanceof ApiError ? (error.issues ?? []) : []).filter(
        (issue) => issue.path in values,
      );
      for (const issue of fieldIssues) {
        form.setError(issue.path as keyof SignUpInput, { message: issue.message });
      }
      if (fieldIssues.length > 0) return;
      toast({
        title: 'Sign up failed',
        description: error instanceof Error ? error.message : 'An error occurred during sign up.',
        variant: 'destructive',
      });
    }
  });

  const passwordError = errors.password?.message;
  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          id="signup-name"
          label="Name (optional)"
          error={errors.name?.message}
          autoComplete="name"
          placeholder="What should we call you?"
          {...form.register('name')}
        />
        <TextField
          id="signup-email"
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          {...form.register('email')}
        />
        <Field id="signup-password" label="Password" error={passwordError} hint={PASSWORD_HINT}>
          <Input
            id="signup-password"
            type="password"
            autoComplete="new-password"
            required
            placeholder="Create a password"
            aria-invalid={Boolean(passwordError)}
            aria-describedby={
              passwordError
                ? 'signup-password-error signup-password-strength'
                : 'signup-password-strength'
            }
            {...form.register('password')}
          />
          <PasswordStrengthMeter
            id="signup-password-strength"
            check={strength}
            error={passwordError}
          />
        </Field>
        <Consent
          id="signup-terms"
          error={errors.acceptTerms?.message}
          register={form.register('acceptTerms')}
        >
          I am at least 18 years old and I accept the{' '}
          <a
            href="/terms-and-conditions"
            target="_blank"
            rel="noopener noreferrer"
            className="text-accent underline"
          >
            Terms &amp; Conditions
          </a>
        </Consent>
        <Consent
          id="signup-privacy"
          error={errors.acceptPrivacy?.message}
          register={form.register('acceptPrivacy')}
        >
          I have read and accept the{' '}
          <a
            href="/privacy-policy"
            target="_blank"
            rel="noopener noreferrer"
            className="text-accent underline"
          >
            Privacy Policy
          </a>
        </Consent>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <GoogleSection label="Sign up with Google" busy={isSubmitting} onStarted={onDone} />
    </div>
  );
}

function Consent({
  id,
  error,
  register,
  children,
}: {
  id: string;
  error: string | undefined;
  register: ReturnType<ReturnType<typeof useForm<SignUpInput>>['register']>;
  children: React.ReactNode;
}) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          required
          className="mt-0.5 size-4 accent-[var(--accent-strong)]"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register}
        />
        <label htmlFor={id} className="text-sm text-muted">
          {children}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}

function GoogleSection({
  label,
  busy,
  onStarted,
}: {
  label: string;
  busy: boolean;
  onStarted: () => void;
}) {
  const config = useQuery({ queryKey: AUTH_CONFIG_KEY, queryFn: fetchAuthConfig });
  const [starting, setStarting] = useState(false);
  const available = config.data?.google === true;

  const start = async () => {
    if (!config.data) return;
    setStarting(true);
    try {
      const url = await startGoogleSignIn(config.data.googleProviderId);
      onStarted();
      window.location.assign(url);
    } catch (error) {
      setStarting(false);
      toast({
        title: 'Authentication Error',
        description: error instanceof Error ? error.message : 'Failed to sign in with Google.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-muted uppercase" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        Or continue with
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        variant="secondary"
        className="w-full"
        disabled={!available || busy || starting}
        onClick={start}
        aria-describedby="google-note"
      >
        <GoogleMark />
        {label}
      </Button>
      <p id="google-note" className="text-center text-xs text-muted">
        {config.data && !available
          ? 'Google sign-in is not configured on this server.'
          : 'By continuing with Google you confirm you are 18 or older and accept our Terms and Privacy Policy.'}
      </p>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.9-5.5 3.9-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.3 14.6 2.3 12 2.3 6.6 2.3 2.3 6.6 2.3 12s4.3 9.7 9.7 9.7c5.6 0 9.3-3.9 9.3-9.5 0-.6-.1-1.1-.2-1.6H12z"
      />
    </svg>
  );
}
