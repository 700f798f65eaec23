import { LegalPage } from './legal/LegalPage';
import { termsDocument } from './legal/terms-content';

export default function TermsPage() {
  return <LegalPage document={termsDocument} />;
}
