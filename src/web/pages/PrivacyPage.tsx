import { LegalPage } from '../features/legal/LegalPage';
import { privacyDocument } from '../features/legal/privacy-content';

export default function PrivacyPage() {
  return <LegalPage document={privacyDocument} />;
}
