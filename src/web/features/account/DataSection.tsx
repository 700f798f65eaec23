import { Download, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { useExportData, useExporting } from './account-api';
import { Section } from './Section';

/**
 * 'Download my data': everything the account holds. The server names the file (a zip, or the
 * JSON alone for an account with no conversation and no avatar) and the browser saves it. While
 * the server makes it the button says so; a refusal (too many this hour, signed out) is shown in the
 * server's words under the button. One export at a time: a visit elsewhere and back still finds
 * it being made.
 */
export function DataSection() {
  const exportData = useExportData();
  const busy = useExporting();
  return (
    <Section
      id="account-data"
      title="Your data"
      description="A zip with everything in one JSON file (your profile, characters, conversations and every message, memories, feedback, themes, subscription and credit history), a readable Markdown copy of each conversation and your avatar images. With no conversations or avatars yet, just the JSON file."
    >
      <Button variant="secondary" pending={busy} onClick={() => exportData.mutate()}>
        {busy ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <Download className="size-4" aria-hidden />
        )}
        {busy ? 'Preparing your data…' : 'Download my data'}
      </Button>
      {exportData.isError && (
        <p role="alert" className="text-sm text-error">
          {exportData.error instanceof ApiError
            ? exportData.error.message
            : 'Your data could not be downloaded: the connection did not answer. Please try again.'}
        </p>
      )}
    </Section>
  );
}
