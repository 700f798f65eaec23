import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { AUTH_CONFIG_KEY, fetchAuthConfig, startGoogleSignIn } from './auth-api';

/** "Or continue with" Google, under both tabs; says so where the server has no Google sign-in. */
export function GoogleSection({
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
