import { ContactPage } from '@/features/marketing/components/contact-page';

export function ContactRoute() {
  return <ContactPage />;
}

export default ContactRoute;
