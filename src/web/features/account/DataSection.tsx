import { Download } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { EXPORT_URL } from './account-api';
import { Section } from './Section';

/**
 * 'Download my data': everything the account holds. The server names the file (a zip, or the
 * JSON alone for an account with no conversation and no avatar) and the browser saves it.
 */
export function DataSection() {
  return (
    <Section
      id="account-data"
      title="Your data"
      description="A zip with everything in one JSON file (your profile, characters, conversations and every message, memories, feedback, themes, subscription and credit history), a readable Markdown copy of each conversation and your avatar images. With no conversations or avatars yet, just the JSON file."
    >
      <a href={EXPORT_URL} download className={buttonClass('secondary')}>
        <Download className="size-4" aria-hidden /> Download my data
      </a>
    </Section>
  );
}
