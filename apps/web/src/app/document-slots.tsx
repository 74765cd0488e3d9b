import { lazy, Suspense, type ReactNode } from 'react';
import { DocumentSlotsContext, type DocumentSlots } from '@/lib/document-slots';

// The documents' actions (their dialogs, the SES checks and texts in every language) are loaded
// where a screen shows them, not with the app's entry (decision 067).
const PdfActions = lazy(() =>
  import('@/features/documents/components/pdf-actions').then((module) => ({
    default: module.PdfActions,
  })),
);
const SesXmlSelectionButton = lazy(() =>
  import('@/features/documents/components/documents-toolbar').then((module) => ({
    default: module.SesXmlSelectionButton,
  })),
);

const slots: DocumentSlots = {
  pdfActions: (traveler, options) => (
    <Suspense fallback={null}>
      <PdfActions traveler={traveler} {...options} />
    </Suspense>
  ),
  selectionActions: (selected, establishments) => (
    <Suspense fallback={null}>
      <SesXmlSelectionButton selected={selected} establishments={establishments} />
    </Suspense>
  ),
};

/** Fills the document-action slots of the clients and admin screens. */
export function DocumentSlotsProvider({ children }: { children: ReactNode }) {
  return <DocumentSlotsContext value={slots}>{children}</DocumentSlotsContext>;
}
