import { useRequestPasswordReset } from '../api/forgot-password';
import { EmailLinkForm, useEmailLinkTexts } from './email-link-form';

/** "Forgot your password?": e-mails a reset link. */
export function ForgotPasswordForm() {
  return <EmailLinkForm request={useRequestPasswordReset()} texts={useEmailLinkTexts('forgot')} />;
}
