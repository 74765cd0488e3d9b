import { useRequestSignInLink } from '../api/sign-in-link';
import { EmailLinkForm, useEmailLinkTexts } from './email-link-form';

/** "E-mail me a sign-in link" (decision 049). */
export function SignInLinkForm() {
  return <EmailLinkForm request={useRequestSignInLink()} texts={useEmailLinkTexts('signInLink')} />;
}
