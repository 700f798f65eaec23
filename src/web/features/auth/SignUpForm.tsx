import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { PASSWORD_HINT, signUpSchema, type SignUpInput } from '../../../shared/auth/contract';
import { Button } from '../../components/ui/button';
import { Field, Input, TextField } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { signUpWithEmail } from './auth-api';
import { Consent } from './Consent';
import { GoogleSection } from './GoogleSection';
import { SUBMIT_CHECK_WAIT_MS, usePasswordChecker, usePasswordStrength } from './password-checker';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

/** The Sign Up tab: name, email, a password judged as it is typed, the age and the two consents. */
export function SignUpForm({ onDone }: { onDone: () => void }) {
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
        <Button type="submit" className="w-full" pending={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <GoogleSection label="Sign up with Google" busy={isSubmitting} onStarted={onDone} />
    </div>
  );
}
