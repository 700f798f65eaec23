import { LegalPage } from './legal/LegalPage';
import { privacyDocument } from './legal/privacy-content';

export default function PrivacyPage() {
  return <LegalPage document={privacyDocument} />;
}
