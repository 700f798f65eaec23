import { checkPassword } from '../../../shared/password-rule';
import type { StrengthReply, StrengthRequest } from './password-checker';

// zxcvbn and its dictionaries live here, off the main thread and out of every page's download
// until a form that chooses a password opens (see password-checker.ts).
addEventListener('message', (event: MessageEvent<StrengthRequest>) => {
  const { id, password, email, name } = event.data;
  const reply: StrengthReply = { id, ...checkPassword(password, { email, name }) };
  postMessage(reply);
});
