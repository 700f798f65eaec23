import { LegalPage } from '../features/legal/LegalPage';
import { termsDocument } from '../features/legal/terms-content';

export default function TermsPage() {
  return <LegalPage document={termsDocument} />;
}
