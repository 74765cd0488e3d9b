import { CookiesPage } from '@/features/marketing/components/legal-pages';

export function CookiesRoute() {
  return <CookiesPage />;
}

export default CookiesRoute;
