import { createContext, useContext, type ReactNode } from 'react';
import type { Traveler } from '@hospes/shared/travelers';

/**
 * Places where the registration-document actions (features/documents) appear inside other
 * features' screens. Features do not import each other, so the app fills these slots
 * (app/document-slots.tsx); without a provider (component tests) they render nothing.
 */
export interface DocumentSlots {
  /** Download PDF and Send by e-mail for one traveler. */
  pdfActions?: (
    traveler: Traveler,
    options?: { failureToast?: string; className?: string },
  ) => ReactNode;
  /** Actions on the travelers selected in the client list (send to SES, or the XML). */
  selectionActions?: (
    selected: readonly Traveler[],
    establishments: ReadonlyArray<{ id: string; name: string }>,
  ) => ReactNode;
}

export const DocumentSlotsContext = createContext<DocumentSlots>({});

export function useDocumentSlots(): DocumentSlots {
  return useContext(DocumentSlotsContext);
}
