import type { ReactNode } from 'react';
import { SesXmlSelectionButton } from '@/features/documents/components/documents-toolbar';
import { PdfActions } from '@/features/documents/components/pdf-actions';
import { DocumentSlotsContext, type DocumentSlots } from '@/lib/document-slots';

const slots: DocumentSlots = {
  pdfActions: (traveler, options) => <PdfActions traveler={traveler} {...options} />,
  selectionActions: (selected, establishments) => (
    <SesXmlSelectionButton selected={selected} establishments={establishments} />
  ),
};

/** Fills the document-action slots of the clients and admin screens. */
export function DocumentSlotsProvider({ children }: { children: ReactNode }) {
  return <DocumentSlotsContext value={slots}>{children}</DocumentSlotsContext>;
}
