import { FeaturesPage } from '@/features/marketing/components/features-page';

export function FeaturesRoute() {
  return <FeaturesPage />;
}

export default FeaturesRoute;
