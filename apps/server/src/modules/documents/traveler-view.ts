/**
 * The one mapping from database rows to the view model of the registration documents: the PDF
 * (lib/pdf), the SES.HOSPEDAJES files (lib/ses, with the pre-flight of @hospes/shared) and the
 * export all read a TravelerView, so a field shows the same value in each of them.
 */
import type { TravelerSource } from '@hospes/shared/travelers';
import type { SesEstablishment, SesTraveler } from '@hospes/shared/ses-preflight';
import { daysOfStay } from '@hospes/shared/stay';
import type { EstablishmentRow, TravelerDbRow } from '../../db/schema';
import type { PdfEstablishment, PdfTraveler } from '../../lib/pdf/registration-pdf';
import { formatReportNumber, recordFromRow, type TravelerRecord } from '../travelers';

/** A traveler as the documents show it: every field of the record (spec §3 names) and more. */
export interface TravelerView extends Omit<TravelerRecord, 'establishmentId'> {
  id: string;
  establishmentId: string;
  establishmentName: string;
  /** `2026/000123`; null only for a row inserted outside the API and not numbered yet. */
  reportNumber: string | null;
  source: TravelerSource;
  daysOfStay: number;
  /** ISO instant. */
  createdAt: string;
}

export type EstablishmentView = SesEstablishment & PdfEstablishment & { id: string };

export function toTravelerView(
  row: TravelerDbRow,
  establishmentName: string,
  today: string,
): TravelerView {
  // Object.assign, not a spread: an export maps 100,000 rows, and V8 keeps the objects a spread
  // of this size builds long enough to triple the heap's peak (measured: 75 → 230 MB).
  return Object.assign(recordFromRow(row), {
    id: row.id,
    establishmentName,
    reportNumber: formatReportNumber(row.reportYear, row.reportSeq),
    source: row.source === 'import' ? ('import' as const) : ('registration' as const),
    daysOfStay: daysOfStay(row.entryDate, row.checkOutDate, today),
    createdAt: row.createdAt.toISOString(),
  });
}

/**
 * Whether an establishment's PDFs print the document images: asked for, and photos are kept at
 * all. One that stopped keeping them (decision 023) prints none, not even those stored before.
 */
export const printsDocumentImages = (row: EstablishmentRow) =>
  row.includeDocumentImagesInPdf && row.keepDocumentImages;

export function toEstablishmentView(row: EstablishmentRow): EstablishmentView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    nif: row.nif,
    address: row.address,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    phone: row.phone,
    establishmentCode: row.establishmentCode,
    authority: row.authority,
    includeDocumentImagesInPdf: printsDocumentImages(row),
  };
}

/**
 * The traveler as SES.HOSPEDAJES gets it. A walk-in (no contract reference) has no contract of
 * its own: its report number is the `referencia` and its entry date the `fechaContrato`
 * (decision 013). The payment type is never made up: without one the pre-flight refuses the file.
 */
export function toSesTraveler(view: TravelerView): SesTraveler {
  const stay = view.stay;
  const walkIn = !stay.contractReference?.trim();
  return {
    ...view,
    stay: walkIn
      ? {
          ...stay,
          contractReference: view.reportNumber,
          contractDate: stay.contractDate ?? view.entryDate,
        }
      : stay,
  };
}

/**
 * The traveler as the registration PDF gets it, with its decrypted images. Its contract is the
 * one SES.HOSPEDAJES gets (toSesTraveler): a walk-in's sheet prints its report number as the
 * contract reference and its entry date as the contract date, so register and communication agree.
 */
export function toPdfTraveler(
  view: TravelerView,
  images: { signature: Buffer | null; documents: Buffer[] },
): PdfTraveler {
  return {
    ...view,
    stay: toSesTraveler(view).stay,
    signatureImage: images.signature,
    documentImages: images.documents,
  };
}
