import { PrivacyPage } from '@/features/marketing/components/legal-pages';

export function PrivacyRoute() {
  return <PrivacyPage />;
}

export default PrivacyRoute;
