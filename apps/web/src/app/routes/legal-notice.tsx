import { LegalNoticePage } from '@/features/marketing/components/legal-pages';

export function LegalNoticeRoute() {
  return <LegalNoticePage />;
}

export default LegalNoticeRoute;
