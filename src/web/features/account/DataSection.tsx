import { Download } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { EXPORT_URL } from './account-api';
import { Section } from './Section';

/** 'Download my data': everything the account holds, as one file. */
export function DataSection() {
  return (
    <Section
      id="account-data"
      title="Your data"
      description="One file with your profile, characters, conversations and every message, memories, feedback, themes, subscription and credit history (a zip with your avatar images if you have uploaded any)."
    >
      <a href={EXPORT_URL} download className={buttonClass('secondary')}>
        <Download className="size-4" aria-hidden /> Download my data
      </a>
    </Section>
  );
}
