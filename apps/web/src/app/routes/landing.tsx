import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { LandingPage } from '@/features/marketing/components/landing-page';
import { useAuth } from '@/lib/auth';

/** "/": the landing for visitors; a signed-in user goes on to the client list (spec §2). */
export function LandingRoute() {
  const { user } = useAuth();
  if (user) return <Navigate to={paths.clients} replace />;
  return <LandingPage />;
}

export default LandingRoute;
