import { TermsPage } from '@/features/marketing/components/legal-pages';

export function TermsRoute() {
  return <TermsPage />;
}

export default TermsRoute;
