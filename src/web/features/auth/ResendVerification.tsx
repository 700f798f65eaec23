import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { resendVerification } from './auth-api';

/** Shown when a sign-in was refused because the address is not verified yet. */
export function ResendVerification({ email }: { email: string }) {
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
